/**
 * Hindi in Chromium at 360×800: every screen opened in Hindi, looked at (screenshots
 * `80-hi-*`) and measured: `<html lang="hi">`, Devanagari on the screen, nothing wider than the
 * phone (no horizontal overflow), no button or heading whose text is cut. The borrower's own journey
 * in Hindi (switch on the login screen, sign in, verification, an application) is its own scenario.
 */
import type { Browser, Page } from 'playwright-core';
import { ORDER_STATE } from '../../machines/shared/order-states';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { application } from '../../i18n/hi/application';
import { authForm } from '../../i18n/hi/authForm';
import { bank } from '../../i18n/hi/bank';
import { common } from '../../i18n/hi/common';
import { contacts } from '../../i18n/hi/contacts';
import { face } from '../../i18n/hi/face';
import { kfs } from '../../i18n/hi/kfs';
import { kyc } from '../../i18n/hi/kyc';
import { lender } from '../../i18n/hi/lender';
import { login } from '../../i18n/hi/login';
import { loginText } from '../../i18n/en/login';
import { commonText } from '../../i18n/en/common';
import { orders } from '../../i18n/hi/orders';
import { product } from '../../i18n/hi/product';
import { upload } from '../../i18n/hi/upload';
import { appRunning, assert, consoleOrders, latestCode, newBorrowerPhone, newPhone, panFor, scenario, screenshot, type Sandbox, type StorageState } from './harness';
import { documentPhoto } from './images';
import { pick } from './application';
import { latestAadhaarOtp } from './verification';

/** The Hindi texts the journey looks for: the catalogue itself, so wording changes never break the test. */
const hi = { application, authForm, bank, common, contacts, face, kfs, kyc, lender, login, orders, product, upload };

export interface HindiContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
}

const MEERA = '9000000003';

/** A phone whose device remembers Hindi (the choice a borrower made earlier). */
async function hindiPhone(browser: Browser, baseUrl: string, storageState?: StorageState) {
  const phone = await newPhone(browser, baseUrl, storageState);
  await phone.context.addInitScript(() => localStorage.setItem('bw.lang', 'hi'));
  return phone;
}

