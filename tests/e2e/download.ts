/**
 * The open pages in Chromium at 360×800, signed out: /download on an iPhone whose check
 * accords (APPLY NOW goes to /, which sends a signed-out visitor to sign in), on an iPhone the server
 * does not accord (the sandbox's X-Sandbox-Accord-With header, server/README.md) and on an Android
 * phone (no check asked): both an inert link to the product site; /alert's two sentences;
 * /verify/contact2's notice and its way to the contacts step through sign-in. Registered by run.ts.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_PRODUCT_SITE_URL } from '../../machines/shared/download';
import { assert, cls, newPhone, PHONE, scenario, screenshot, SCREENS, type Sandbox } from './harness';

export interface DownloadContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
  everyControlLabelled: (page: Page) => Promise<void>;
}

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const CHECK = '/api1/client/v1/download-check';

const squash = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');


async function openDownload(page: Page, checks: string[]) {
  page.on('request', (r) => {
    if (r.url().includes(CHECK)) checks.push(r.headers().os ?? '');
  });
  await page.goto('/download');
  await page.getByRole('heading', { level: 1, name: 'Personal loans' }).waitFor();
  // The contact block is filled from GET /client/v1/config.
  await page.getByText('Sandbox Finance Private Limited', { exact: true }).waitFor();
}

export function downloadScenarios({ sandbox, browser, noErrors, everyControlLabelled }: DownloadContext): void {
  scenario('download: an iPhone the server accords: every statement, the contacts, APPLY NOW goes to / (sign-in when signed out)', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const checks: string[] = [];
    await openDownload(page, checks);
    const apply = page.getByRole('link', { name: 'APPLY NOW' });
    await page.locator('a[data-is-ok="1"]').waitFor();
    assert((await apply.getAttribute('href')) === '/', 'APPLY NOW goes to /');
    assert(checks.length === 1 && checks[0] === 'ios-h5', `one check, sent as ios-h5 (${checks.join()})`);
    const text = await squash(page);
    for (const s of [
      'Indian citizen',
      'Aged 18 or above',
      'KYC documents',
      'Work information',
      '30% per annum',
      '18% of the processing fee',
      '91 days, maximum 360 days',
      '₹2,00,000',
      '33% per annum',
      '₹10,000 × 33% × 91 / 365 = ₹822.74, rounded to ₹823',
      '₹10,000 − ₹800 − ₹144 = ₹9,056',
      '₹10,000 + ₹823 = ₹10,823',
      '₹1,000 – ₹5,000',
      '₹3,000 – ₹10,000',
      '₹5,000 – ₹40,000',
      'N-14.03268',
      'support@borrower.example',
      'Priya Raman',
    ]) {
      assert(text.includes(s), `the page states "${s}"`);
    }
    const shift = await cls(page);
    assert(shift <= 0.02, `nothing shifts when the check and the config arrive (CLS ${shift})`);
    await everyControlLabelled(page);
    await screenshot(page, 'download-01-top');
    for (const [i, y] of [800, 1600, 2400].entries()) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await screenshot(page, `download-0${i + 2}-scrolled-${y}`);
    }
    await page.screenshot({ path: join(SCREENS, 'download-05-full.png'), fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await apply.click();
    await page.waitForURL((u) => u.pathname === '/login');
    noErrors(errors);
    await context.close();
  });

  scenario('download: an iPhone the server does not accord: APPLY NOW is the link to the product site', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await context.setExtraHTTPHeaders({ 'X-Sandbox-Accord-With': 'false' });
    const checks: string[] = [];
    const answered = page.waitForResponse((r) => r.url().includes(CHECK));
    await openDownload(page, checks);
    await answered;
    const apply = page.getByRole('link', { name: 'APPLY NOW' });
    assert((await apply.getAttribute('href')) === DEFAULT_PRODUCT_SITE_URL, 'APPLY NOW links to the product site');
    assert((await apply.getAttribute('data-is-ok')) === '2', 'is_ok 2');
    noErrors(errors);
    await context.close();
  });

  scenario('download: an Android phone: no check is asked, APPLY NOW is the link to the product site', async () => {
    const errors: string[] = [];
    const android = await browser.newContext({ ...PHONE, userAgent: ANDROID_UA, baseURL: sandbox.url });
    const p = await android.newPage();
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    p.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    const checks: string[] = [];
    await openDownload(p, checks);
    await p.waitForLoadState('networkidle');
    const apply = p.getByRole('link', { name: 'APPLY NOW' });
    assert((await apply.getAttribute('href')) === DEFAULT_PRODUCT_SITE_URL, 'APPLY NOW links to the product site');
    assert(checks.length === 0, `no check asked on Android (${checks.length})`);
    await screenshot(p, 'download-06-android');
    noErrors(errors);
    await android.close();
  });

  scenario('download: /alert says the product is for iOS, in the spec\'s words', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/alert');
    await page.getByRole('heading', { level: 1, name: 'Notice' }).waitFor();
    const ps = await page.locator('main p').allInnerTexts();
    assert(
      JSON.stringify(ps) === JSON.stringify(['This product is only available to IOS users.', 'Please use the IOS browser to open this page.']),
      `the two sentences (${JSON.stringify(ps)})`,
    );
    await screenshot(page, 'download-07-alert');
    noErrors(errors);
    await context.close();
  });

  scenario('download: /verify/contact2 is a notice with no data; its link signs in on the way to the contacts step', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    // App-wide calls (analytics, device, public client content) may happen on any page; nothing else may.
    const APP_WIDE = /^\/api1\/(burying-point|device|system|client\/v1)\//;
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api1/') && !APP_WIDE.test(path)) calls.push(path);
    });
    await page.goto('/verify/contact2');
    await page.getByRole('heading', { level: 1, name: 'Emergency contacts' }).waitFor();
    await everyControlLabelled(page);
    await screenshot(page, 'download-08-contact2');
    assert(calls.length === 0, `no call for data (${calls.join(', ')})`);
    await page.getByRole('link', { name: 'Add emergency contacts' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/auth/contacts');
    noErrors(errors);
    await context.close();
  });
}
