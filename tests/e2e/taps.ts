/**
 * End to end, in Chromium at 360×800, in English and in Hindi: a tap never seems to do nothing, and a
 * message never covers what it is about. Send code is busy within 100 ms of the tap, before and after
 * the app takes over; toasts, field refusals and 'Still trying…' cover no control they concern; the
 * Feedback button leaves who lends and Quit clear; no accessible name carries a decorative glyph.
 * Registered by run.ts.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { appRunning, assert, latestCode, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface TapsContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
  /** A phone signed in as `phone10` on `path` (run.ts reuses one sign-in per persona). */
  signedIn: (phone10: string, path?: string) => Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
}

type Lang = 'en' | 'hi';
const LANGS: readonly Lang[] = ['en', 'hi'];
const STILL_TRYING: Record<Lang, string> = { en: 'Still trying…', hi: 'कोशिश जारी है…' };
const EXPIRED: Record<Lang, string> = { en: 'Your session has expired. Please sign in again.', hi: 'आपका सेशन खत्म हो गया है। कृपया फिर से साइन इन करें।' };
const CHECK_FIELDS: Record<Lang, string> = { en: 'Please correct the highlighted fields.', hi: 'कृपया हाइलाइट किए गए फ़ील्ड ठीक करें।' };
const PIN_MESSAGE = 'PIN code must be 6 digits and cannot start with 0';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;
const show = (b: Box) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`;

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  assert(box, `${what} is laid out`);
  return box;
}

/**
 * The visible boxes of every control on screen (buttons, links, fields, summaries, labels), except those
 * inside `except`; the part of a control scrolled under the sticky page header is not visible, so not counted.
 */
const controlBoxes = (page: Page, except?: string) =>
  page.evaluate((skip) => {
    const header = document.querySelector('.screen-header');
    const hidesUnder = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
    const out: { what: string; box: { x: number; y: number; width: number; height: number } }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, label')) {
      if (skip && el.closest(skip)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const top = Math.max(r.top, hidesUnder);
      if (r.bottom <= top || top >= window.innerHeight) continue;
      const what = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      out.push({ what, box: { x: r.x, y: top, width: r.width, height: r.bottom - top } });
    }
    return out;
  }, except ?? null);

/** The toast (or any box) covers none of the page's visible controls. */
async function coversNoControl(page: Page, box: Box, what: string, except?: string) {
  for (const c of await controlBoxes(page, except)) assert(!overlap(box, c.box), `${what} (${show(box)}) covers ${c.what} (${show(c.box)})`);
}

/** The page opens in `lang` (the device's remembered choice). */
async function inLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('bw.lang', l), lang);
}

/**
 * From the page's start: when a tap lands (capture, before any handler), when Send code first shows
 * busy, and each frame whether it is busy (and whether the app has taken over), until
 * `window.__stopFrames` is set. Text, not a function:
 * the test runner's transform names inner functions with a helper the page does not have.
 */
const WATCH_SEND_CODE = `(() => {
  window.__frames = [];
  const busyNow = () => document.querySelector('[data-sends="sendCode"]')?.getAttribute('aria-busy') === 'true';
  // A frame: B busy, i idle, - no button; then s on the static screen, a once the app has taken over.
  const state = () => (document.querySelector('[data-sends="sendCode"]') ? (busyNow() ? 'B' : 'i') : '-') + (document.getElementById('root')?.dataset.takenOver ? 'a' : 's');
  window.addEventListener('click', (event) => {
    if (window.__tapAt !== undefined || !(event.target instanceof Element) || !event.target.closest('[data-sends="sendCode"]')) return;
    window.__tapAt = performance.now();
    const frame = () => {
      if (window.__stopFrames) return;
      window.__frames.push(state());
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, true);
  new MutationObserver(() => {
    if (window.__tapAt !== undefined && window.__busyAt === undefined && busyNow()) window.__busyAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
})();`;

const sendCode = (page: Page) => page.locator('[data-sends="sendCode"]');

/** How long after the tap Send code showed busy (ms). */
const busyAfterTap = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __tapAt?: number; __busyAt?: number };
    return w.__tapAt === undefined || w.__busyAt === undefined ? null : w.__busyAt - w.__tapAt;
  });

/** Holds /api1/sms/v1/sendCode for `ms` (a slow network for this call only). */
async function slowSendCode(page: Page, ms: number) {
  await page.route('**/api1/sms/v1/sendCode**', async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue().catch(() => undefined);
  });
}

/** Sets a borrower's verification setup through the sandbox's documented QA control. */
async function verificationOrder(sandboxUrl: string, phone10: string, stepOrder: string[]) {
  const res = await fetch(`${sandboxUrl}/sandbox/api/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, kycVariant: 'upload', stepOrder }),
  });
  assert(res.ok, `sandbox verification setup failed: ${res.status}`);
}