/** What must hold on every screen in Hindi; returns the problems found. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.lang !== 'hi') problems.push(`<html lang> is '${document.documentElement.lang}'`);
    const text = document.body.innerText;
    if (!/[\u0900-\u097F]/.test(text)) problems.push('no Devanagari on the screen');
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) problems.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    for (const el of document.querySelectorAll<HTMLElement>('button, a.btn, h1, h2, .btn, label, [role="tab"]')) {
      if (el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      // Cut: its text is wider than its box and the box hides the rest.
      if (el.scrollWidth > el.clientWidth + 1 && (style.overflow === 'hidden' || style.overflowX === 'hidden' || style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap')) {
        problems.push(`cut: <${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}" (${el.scrollWidth}px in ${el.clientWidth}px)`);
      }
      const box = el.getBoundingClientRect();
      if (box.right > width + 1) problems.push(`off screen: <${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(box.right)}px`);
    }
    return problems;
  });
}

export function hindiScenarios({ sandbox, browser, signIn, noErrors }: HindiContext): void {
  /** Opens `path`, waits for its screen, checks the layout and takes `80-hi-<name>`. */
  async function look(page: Page, path: string, name: string, ready: (page: Page) => Promise<unknown>, problems: string[]) {
    await page.goto(path);
    await ready(page).catch(async (error: unknown) => {
      await screenshot(page, `80-hi-FAILED-${name}`);
      throw new Error(`${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (screenshot 80-hi-FAILED-${name})`);
    });
    // Loaded: no 'Loading…' left (a page that cannot load says so, which is checked too).
    await page
      .getByText(hi.common.loading)
      .first()
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => problems.push(`${path}: still loading after 10 s`));
    await page.waitForTimeout(300); // late content (About us, the lender block) settles
    for (const p of await layoutProblems(page)) problems.push(`${path}: ${p}`);
    await screenshot(page, `80-hi-${name}`);
  }
  const main = (page: Page) => page.locator('#root h1, #root h2, #root main').first().waitFor();

  scenario('hindi: every screen signed out, in Hindi, fits 360 px', async () => {
    const { page, context, errors } = await hindiPhone(browser, sandbox.url);
    const problems: string[] = [];
    await look(page, '/login', 'login', (p) => p.getByRole('button', { name: 'लॉग इन करें' }).waitFor(), problems);
    await look(page, '/download', 'download', main, problems);
    await look(page, '/alert', 'alert', main, problems);
    await look(page, '/verify/contact2', 'contact2', main, problems);
    await look(page, '/rate', 'rate', main, problems);
    await look(page, '/joint', 'joint', main, problems);
    assert(problems.length === 0, `Hindi screens:\n${problems.join('\n')}`);
    noErrors(errors.filter((e) => !/no-shell|native shell/i.test(e)));
    await context.close();
  });

  scenario('hindi: every screen of a borrower with loans, in Hindi, fits 360 px', async () => {
    // Signed in once (in English, by the harness), then the same device opened in Hindi.
    const first = await newPhone(browser, sandbox.url);
    await first.page.goto('/login');
    await signIn(first.page, MEERA);
    await first.page.waitForURL((u) => u.pathname === '/');
    const state = await first.context.storageState();
    await first.context.close();
    const { page, context, errors } = await hindiPhone(browser, sandbox.url, state);
    const problems: string[] = [];
    const orders = await consoleOrders(sandbox.url, MEERA);
    const byState = (s: number) => orders.find((o) => o.state === s)?.orderId;
    const pages: [string, string][] = [
      ['/', 'home'],
      ['/personal', 'account'],
      ['/personal/aboutus', 'about'],
      ['/personal/help', 'help'],
      ['/schedule', 'schedule-list'],
      ['/product/1', 'product'],
      // Meera has an open loan on every product: precheck 2 replaces the confirmation with Loan History, which says why.
      ['/product/1/detail', 'orders-blocked'],
      ['/product/1/schedule', 'schedule-apply'],
      ['/bank?pid=1', 'bank-list'],
      ['/bank/add?pid=1', 'bank-add'],
      ['/bank/ifsc?pid=1', 'ifsc'],
      ['/orders', 'orders'],
      ['/product/1/denied?day=3&hour=4', 'denied'],
      ['/no-such-page', 'not-found'],
    ];
    const pass = byState(ORDER_STATE.pass);
    const auditing = byState(ORDER_STATE.auditing);
    const loaned = byState(ORDER_STATE.loaned);
    const overdue = byState(ORDER_STATE.overdued);
    if (pass) pages.push([`/orders/${pass}/confirm`, 'order-confirm'], [`/orders/${pass}/kfs`, 'order-kfs']);
    if (auditing) pages.push([`/orders/${auditing}/audit`, 'order-audit']);
    if (loaned) pages.push([`/orders/${loaned}/detail`, 'order-loaned']);
    if (overdue) pages.push([`/orders/${overdue}/detail`, 'order-overdue'], [`/orders/${overdue}/extension`, 'extension']);
    for (const [path, name] of pages) await look(page, path, name, main, problems);
    assert(problems.length === 0, `Hindi screens:\n${problems.join('\n')}`);
    noErrors(errors);
    await context.close();
  });

  scenario('hindi: no English frame on a slow network, on a load in Hindi and on switching', async () => {
    // A device that remembers Hindi opens a screen the app draws from the start (/alert has no
    // prerender) and the prerendered /login (the server sends its Hindi page: the app's language
    // cookie), its files from the service worker: no frame may show English while its Hindi is on its way.
    const first = await hindiPhone(browser, sandbox.url);
    await first.page.goto('/login');
    await first.page.getByRole('button', { name: hi.login.logIn }).waitFor({ timeout: 30_000 });
    await first.page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    await first.context.addInitScript(RECORD_FRAMES);
    await slowNetwork(first.page);
    for (const path of ['/alert', '/login']) {
      await first.page.goto(path);
      await first.page.locator('#root[data-taken-over="1"] h1').first().waitFor({ timeout: 30_000 });
      await screenshot(first.page, `80-hi-slow-load${path.replace('/', '-')}`);
      const frames = await framesOf(first.page);
      assert(frames.some(hindiShown), `${path}: never showed Hindi`);
      const english = frames.find((frame) => englishIn(frame).length > 0);
      assert(!english, `${path}: a frame of the load in Hindi showed English: ${english}`);
    }
    noErrors(first.errors);
    await first.context.close();

    // Switching: an English borrower taps हिन्दी; the screen stays English until its Hindi is in.
    const second = await newPhone(browser, sandbox.url);
    await second.page.goto('/login');
    await appRunning(second.page);
    await slowNetwork(second.page);
    await second.page.evaluate(RECORD_FRAMES);
    await second.page.getByRole('button', { name: hi.common.languageHindi }).click();
    await second.page.getByRole('button', { name: hi.login.logIn }).waitFor({ timeout: 30_000 });
    await screenshot(second.page, '80-hi-slow-switch');
    const frames = await framesOf(second.page);
    const firstHindi = frames.findIndex(hindiShown);
    assert(firstHindi >= 0, 'the switch never showed Hindi');
    const mixed = frames.slice(firstHindi).find((frame) => englishIn(frame).length > 0);
    assert(!mixed, `after the switch, a frame showed English: ${mixed}`);
    assert(frames.slice(0, firstHindi).every((frame) => englishIn(frame).length > 0), 'before its Hindi was in, the screen was not whole in English');
    noErrors(second.errors);
    await second.context.close();
  });
}

