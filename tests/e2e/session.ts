/**
 * End to end, the session and the device, in Chromium at 360×800:
 * - the language is a preference of the device: it survives two reloads of a signed-out page, Quit
 *   and another borrower's sign-in;
 * - the open routes stay open against a lender that wants a token everywhere (a second sandbox,
 *   started with SANDBOX_TOKEN_EVERYWHERE=1 once for these scenarios and stopped after the run): a -4
 *   to a visitor without a token clears nothing and moves nowhere; sign-in still works, and so does
 *   the app after it;
 * - Quit asks 'Sign out?' first: Cancel (or Escape) keeps the session, Sign out ends it, by keyboard;
 * - the app's name last known is shown when About us does not answer: offline (the service worker's
 *   shell), failed, or a -4 on an open page; a device that never had an answer shows none.
 */
import type { Browser, Page } from 'playwright-core';
import { account as hiAccount } from '../../i18n/hi/account';
import { login as hiLogin } from '../../i18n/hi/login';
import { afterRun, appRunning, assert, latestCode, newBorrowerPhone, newPhone, scenario, screenshot, signInOn, startSandbox, type Sandbox } from './harness';

export interface SessionContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

const APP_NAME = 'Sandbox Loans';

/** The second sandbox, a lender that wants a token on every call but sign-in: started when first needed, once. */
let strict: Promise<Sandbox> | null = null;
function strictSandbox(): Promise<Sandbox> {
  if (!strict) {
    strict = startSandbox({ name: 'token-everywhere', env: { SANDBOX_TOKEN_EVERYWHERE: '1' } });
    afterRun(async () => (await strict)?.stop());
  }
  return strict;
}

/** The open routes (spec §2) and what shows that each one is on screen. */
const OPEN_ROUTES: [path: string, shown: (page: Page) => Promise<void>][] = [
  ['/login', (p) => p.getByLabel('Mobile number').waitFor()],
  ['/download', (p) => p.getByRole('link', { name: 'APPLY NOW' }).waitFor()],
  ['/alert', (p) => p.getByText('This product is only available to IOS users.').waitFor()],
  ['/verify/contact2', (p) => p.getByRole('link', { name: 'Add emergency contacts' }).waitFor()],
  ['/orders/audit?orderId=1', (p) => p.getByRole('heading', { name: 'In Auditing...' }).waitFor()],
  ['/joint', (p) => p.getByText('This page only works inside the app.').waitFor()],
  ['/rate', (p) => p.getByRole('button', { name: 'Evaluate Us' }).waitFor()],
];

/** What the app answered each /api1 call with: the envelope's code, by path. */
function recordCodes(page: Page): { path: string; code: number | null }[] {
  const seen: { path: string; code: number | null }[] = [];
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api1/')) return;
    const body = (await r.json().catch(() => null)) as { code?: number } | null;
    seen.push({ path: url.pathname, code: typeof body?.code === 'number' ? body.code : null });
  });
  return seen;
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bw.')).sort());
const heading1 = (page: Page) => page.locator('#root h1').first();

