/**
 * The Key Fact Statement on every path to money, in Chromium at 360×800 (docs/borrower-rights.md 'Key
 * Fact Statement'): the lender's numbered KFS before APPLY NOW, and Get Money after that KFS expired
 * on the sandbox clock, acknowledging the current one on the confirm page, in English and Hindi.
 *
 * Runs last: it moves the sandbox clock by a week.
 */
import type { Browser, Page } from 'playwright-core';
import { advanceClock, assert, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface KfsContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
}

const PID = '1';
const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 };
const TICK = 'I have read the Key Fact Statement and accept it.';

async function verified(sandboxUrl: string, phone10: string) {
  const res = await fetch(`${sandboxUrl}/sandbox/api/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, flags: ALL_DONE }),
  });
  assert(res.ok, `the sandbox set the borrower up (${res.status})`);
}

async function approve(sandboxUrl: string, orderId: string) {
  const res = await fetch(`${sandboxUrl}/sandbox/api/orders/${orderId}/decide`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approve' }),
  });
  assert(res.ok, `QA approved order ${orderId} (${res.status})`);
}

const text = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

export function kfsScenarios({ sandbox, browser, signIn, noErrors }: KfsContext) {
  scenario("kfs: the lender's numbered KFS before APPLY NOW; Get Money after it expired acknowledges the current one (English, Hindi)", async () => {
    const phone10 = newBorrowerPhone();
    await verified(sandbox.url, phone10);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto(`/product/${PID}/detail`);
    await page.waitForURL(/\/login/);
    await signIn(page, phone10);
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail`);
    await page.getByRole('link', { name: 'Add bank account' }).click();
    await page.getByLabel('IFSC code', { exact: true }).fill('HDFC0149771');
    await page.getByLabel('Bank account number', { exact: true }).fill('50100111122224');
    await page.getByLabel('Confirm account number', { exact: true }).fill('50100111122224');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail` && (u.searchParams.get('bank_id') ?? '') !== '');
    await page.getByRole('switch').uncheck();

    // Before APPLY NOW: the lender's KFS, headed by its number and validity.
    const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
    await kfs.getByText(/^KFS\d{14}$/).waitFor();
    const shown = await kfs.innerText();
    assert(/KFS number/.test(shown) && /Valid until\s+\d{1,2} \w{3} \d{4}, 23:59 IST/.test(shown), `the KFS number and validity: ${shown.slice(0, 300)}`);
    await kfs.scrollIntoViewIfNeeded();
    await screenshot(page, '90-kfs-application');
    await kfs.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'APPLY NOW' }).click();
    await page.waitForURL((u) => u.pathname === '/orders');

    // Approved, then a week passes on the sandbox clock: the application's KFS (3 working days) has expired.
    await page.locator('a.order-card-link').first().click();
    await page.waitForURL(/\/orders\/\d+\/audit$/);
    const orderId = /\/orders\/(\d+)\//.exec(page.url())?.[1] ?? '';
    await approve(sandbox.url, orderId);
    // The apply named the KFS acknowledged: the confirm page stands on it while it binds.
    await page.goto(`/orders/${orderId}/confirm`);
    await page.getByText(/^You acknowledged Key Fact Statement KFS\d{14}\. It is valid until/).waitFor({ timeout: 10_000 });
    assert(!(await page.getByRole('button', { name: 'Get Money' }).isDisabled()), 'Get Money is open under the KFS acknowledged');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, '91-kfs-get-money-binds');
    await advanceClock(sandbox.url, 7 * 86_400);
    await page.goto(`/orders/${orderId}/confirm`);
    const getMoney = page.getByRole('button', { name: 'Get Money' });
    await page.getByText(/Please read it and acknowledge it before Get Money/).waitFor({ timeout: 10_000 });
    assert(await getMoney.isDisabled(), 'no Get Money before the current KFS is acknowledged');
    const prompt = await text(page);
    assert(/Key Fact Statement KFS\d{14}, valid until/.test(prompt), `the current KFS, numbered: ${prompt.slice(-600)}`);
    await page.getByRole('checkbox', { name: TICK }).check();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, '92-kfs-get-money-current');

    // The same screen in Hindi.
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    await page.getByText(/से पहले इसे पढ़ें और स्वीकार करें/).waitFor({ timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, '92-kfs-get-money-current-hi');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    await page.reload();

    const loans: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api1/order/v1/loan')) loans.push(r.url());
    });
    await page.getByRole('checkbox', { name: TICK }).check();
    await getMoney.click();
    await page.waitForURL((u) => u.pathname === '/orders', { timeout: 10_000 });
    assert(loans.length === 1, `one Get Money (${loans.length})`);
    noErrors(errors.filter((e) => !/Failed to load resource/.test(e)));
    await context.close();
  });
}
