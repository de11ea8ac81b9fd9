/**
 * First paint without JavaScript, in Chromium at 360×800 against the real build
 * (scripts/prerender.ts writes dist/login/index.html and dist/download/index.html; the sandbox serves
 * them for /login and /download):
 * - with JavaScript off, both show their first screen, styled (the route's CSS is linked);
 * - with JavaScript, React replaces the static nodes (they leave the document) with the same markup:
 *   the key elements keep their boxes to the pixel, and the layout shifts over the load (the config
 *   filling the lender block and the contacts included) stay within CLS 0.02;
 * - what a visitor types before the app has loaded is kept when it takes over.
 * Registered by run.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { assert, cls, newBorrowerPhone, newPhone, PHONE, scenario, screenshot, type Sandbox } from './harness';

export interface FirstPaintContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

interface Screen {
  path: string;
  /** Elements whose boxes must not move when the app takes over, by CSS selector. */
  keys: string[];
  /** Visible in the static screen. */
  check: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    path: '/login',
    keys: ['.login-header', '.login-pitch', 'input[name="phone"]', 'input[name="code"]', '.checkbox', 'button[type="submit"]', '.login-lender'],
    check: async (page) => {
      await page.getByText('Instant personal loans up to ₹40,000').waitFor();
      await page.getByLabel('Mobile number').waitFor();
      await page.getByLabel('Verification code').waitFor();
      await page.getByRole('button', { name: 'Send code' }).waitFor();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      assert(await page.getByRole('button', { name: 'Log in' }).isDisabled(), 'Log in is disabled in the static screen (nothing to submit)');
    },
  },
  {
    path: '/download',
    keys: ['h1', '.dl-banner', '.dl-banner-amount', '.dl-apply', '#dl-who', '#dl-terms'],
    check: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Personal loans' }).waitFor();
      await page.getByRole('link', { name: 'APPLY NOW' }).waitFor();
      await page.getByRole('heading', { name: 'Who can apply' }).waitFor();
      await page.getByText('₹2,00,000', { exact: true }).waitFor();
    },
  },
];

type Boxes = Record<string, { x: number; y: number; width: number; height: number } | null>;

const boxesOf = (page: Page, keys: string[]) =>
  page.evaluate((selectors) => {
    const out: Record<string, { x: number; y: number; width: number; height: number } | null> = {};
    for (const s of selectors) {
      const r = document.querySelector(s)?.getBoundingClientRect();
      out[s] = r ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) } : null;
    }
    return out;
  }, keys);

/** Remembers the static screen's first element as the parser adds it (a JS property: the markup is untouched). */
const MARK_STATIC = () => {
  const seen = new MutationObserver(() => {
    const first = document.getElementById('root')?.firstElementChild;
    if (first) {
      (window as unknown as { __static: Element }).__static = first;
      seen.disconnect();
    }
  });
  seen.observe(document, { childList: true, subtree: true });
};


/** React has committed into #root: its container is marked, and the static screen (MARK_STATIC) has left the document. */
const takenOver = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    const first = (window as unknown as { __static?: Element }).__static;
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer')) && !!first && !document.contains(first) && !!root.firstElementChild;
  });

export function firstPaintScenarios({ sandbox, browser, noErrors }: FirstPaintContext): void {
  scenario('first paint: /login and /download show their first screen, styled, with JavaScript off', async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: sandbox.url, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const s of SCREENS) {
      const res = await page.goto(s.path);
      assert(res?.status() === 200, `${s.path}: 200`);
      await s.check(page);
      assert((await page.title()).length > 0, `${s.path}: a title`);
      assert((await page.locator('script:not([src])').count()) === 0, `${s.path}: no inline script`);
      await screenshot(page, `first-paint-nojs-${s.path.slice(1)}`);
    }
    // Styled: the route's own CSS is linked (the header's gradient; the download page's paper background).
    await page.goto('/login');
    const header = await page.locator('.login-header').evaluate((el) => getComputedStyle(el).backgroundImage);
    assert(header.includes('linear-gradient'), `/login is styled by login.css (${header})`);
    await page.goto('/download');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert(bg === 'rgb(243, 245, 249)', `/download has its page background before any script (${bg})`);
    await context.close();
  });

  scenario('first paint: the app takes over /login and /download without a jump (same boxes, CLS ≤ 0.02)', async () => {
    // The static screen's boxes, as a browser without JavaScript lays it out.
    const still = await browser.newContext({ ...PHONE, baseURL: sandbox.url, javaScriptEnabled: false });
    const stillPage = await still.newPage();
    const before: Record<string, Boxes> = {};
    for (const s of SCREENS) {
      await stillPage.goto(s.path);
      await s.check(stillPage);
      before[s.path] = await boxesOf(stillPage, s.keys);
    }
    await still.close();

    for (const s of SCREENS) {
      const { page, context, errors } = await newPhone(browser, sandbox.url);
      await page.addInitScript(MARK_STATIC);
      await page.goto(s.path);
      await takenOver(page);
      await s.check(page);
      // The config answers (the lender block on /login, the contacts on /download), then whatever follows.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const replaced = await page.evaluate(() => {
        const first = (window as unknown as { __static?: Element }).__static;
        return { marked: !!first, gone: !!first && !document.contains(first), now: document.getElementById('root')?.firstElementChild?.className ?? '' };
      });
      assert(replaced.marked, `${s.path}: the static screen arrived in the HTML`);
      assert(replaced.gone, `${s.path}: React replaced the static nodes`);
      const after = await boxesOf(page, s.keys);
      for (const key of s.keys) {
        const a = before[s.path]![key];
        const b = after[key];
        assert(a && b, `${s.path}: ${key} is on both screens`);
        assert(
          Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1 && Math.abs(a.width - b.width) <= 1 && Math.abs(a.height - b.height) <= 1,
          `${s.path}: ${key} kept its box (static ${JSON.stringify(a)}, app ${JSON.stringify(b)})`,
        );
      }
      const shift = await cls(page);
      assert(shift <= 0.02, `${s.path}: CLS over the load ${shift.toFixed(4)} ≤ 0.02`);
      console.log(`    ${s.path}: CLS ${shift.toFixed(4)}`);
      noErrors(errors);
      await context.close();
    }
  });

  scenario('first paint: what is typed in the static /login before the app loads is kept', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    // Hold the app's entry back until the visitor has typed.
    let release: () => void = () => undefined;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.addInitScript(MARK_STATIC);
    // DOMContentLoaded waits for the (held) module script: the static screen is there long before.
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Mobile number').waitFor();
    const number = newBorrowerPhone();
    await page.getByLabel('Mobile number').pressSequentially(number);
    await page.getByRole('checkbox').check();
    await page.getByLabel('Mobile number').focus();
    release();
    await takenOver(page);
    assert(await page.evaluate(() => !document.contains((window as unknown as { __static: Element }).__static)), 'the static screen was replaced');
    const phone = page.getByLabel('Mobile number');
    assert((await phone.inputValue()).replace(/\D/g, '') === number, `the phone typed is kept (${await phone.inputValue()})`);
    assert(await page.getByRole('checkbox').isChecked(), 'the agreement ticked is kept');
    assert(await phone.evaluate((el) => el === document.activeElement), 'the focus stays in the phone field');
    // The machine has it: Send code works on it.
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /resend in \d+/i }).waitFor();
    noErrors(errors);
    await context.close();
  });
}