/** Lighthouse's mobile network: 150 ms round trip, 1.6 Mbps down, 750 Kbps up. */
async function slowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

/**
 * Records what each painted frame shows: the visible text (innerText leaves out what is hidden) at
 * every animation frame, from the first one on. A string, so it runs as an init script and in a page.
 */
const RECORD_FRAMES = `(() => {
  const frames = (window.__frames = []);
  const tick = () => {
    const text = document.body ? document.body.innerText.replace(/\\s+/g, ' ').trim() : '';
    if (text && frames[frames.length - 1] !== text) frames.push(text);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const framesOf = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
/** The English of the sign-in screen and of what every screen shows (texts without placeholders). */
const LOGIN_ENGLISH = [...Object.values(loginText.en), ...Object.values(commonText.en)].filter(
  (text) => !text.includes('{') && !/[\u0900-\u097F]/.test(text) && text !== 'English' && text !== 'OK',
);
const englishIn = (frame: string) => LOGIN_ENGLISH.filter((text) => frame.includes(text));
const hindiShown = (frame: string) => /[\u0900-\u097F]/.test(frame.replaceAll(hi.common.languageHindi, ''));

// ---------------------------------------------------------------------------------------------
// The borrower's journey in Hindi
// ---------------------------------------------------------------------------------------------

/** `{name}` placeholders of a catalogue text turned into a pattern ('{seconds} सेकंड…' → /\d+ सेकंड…/). */
const pattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`);


