/**
 * End to end, in Chromium at 360×800 against the built app: the installable app and its service
 * worker. The web manifest and its icons; add to home screen (a synthetic `beforeinstallprompt`
 * caught before and after home mounts, the iPhone guide, 'Not now' remembered); offline (a reload
 * runs from the precached shell, a payment return shows the offline page); an update (a second worker
 * waits until 'Update', then one reload). Registered by run.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, newPhone, PHONE, scenario, screenshot, type Sandbox } from './harness';

export interface PwaContext {
  sandbox: Sandbox;
  browser: Browser;
  /** A phone signed in as `phone10`, opened on `path` (run.ts reuses a persona's browser storage). */
  signedIn: (phone10: string, path: string) => Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  noErrors: (errors: string[]) => void;
}

const RAVI = '9000000002';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const INSTALL_HEADING = 'Add the app to your home screen';

/** Home has loaded its offers (the install offer comes after them, at the end of the page). */
async function homeLoaded(page: Page) {
  await page.getByRole('heading', { name: /Loan products|Your loan offer/ }).waitFor({ timeout: 15_000 });
}

/** Waits until a service worker is active and controls the page (the first visit's worker claims it). */
async function controlled(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    return navigator.serviceWorker.controller?.scriptURL ?? '';
  });
}

/** Registers, in the page, a `beforeinstallprompt` as Chrome fires it, with a prompt() that counts its calls. */
const FIRE_INSTALL_PROMPT = () => {
  const w = window as unknown as { __promptCalls: number };
  w.__promptCalls = 0;
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt?: () => Promise<void>; userChoice?: Promise<unknown> };
  event.prompt = () => {
    w.__promptCalls++;
    return Promise.resolve();
  };
  event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
  window.dispatchEvent(event);
};