/** Sign-in in Hindi, read from the Hindi catalogue (a wording change never breaks it). */
async function signInHindi(page: Page, sandboxUrl: string, phone10: string): Promise<void> {
  await page.getByLabel(hiLogin.phoneLabel).fill(phone10);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: hiLogin.sendCode }).click();
  await page.getByRole('button', { name: /सेकंड में फिर भेजें/ }).waitFor();
  await page.getByLabel(hiLogin.codeLabel).fill(await latestCode(sandboxUrl, phone10));
  await page.getByRole('button', { name: hiLogin.logIn }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** Waits until a service worker controls the page (the built app registers it after load). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

export function sessionScenarios({ sandbox, browser, noErrors }: SessionContext): void {
  /** The native shell is absent on /joint: its message is the page, not an error. */
  const pageErrors = (errors: string[]) => noErrors(errors.filter((e) => !/no-shell|native shell/i.test(e)));

  scenario('session: the language survives two reloads signed out (token everywhere), Quit and sign-in as another borrower', async () => {
    const lender = await strictSandbox();
    const { page, context, errors } = await newPhone(browser, lender.url);
    const codes = recordCodes(page);
    await page.goto('/login');
    await appRunning(page);
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('button', { name: hiLogin.sendCode }).waitFor();
    for (const time of ['first', 'second']) {
      await page.reload();
      await appRunning(page);
      await page.getByRole('button', { name: hiLogin.sendCode }).waitFor();
      await page.waitForLoadState('networkidle');
      assert((await page.evaluate(() => document.documentElement.lang)) === 'hi', `Hindi after the ${time} reload`);
      assert(new URL(page.url()).pathname === '/login', `still on /login after the ${time} reload (${page.url()})`);
    }
    assert(codes.some((c) => c.path.endsWith('/client/v1/about-us') && c.code === -4), 'About us answered -4 to the visitor (the lender wants a token)');
    assert((await storedKeys(page)).includes('bw.pref.lang'), 'the choice is stored as a preference');
    await screenshot(page, 'S1-login-hindi-after-two-reloads');

    await signInHindi(page, lender.url, newBorrowerPhone());
    await page.waitForURL((u) => u.pathname === '/');
    assert((await page.evaluate(() => document.documentElement.lang)) === 'hi', 'Hindi after signing in');
    await page.goto('/personal');
    await page.getByRole('button', { name: hiAccount.quit }).click();
    const question = page.getByRole('dialog', { name: hiAccount.quitQuestion });
    await question.waitFor();
    await screenshot(page, 'S1-quit-question-hindi');
    await question.getByRole('button', { name: hiAccount.signOut }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: hiLogin.sendCode }).waitFor();
    await page.reload();
    await appRunning(page);
    await page.getByRole('button', { name: hiLogin.sendCode }).waitFor();
    assert((await page.evaluate(() => document.documentElement.lang)) === 'hi', 'Hindi after Quit and a reload');

    await signInHindi(page, lender.url, newBorrowerPhone());
    await page.waitForURL((u) => u.pathname === '/');
    await page.reload();
    await page.locator('#root h1').first().waitFor();
    assert((await page.evaluate(() => document.documentElement.lang)) === 'hi', 'Hindi for another borrower on the same device');
    await screenshot(page, 'S1-home-hindi-another-borrower');
    noErrors(errors);
    await context.close();
  });

  scenario('session: every open route stays put for a visitor against a lender that wants a token everywhere; sign-in works, then the app', async () => {
    const lender = await strictSandbox();
    const { page, context, errors } = await newPhone(browser, lender.url);
    const codes = recordCodes(page);
    await page.addInitScript(() => {
      if (!localStorage.getItem('bw.pref.lang')) localStorage.setItem('bw.pref.lang', 'en');
    });
    for (const [path, shown] of OPEN_ROUTES) {
      const pathname = path.split('?')[0]!;
      // The page's last call comes about 3 s after its first screen (the country): wait for it too.
      const country = page.waitForResponse((r) => r.url().includes('/api1/system/get-country'), { timeout: 15_000 });
      await page.goto(path);
      await shown(page);
      await country;
      await page.waitForTimeout(300);
      assert(new URL(page.url()).pathname === pathname, `${path} stays on its route (now ${page.url()})`);
      await shown(page);
      const keys = await storedKeys(page);
      assert(keys.includes('bw.pref.lang') && !keys.includes('bw.token'), `${path}: nothing cleared, no session (${keys.join(', ')})`);
      await screenshot(page, `S2-open${pathname.replace(/\//g, '-')}`);
    }
    const refused = new Set(codes.filter((c) => c.code === -4).map((c) => c.path));
    for (const call of ['/api1/client/v1/about-us', '/api1/client/v1/config', '/api1/system/get-country', '/api1/client/v1/download-check']) {
      assert(refused.has(call), `${call} answered -4 to the visitor (answered: ${[...refused].join(', ')})`);
    }

    // A call the page makes still fails with the server's msg where the page shows errors: Refresh → 'Info'.
    await page.goto('/orders/audit?orderId=1');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const info = page.getByRole('dialog', { name: 'Info' });
    await info.getByText('Your session has expired. Please sign in again.').waitFor();
    await screenshot(page, 'S2-open-orders-audit-info');
    await info.getByRole('button', { name: 'OK' }).click();
    assert(new URL(page.url()).pathname === '/orders/audit', `the audit page stays (${page.url()})`);

    // Sign-in: sendCode and login answer; then the app works, and About us gives the name.
    await page.goto('/login');
    await signInOn(page, lender.url, newBorrowerPhone());
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Your loan offer' }).waitFor();
    await page.getByRole('heading', { level: 1, name: APP_NAME }).waitFor();
    await page.goto('/personal/aboutus');
    await page.locator('.prose h2').waitFor();
    await screenshot(page, 'S2-signed-in-about');

    // Signed out again, About us answers -4 on /login: the name it gave last is shown.
    await page.goto('/personal');
    await page.getByRole('button', { name: 'Quit' }).click();
    await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    const aboutRefused = page.waitForResponse((r) => r.url().includes('/api1/client/v1/about-us'));
    await page.reload();
    await appRunning(page);
    assert(((await (await aboutRefused).json()) as { code: number }).code === -4, 'About us answered -4');
    await page.getByRole('heading', { level: 1, name: APP_NAME }).waitFor();
    assert((await page.title()) === `Sign in · ${APP_NAME}`, `title "${await page.title()}"`);
    await screenshot(page, 'S2-login-name-last-known');
    pageErrors(errors);
    await context.close();
  });

  scenario("session: Quit asks 'Sign out?' — Escape and Cancel keep the session, Sign out ends it (keyboard)", async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/personal');
    await page.waitForURL(/\/login/);
    await signInOn(page, sandbox.url, newBorrowerPhone());
    await page.waitForURL('**/personal');
    const quit = page.getByRole('button', { name: 'Quit' });
    const question = page.getByRole('dialog', { name: 'Sign out?' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const signedIn = () => page.evaluate(() => localStorage.getItem('bw.token') !== null);

    await quit.focus();
    await page.keyboard.press('Enter');
    await question.waitFor();
    assert((await focused()) === 'Cancel', `Cancel has the focus first (focus on "${await focused()}")`);
    assert((await question.getAttribute('aria-labelledby')) !== null, 'the question names the dialog');
    await question.getByText('You will need a new code to sign in again.', { exact: false }).waitFor();
    await screenshot(page, 'S3-quit-question');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    assert(await signedIn(), 'Escape: still signed in');
    assert(new URL(page.url()).pathname === '/personal', 'Escape: still on Account');
    assert((await focused()) === 'Quit', `focus is back on Quit (on "${await focused()}")`);

    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Enter'); // Cancel, focused
    await question.waitFor({ state: 'hidden' });
    assert(await signedIn(), 'Cancel: still signed in');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your loan offer' }).waitFor();
    await page.goto('/personal');

    await quit.click();
    await question.waitFor();
    await page.keyboard.press('Tab');
    assert((await focused()) === 'Sign out', `Tab reaches Sign out (on "${await focused()}")`);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    const left = (await storedKeys(page)).filter((k) => !k.startsWith('bw.pref.'));
    assert(left.length === 0, `no session data is left: ${left.join(', ')}`);
    await page.goto('/personal');
    await page.waitForURL('**/login?redirect=%2Fpersonal');
    noErrors(errors);
    await context.close();
  });

  scenario("session: the app's name last known — offline home (the worker's shell), About us failing on sign-in; none on a new device", async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await signInOn(page, sandbox.url, newBorrowerPhone());
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { level: 1, name: APP_NAME }).waitFor();
    await controlled(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: /try again/i }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: APP_NAME }).waitFor();
    assert((await page.title()) === `Home · ${APP_NAME}`, `offline title "${await page.title()}"`);
    await screenshot(page, 'S4-home-offline-name-last-known');
    await context.setOffline(false);

    // Signed out, About us failing (the network refuses it): the sign-in heading and title keep the name.
    await page.goto('/personal');
    await page.getByRole('button', { name: 'Quit' }).click();
    await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await context.route('**/api1/client/v1/about-us', (route) => route.abort());
    await page.reload();
    await appRunning(page);
    await page.getByRole('heading', { level: 1, name: APP_NAME }).waitFor();
    assert((await page.title()) === `Sign in · ${APP_NAME}`, `title "${await page.title()}"`);
    await screenshot(page, 'S4-login-about-us-failed');
    noErrors(errors.filter((e) => !/ERR_FAILED|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)));
    await context.close();

    // A device About us never answered: no name, never a made-up one.
    const fresh = await newPhone(browser, sandbox.url);
    await fresh.context.route('**/api1/client/v1/about-us', (route) => route.abort());
    await fresh.page.goto('/login');
    await appRunning(fresh.page);
    await fresh.page.waitForLoadState('networkidle');
    const shown = await heading1(fresh.page).evaluate((h) => ({ text: h.textContent, hidden: h.querySelector('.visually-hidden') !== null }));
    assert(shown.text === 'Sign in' && shown.hidden, `no name on a new device: only the screen readers' 'Sign in' (heading "${shown.text}")`);
    assert((await fresh.page.title()) === 'Sign in', `title "${await fresh.page.title()}"`);
    await screenshot(fresh.page, 'S4-login-new-device-no-name');
    await fresh.context.close();
  });
}