export function hindiJourneyScenario({ sandbox, browser, noErrors }: HindiContext): void {
  scenario('hindi: a borrower switches to Hindi on the login screen, signs in, goes through verification and applies, all in Hindi', async () => {
    const phone10 = newBorrowerPhone();
    const setup = await fetch(`${sandbox.url}/sandbox/api/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `91${phone10}`, kycVariant: 'otp', stepOrder: ['identity', 'face', 'basic', 'work', 'contacts'] }),
    });
    assert(setup.ok, `the sandbox set up the borrower (${setup.status})`);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const shot = (name: string) => screenshot(page, `81-hi-journey-${name}`);

    // The login screen in English first; the borrower switches.
    await page.goto('/login');
    await appRunning(page);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.getByRole('button', { name: hi.common.languageHindi }).click();
    await page.getByRole('button', { name: hi.login.logIn }).waitFor();
    assert((await page.evaluate(() => document.documentElement.lang)) === 'hi', '<html lang="hi">');
    await shot('01-login');
    await page.getByLabel(hi.login.phoneLabel).fill(phone10);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: hi.login.sendCode }).click();
    await page.getByRole('button', { name: pattern(hi.login.resendIn) }).waitFor();
    await page.getByLabel(hi.login.codeLabel).fill(await latestCode(sandbox.url, phone10));
    await page.getByRole('button', { name: hi.login.logIn }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await shot('02-home');

    // The product, then verification.
    await page.goto('/product/1');
    await page.getByRole('link', { name: hi.product.applyNow }).click();
    await page.waitForURL((u) => u.pathname === '/auth/identity', { timeout: 20_000 });
    await page.getByText(hi.common.step.replace('{step}', '1').replace('{total}', '5')).waitFor();
    const aadhaarBase = `3${phone10}`;
    const aadhaar = `${aadhaarBase}${verhoeffCheckDigit(aadhaarBase)}`;
    await page.getByLabel(hi.kyc.aadhaarLabel, { exact: true }).fill(aadhaar);
    await page.getByRole('button', { name: hi.kyc.verify, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: hi.kyc.otpTitle });
    await dialog.getByRole('button', { name: pattern(hi.kyc.resendIn) }).waitFor();
    await shot('03-kyc-otp');
    await dialog.getByLabel(hi.kyc.otpLabel, { exact: true }).fill(await latestAadhaarOtp(sandbox.url, phone10));
    await dialog.getByRole('button', { name: hi.kyc.verifyOtp }).click();
    await page.getByText(hi.kyc.verified).first().waitFor();
    await page.getByLabel(hi.kyc.panLabel, { exact: true }).fill(panFor(phone10).toLowerCase());
    await shot('04-kyc');
    await page.getByRole('button', { name: hi.kyc.submit }).click();

    await page.waitForURL((u) => u.pathname === '/auth/face', { timeout: 20_000 });
    await page.getByRole('button', { name: hi.face.agree }).click();
    await page.getByRole('group', { name: hi.face.photoLabel }).locator('input[type=file]').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: documentPhoto(7) });
    await page.getByRole('group', { name: hi.face.photoLabel }).getByText(hi.upload.uploaded, { exact: true }).waitFor({ timeout: 30_000 });
    await shot('05-face');
    await page.getByRole('button', { name: hi.face.continue }).click();
    await page.getByRole('heading', { name: hi.face.passedTitle }).waitFor();
    await shot('06-face-result');
    await page.getByRole('link', { name: hi.face.continue }).click();

    // Basic and work: the labels and choices are the sandbox's, in Hindi (Accept-Language).
    for (const [path, name] of [
      ['/auth/basic', '07-basic'],
      ['/auth/work', '08-work'],
    ] as const) {
      await page.waitForURL((u) => u.pathname === path, { timeout: 20_000 });
      await page.locator('select').first().waitFor();
      assert(/[\u0900-\u097F]/.test(await page.locator('label').first().innerText()), `${path}: the sandbox's field labels are in Hindi`);
      for (let round = 0; round < 2; round++) {
        for (const select of await page.locator('select').all()) {
          if ((await select.inputValue()) === '' && (await select.locator('option').count()) > 1) await select.selectOption({ index: 1 });
        }
        await page.waitForTimeout(300); // the districts of the state chosen
      }
      for (const input of await page.locator('input[type=text], input[type=email], input:not([type]), input[inputmode=numeric]').all()) {
        if ((await input.inputValue()) !== '') continue;
        const mode = await input.getAttribute('inputmode');
        const type = await input.getAttribute('type');
        await input.fill(type === 'email' ? 'borrower@example.com' : mode === 'numeric' ? (path === '/auth/basic' ? '560001' : '45000') : 'Bengaluru');
      }
      await shot(name);
      await page.getByRole('button', { name: hi.authForm.submit }).click();
    }

    await page.waitForURL((u) => u.pathname === '/auth/contacts', { timeout: 20_000 });
    const relations = page.getByLabel(hi.contacts.relationLabel, { exact: true });
    await relations.first().waitFor();
    const people = ['9876501234', '9876501235', '9876501236'];
    for (let i = 0; i < 3; i++) {
      await relations.nth(i).selectOption({ index: i + 1 });
      await page.getByLabel(hi.contacts.nameLabel, { exact: true }).nth(i).fill(['ravi', 'priya', 'amit'][i]!);
      await page.getByLabel(hi.contacts.mobileLabel, { exact: true }).nth(i).fill(people[i]!);
    }
    await shot('09-contacts');
    await page.getByRole('button', { name: hi.contacts.submit }).click();

    // The confirmation, in Hindi: a bank account, the KFS, APPLY NOW.
    await page.waitForURL((u) => u.pathname === '/product/1/detail', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: hi.application.title }).waitFor();
    await page.getByRole('region', { name: hi.kfs.title }).waitFor();
    await shot('10-confirm');
    await page.getByRole('link', { name: hi.lender.bankAdd }).click();
    await page.waitForURL((u) => u.pathname === '/bank/add');
    await page.getByLabel(hi.bank.accountLabel, { exact: true }).fill('50100234567890');
    await page.getByLabel(hi.bank.confirmLabel, { exact: true }).fill('50100234567890');
    await page.getByRole('link', { name: hi.bank.findIfsc }).click();
    await page.getByRole('heading', { name: hi.bank.bankHeading }).waitFor();
    await pick(page, hi.bank.bankSearch, 'hdfc', 'HDFC Bank');
    await pick(page, hi.bank.stateSearch, 'karn', 'Karnataka');
    await pick(page, hi.bank.citySearch, 'beng', 'Bengaluru');
    await page.getByLabel(hi.bank.branchSearch).fill('mg road');
    await shot('11-ifsc');
    await page.getByRole('button', { name: /MG Road/ }).first().click();
    await page.waitForURL((u) => u.pathname === '/bank/add' && (u.searchParams.get('ifsc_code') ?? '') !== '');
    await shot('12-bank-add');
    await page.getByRole('button', { name: hi.bank.save }).click();
    await page.waitForURL((u) => u.pathname === '/product/1/detail' && (u.searchParams.get('bank_id') ?? '') !== '');
    const kfs = page.getByRole('region', { name: hi.kfs.title });
    await kfs.getByRole('checkbox').waitFor();
    assert(/[\u0900-\u097F]/.test(await kfs.innerText()), 'the Key Fact Statement is in Hindi');
    await page.screenshot({ path: '.e2e/screens/81-hi-journey-13-confirm-full.png', fullPage: true });
    await kfs.getByRole('checkbox').check();
    await page.getByRole('button', { name: hi.application.applyNow }).click();
    await page.waitForURL((u) => u.pathname === '/orders', { timeout: 10_000 });
    await page.getByRole('heading', { name: hi.orders.title }).waitFor();
    await shot('14-orders');
    noErrors(errors);
    await context.close();
  });
}