/** A phone with another user agent, signed in as Ravi (the storage of a signed-in phone). */
async function phoneAs(ctx: PwaContext, userAgent: string) {
  const first = await ctx.signedIn(RAVI, '/');
  const storageState = await first.context.storageState();
  await first.context.close();
  const context = await ctx.browser.newContext({ ...PHONE, userAgent, baseURL: ctx.sandbox.url, storageState });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`);
  });
  return { context, page, errors };
}

export function pwaScenarios(ctx: PwaContext) {
  const { sandbox, browser, signedIn, noErrors } = ctx;

  scenario('pwa: the web manifest is linked, served and parsed by Chromium; its icons exist', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert((await page.locator('link[rel="manifest"]').getAttribute('href')) === '/manifest.webmanifest', 'index.html links the manifest');
    assert((await page.locator('link[rel="apple-touch-icon"]').count()) === 1, 'an apple-touch-icon');
    const res = await page.request.get('/manifest.webmanifest');
    assert(res.ok() && /application\/manifest\+json/.test(res.headers()['content-type'] ?? ''), 'the manifest is served as application/manifest+json');
    const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose?: string }[] };
    assert(manifest.start_url === '/' && manifest.scope === '/' && manifest.display === 'standalone', 'start_url, scope, display');
    assert(manifest.theme_color === (await page.locator('meta[name="theme-color"]').getAttribute('content')), 'the theme colour of index.html');
    for (const want of ['192x192', '512x512']) assert(manifest.icons.some((i) => i.sizes === want && (i.purpose ?? 'any') === 'any'), `an icon ${want}`);
    assert(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon');
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      const body = await png.body();
      assert(png.ok() && png.headers()['content-type'] === 'image/png', `${icon.src} is a PNG`);
      const [w, h] = [body.readUInt32BE(16), body.readUInt32BE(20)];
      assert(`${w}x${h}` === icon.sizes, `${icon.src} is ${icon.sizes} (${w}x${h})`);
    }
    // As Chromium reads it: no parse errors, the same name.
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
    assert(parsed.errors.length === 0, `manifest errors: ${parsed.errors.map((e) => e.message).join('; ')}`);
    assert(JSON.parse(parsed.data ?? '{}').short_name === manifest.short_name, 'Chromium read the manifest');
    noErrors(errors);
    await context.close();
  });

  scenario('pwa: an install prompt fired before home mounts, and one after: the button calls prompt() once each', async () => {
    const { page, context, errors } = await phoneAs(ctx, ANDROID_CHROME);
    // Before home mounts: right after the entry module ran (module scripts run before DOMContentLoaded).
    await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => (${FIRE_INSTALL_PROMPT.toString()})(), { once: true });`);
    await page.goto('/');
    await homeLoaded(page);
    const install = page.getByRole('button', { name: 'Add to home screen' });
    await install.waitFor();
    await page.getByRole('heading', { name: INSTALL_HEADING }).scrollIntoViewIfNeeded();
    await screenshot(page, '60-pwa-install-prompt');
    await install.click();
    await page.getByRole('heading', { name: INSTALL_HEADING }).waitFor({ state: 'detached' });
    assert((await page.evaluate(() => (window as unknown as { __promptCalls: number }).__promptCalls)) === 1, 'prompt() called once');
    noErrors(errors);

    // Fired after home is on screen (a second page, without the early event).
    const later = await context.newPage();
    await later.goto('/');
    await homeLoaded(later);
    assert((await later.getByRole('heading', { name: INSTALL_HEADING }).count()) === 0, 'no offer on Android without the event');
    await later.evaluate(FIRE_INSTALL_PROMPT);
    await later.getByRole('button', { name: 'Add to home screen' }).click();
    await later.getByRole('heading', { name: INSTALL_HEADING }).waitFor({ state: 'detached' });
    assert((await later.evaluate(() => (window as unknown as { __promptCalls: number }).__promptCalls)) === 1, 'prompt() called once');
    await context.close();
  });

  scenario('pwa: iPhone Safari shows the three-step guide on home; Not now is remembered; nothing in app mode', async () => {
    const { page, context, errors } = await signedIn(RAVI, '/');
    await homeLoaded(page);
    const guide = page.getByRole('region', { name: INSTALL_HEADING });
    await guide.waitFor();
    const steps = await guide.getByRole('listitem').allInnerTexts();
    assert(steps.length === 3 && /Share/.test(steps[0]!) && /Add to Home Screen/.test(steps[1]!) && /Tap Add/.test(steps[2]!), `the steps: ${steps.join(' | ')}`);
    await guide.scrollIntoViewIfNeeded();
    await screenshot(page, '61-pwa-ios-guide');
    await guide.getByRole('button', { name: 'Not now' }).click();
    await guide.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => localStorage.getItem('bw.pref.a2hs.dismissed'));
    assert(stored !== null && Number.isFinite(Date.parse(stored)), `the dismissal is stored with its date (${stored})`);
    await page.reload();
    await homeLoaded(page);
    await page.waitForTimeout(500);
    assert((await page.getByRole('heading', { name: INSTALL_HEADING }).count()) === 0, 'not offered again after Not now');

    // App mode (the native shell): never offered.
    await page.evaluate(() => {
      localStorage.removeItem('bw.pref.a2hs.dismissed');
      localStorage.setItem('bw.appMode', '1');
    });
    await page.reload();
    await homeLoaded(page);
    await page.waitForTimeout(500);
    assert((await page.getByRole('heading', { name: INSTALL_HEADING }).count()) === 0, 'not offered in app mode');
    await page.evaluate(() => localStorage.setItem('bw.appMode', '0'));
    noErrors(errors);
    await context.close();
  });

  scenario('pwa: offline, a reload runs the precached app; a payment return shows the offline page, Retry loads it', async () => {
    const { page, context, errors } = await signedIn(RAVI, '/');
    await homeLoaded(page);
    const worker = await controlled(page);
    assert(worker.endsWith('/sw.js'), `controlled by /sw.js (${worker})`);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    assert(cached.includes('/index.html') && cached.includes('/offline.html') && cached.some((u) => u.startsWith('/assets/')), 'the shell is precached');
    assert(!cached.some((u) => /^\/(api1|sandbox)\b/.test(u)), `nothing of /api1 or /sandbox is cached: ${cached.filter((u) => !u.startsWith('/assets/')).join(', ')}`);
    noErrors(errors);

    await context.setOffline(true);
    await page.reload();
    // The app itself runs (from the precache); its calls fail, and home says so with a way to retry.
    await page.getByRole('button', { name: /try again/i }).waitFor({ timeout: 15_000 });
    await screenshot(page, '62-pwa-offline-shell');

    await page.goto('/orders/1/detail');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await screenshot(page, '63-pwa-offline-page');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('#root > *').first().waitFor({ timeout: 15_000 });
    assert(new URL(page.url()).pathname === '/orders/1/detail', 'Retry loads the same address');
    await context.close();
  });

  scenario('pwa: a new version waits for the borrower: the prompt, no reload by itself, Update activates it and reloads once', async () => {
    const { page, context, errors } = await signedIn(RAVI, '/');
    await homeLoaded(page);
    await controlled(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    // A new version: a second worker for the same scope (see the file's comment), installed and waiting.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=2', { scope: '/' }));
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await prompt.waitFor({ timeout: 15_000 });
    await screenshot(page, '64-pwa-update-prompt');
    await page.waitForTimeout(1500);
    assert(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true), 'no reload without consent');
    assert(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL.endsWith('?v=2') === true), 'the new worker waits');
    noErrors(errors);

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update' }).click()]);
    await homeLoaded(page);
    assert(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === undefined), 'the page reloaded');
    assert((await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).endsWith('?v=2'), 'under the new worker');
    await context.close();
  });
}