/** Signs in on the app's login screen in any language (fields by name, buttons by role in the form). */
async function signInAnyLanguage(page: Page, sandboxUrl: string, phone10: string) {
  await appRunning(page);
  await page.locator('input[name="phone"]').fill(phone10);
  await page.getByRole('checkbox').check();
  await sendCode(page).click();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-sends="sendCode"]')?.textContent ?? ''));
  await page.locator('input[name="code"]').fill(await latestCode(sandboxUrl, phone10));
  await page.locator('.login-actions button[type="submit"]').click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

export function tapScenarios({ sandbox, browser, noErrors, signedIn }: TapsContext): void {
  for (const lang of LANGS) {
    scenario(`taps (${lang}): Send code on a slow network is busy within 100 ms on the static screen and in the app; 'Still trying…' covers nothing`, async () => {
      // 1. The prerendered screen, the app's JavaScript held back: the tap is shown at once.
      const { page, context, errors } = await newPhone(browser, sandbox.url);
      await inLanguage(page, lang);
      await page.addInitScript({ content: WATCH_SEND_CODE });
      await slowSendCode(page, 4_500);
      let release: () => void = () => undefined;
      const tapped = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await tapped;
        await route.continue();
      });
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByLabel('Mobile number').waitFor();
      await page.getByLabel('Mobile number').fill(newBorrowerPhone());
      await page.getByRole('checkbox').check();
      await sendCode(page).click();
      const staticDelay = await busyAfterTap(page);
      assert(staticDelay !== null && staticDelay < 100, `static screen: busy ${staticDelay} ms after the tap (< 100)`);
      assert(await sendCode(page).isDisabled(), 'static screen: no second tap');
      assert((await sendCode(page).locator('.spinner').count()) === 1, 'static screen: a spinner');
      await screenshot(page, `taps-${lang}-static-send-busy`);
      // 2. The app takes over (in the borrower's language), replays the tap: busy at every frame since the tap.
      release();
      await appRunning(page);
      assert((await sendCode(page).getAttribute('aria-busy')) === 'true', 'the app: Send code busy at the takeover');
      // 3. A few seconds on: 'Still trying…' on the busy button, clear of the heading and of every other control.
      const still = sendCode(page).getByText(STILL_TRYING[lang], { exact: true });
      await still.waitFor({ timeout: 6_000 });
      const stillBox = await boxOf(still, "'Still trying…'");
      const heading = await boxOf(page.getByRole('heading', { level: 1 }), 'the heading');
      assert(!overlap(stillBox, heading), `'Still trying…' (${show(stillBox)}) covers the heading (${show(heading)})`);
      await coversNoControl(page, stillBox, "'Still trying…'", '[data-sends="sendCode"]');
      await screenshot(page, `taps-${lang}-still-trying`);
      // 4. Sent: the countdown. Busy from the tap until then, never idle in between (the takeover included).
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-sends="sendCode"]')?.textContent ?? ''), undefined, { timeout: 10_000 });
      await page.waitForTimeout(100);
      const frames = await page.evaluate(() => {
        const w = window as unknown as { __frames: string[]; __stopFrames?: boolean };
        w.__stopFrames = true;
        return w.__frames;
      });
      const runs = frames.reduce<string[]>((out, f) => {
        const last = out.at(-1);
        if (last?.startsWith(`${f}×`)) out[out.length - 1] = `${f}×${Number(last.slice(f.length + 1)) + 1}`;
        else out.push(`${f}×1`);
        return out;
      }, []);
      // Busy on the static screen, busy in the app, then the countdown: never idle or gone before the answer.
      assert(/^Bs×\d+ Ba×\d+ ia×\d+$/.test(runs.join(' ')), `Send code, frame by frame from the tap to its answer: ${runs.join(' ')}`);
      noErrors(errors);
      await context.close();

      // 5. In the app, once it runs: the same within 100 ms.
      const app = await newPhone(browser, sandbox.url);
      await inLanguage(app.page, lang);
      await app.page.addInitScript({ content: WATCH_SEND_CODE });
      await slowSendCode(app.page, 1_500);
      await app.page.goto('/login');
      await appRunning(app.page);
      await app.page.locator('input[name="phone"]').fill(newBorrowerPhone());
      await app.page.getByRole('checkbox').check();
      await sendCode(app.page).click();
      const appDelay = await busyAfterTap(app.page);
      assert(appDelay !== null && appDelay < 100, `the app: busy ${appDelay} ms after the tap (< 100)`);
      assert(await sendCode(app.page).isDisabled(), 'the app: no second tap');
      await screenshot(app.page, `taps-${lang}-app-send-busy`);
      console.log(`    ${lang}: busy ${staticDelay.toFixed(1)} ms after the tap on the static screen, ${appDelay.toFixed(1)} ms in the app; frames ${runs.join(' ')}`);
      noErrors(app.errors);
      await app.context.close();
    });

    scenario(`messages (${lang}): the session-expired toast covers neither Log in nor a field, keyboard closed or open`, async () => {
      for (const height of [800, 460]) {
        const { page, context, errors } = await newPhone(browser, sandbox.url);
        await page.setViewportSize({ width: 360, height });
        await inLanguage(page, lang);
        // A session the server no longer knows: the first call answers -4.
        await page.addInitScript(() => {
          if (!sessionStorage.getItem('e2e.once')) {
            sessionStorage.setItem('e2e.once', '1');
            localStorage.setItem('bw.token', 'expired-token');
            localStorage.setItem('bw.phone', '919000000002');
          }
        });
        await page.goto('/product/1');
        await page.waitForURL('**/login?redirect=%2Fproduct%2F1');
        const toast = page.locator('.toast').filter({ hasText: EXPIRED[lang] });
        await toast.waitFor();
        // The keyboard is open on the phone field: the visible area is the shorter viewport.
        if (height < 800) await page.locator('input[name="phone"]').focus();
        const box = await boxOf(toast, 'the toast');
        const logIn = await boxOf(page.locator('.login-actions button[type="submit"]'), 'Log in');
        assert(!overlap(box, logIn), `the toast (${show(box)}) covers Log in (${show(logIn)})`);
        for (const field of ['input[name="phone"]', 'input[name="code"]', '[data-sends="sendCode"]', 'input[type="checkbox"]']) {
          const b = await boxOf(page.locator(field), field);
          assert(!overlap(box, b), `the toast (${show(box)}) covers ${field} (${show(b)})`);
        }
        await screenshot(page, `messages-${lang}-expired-${height}`);
        noErrors(errors);
        await context.close();
      }
    });

    scenario(`messages (${lang}): the basic form's PIN-code refusal is said once, at the field; a refusal naming no field is a toast over no field; the contact name's rule`, async () => {
      const phone10 = newBorrowerPhone();
      await verificationOrder(sandbox.url, phone10, ['basic', 'contacts', 'work', 'identity', 'face']);
      const { page, context, errors } = await newPhone(browser, sandbox.url);
      await inLanguage(page, lang);
      await page.goto('/auth/index?pid=1');
      await page.waitForURL(/\/login/);
      await signInAnyLanguage(page, sandbox.url, phone10);
      await page.waitForURL((u) => u.pathname === '/auth/basic', { timeout: 20_000 });
      for (const name of ['education', 'maritalStatus', 'residenceType', 'state']) await page.locator(`select[name="${name}"]`).selectOption({ index: 1 });
      await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select[name="district"]')?.options.length ?? 0) > 1);
      await page.locator('select[name="district"]').selectOption({ index: 1 });
      await page.locator('input[name="address"]').fill('12 MG Road');
      await page.locator('input[name="pinCode"]').fill('012345');
      await page.locator('input[name="email"]').fill('asha@example.com');
      const submit = page.locator('.form-actions button[type="submit"]');
      await submit.click();
      // Once, at the PIN code, focused and in view; no toast.
      const pin = page.locator('input[name="pinCode"]');
      await page.getByText(PIN_MESSAGE, { exact: true }).waitFor();
      await page.waitForTimeout(300); // no toast arrives late either
      assert((await page.getByText(PIN_MESSAGE, { exact: true }).count()) === 1, 'the PIN message is shown once');
      assert((await page.locator('.field').filter({ has: pin }).getByText(PIN_MESSAGE, { exact: true }).count()) === 1, 'at the PIN code');
      assert((await page.locator('.toast').count()) === 0, 'no toast repeats it');
      assert(await pin.evaluate((el) => el === document.activeElement), 'the PIN code has focus');
      assert((await page.locator('.form-actions .form-error').textContent()) === CHECK_FIELDS[lang], 'the summary above Submit');
      const pinBox = await boxOf(page.locator('.field').filter({ has: pin }), 'the PIN field');
      const bar = await boxOf(page.locator('.form-actions'), 'the Submit bar');
      assert(pinBox.y + pinBox.height <= bar.y && pinBox.y >= 56, 'the PIN field is in view, clear of the header and the Submit bar');
      await screenshot(page, `messages-${lang}-basic-pin-once`);
      // A refusal that names no field: a toast, at the top, over no field and not over Submit (keyboard closed, then open).
      await pin.fill('560001');
      await page.route('**/api1/auth/v1/base-info', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'Service busy, please try again later', data: null }) }),
      );
      for (const height of [800, 460]) {
        await page.setViewportSize({ width: 360, height });
        await page.locator('input[name="address"]').focus();
        await submit.click();
        const toast = page.locator('.toast').filter({ hasText: 'Service busy, please try again later' });
        await toast.waitFor();
        await coversNoControl(page, await boxOf(toast, 'the toast'), 'the toast', '.screen-header');
        await screenshot(page, `messages-${lang}-basic-toast-${height}`);
        await toast.waitFor({ state: 'detached', timeout: 5_000 });
      }
      await page.unroute('**/api1/auth/v1/base-info');
      await page.setViewportSize({ width: 360, height: 800 });
      await submit.click();
      // Contacts: the name's rule under each Name before anything is typed, tied to it.
      await page.waitForURL((u) => u.pathname === '/auth/contacts', { timeout: 20_000 });
      const names = page.locator('input[id$="-name"]');
      await names.first().waitFor();
      assert((await names.count()) === 3, 'three names');
      for (let i = 0; i < 3; i++) {
        const hint = await names.nth(i).evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
        assert(/a–z/.test(hint) && (await names.nth(i).inputValue()) === '', `Name ${i + 1} is described by its rule before typing ("${hint}")`);
      }
      await names.first().scrollIntoViewIfNeeded();
      await screenshot(page, `messages-${lang}-contacts-name-hint`);
      noErrors(errors);
      await context.close();
    });
  }

  scenario('feedback: the floating button leaves the RBI registration and Quit clear on home and account, at rest and at the end (English, Hindi)', async () => {
    for (const [persona, layout] of [
      ['9000000001', 'single'],
      ['9000000003', 'multi'],
    ] as const) {
      const { page, context, errors } = await signedIn(persona, '/personal');
      for (const lang of LANGS) {
        await page.goto('/personal');
        await page.locator('.lang-switch button').nth(lang === 'en' ? 0 : 1).click();
        await page.locator('.feedback-fab').waitFor();
        const fab = await boxOf(page.locator('.feedback-fab'), 'the Feedback button');
        for (const where of ['rest', 'end'] as const) {
          await page.evaluate((w) => window.scrollTo(0, w === 'end' ? document.documentElement.scrollHeight : 0), where);
          await page.waitForTimeout(100);
          const quit = await boxOf(page.locator('.quit'), 'Quit');
          assert(!overlap(fab, quit), `account (${lang}, ${where}): the Feedback button (${show(fab)}) covers Quit (${show(quit)})`);
        }
        await screenshot(page, `feedback-room-${lang}-account-${layout}`);
        await page.goto('/');
        const reg = page.locator('.home .lender-reg');
        await reg.waitFor();
        await page.waitForLoadState('networkidle');
        // The install card, when the browser offers one, comes after home: closed, so who lends ends the page.
        const notNow = page.locator('.install button', { hasText: lang === 'en' ? 'Not now' : 'अभी नहीं' });
        if (await notNow.count()) await notNow.click();
        for (const where of ['rest', 'end'] as const) {
          await page.evaluate((w) => window.scrollTo(0, w === 'end' ? document.documentElement.scrollHeight : 0), where);
          await page.waitForTimeout(100);
          const box = await boxOf(reg, 'the RBI registration');
          assert(!overlap(fab, box), `home ${layout} (${lang}, ${where}): the Feedback button (${show(fab)}) covers the RBI registration (${show(box)})`);
          const lender = await boxOf(page.locator('.home .lender'), 'who lends');
          if (where === 'end') assert(lender.y + lender.height <= fab.y, `home ${layout} (${lang}): who lends ends (${show(lender)}) above the Feedback button (${show(fab)})`);
          await screenshot(page, `feedback-room-${lang}-home-${layout}-${where}`);
        }
      }
      // Back to English for the scenarios that follow on this persona's stored device.
      await page.goto('/personal');
      await page.locator('.lang-switch button').first().click();
      noErrors(errors);
      await context.close();
    }
  });

  scenario("accessibility: no accessible name carries a decorative glyph ('Order History', not 'Order History ›')", async () => {
    const { page, context, errors } = await signedIn('9000000003', '/personal');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Accessibility.enable');
    // Arrows, chevrons, ticks and bullets anywhere; a lone + or − closing a control's name (the FAQ's toggle;
    // the worked example's sums on /download are text, and read as such).
    const GLYPH = /[›‹→←✓✔•▶►▸✕✗»«]/;
    const TOGGLE = /\s[+−]$/;
    const CONTROL = new Set(['button', 'link', 'DisclosureTriangle', 'checkbox', 'tab', 'menuitem']);
    const named = async () => {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
        nodes: { ignored: boolean; role?: { value?: string }; name?: { value?: string } }[];
      };
      return nodes.filter((n) => !n.ignored && n.role?.value !== 'RootWebArea' && n.role?.value !== 'ListMarker').map((n) => ({ role: n.role?.value ?? '', name: String(n.name?.value ?? '') }));
    };
    for (const path of ['/personal', '/personal/help', '/product/1', '/', '/orders', '/download']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const glyphs = (await named()).filter((n) => GLYPH.test(n.name) || (CONTROL.has(n.role) && TOGGLE.test(n.name)));
      assert(glyphs.length === 0, `${path}: names with a decorative glyph: ${glyphs.map((n) => `${n.role} "${n.name}"`).join(', ')}`);
      if (path === '/personal') {
        const link = (await named()).find((n) => n.role === 'link' && n.name.startsWith('Order History'));
        assert(link?.name === 'Order History', `'Order History' is read as such (got "${link?.name}")`);
        // Still drawn: the chevron is on screen.
        const chevron = await page.getByRole('link', { name: 'Order History' }).evaluate((el) => getComputedStyle(el, '::after').content);
        assert(chevron.includes('›'), `the chevron is still drawn (${chevron})`);
        await screenshot(page, 'a11y-account-chevrons');
      }
    }
    noErrors(errors);
    await context.close();
  });
}
