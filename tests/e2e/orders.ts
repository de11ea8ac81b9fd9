/**
 * The order lifecycle in Chromium at 360×800, against the sandbox's order engine and payment gateway:
 * apply (auto-get-money off), audit (the sandbox clock moved, then Refresh), confirm and Get Money
 * (a double tap confirms once), the detail with its due date, a failed payment that leaves the order
 * due, a successful one that settles it; the overdue persona's days overdue and fee in red; and a
 * lender with a grace period (a passed due date, 0 days overdue): 'Due date passed', nothing overdue.
 */
import type { Browser, Page } from 'playwright-core';
import { advanceClock, assert, consoleOrders, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface OrdersContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  /** A phone signed in as `phone10` (the login screen the first time), opened on `path`. */
  signedIn: (phone10: string, path: string) => Promise<{ page: Page; context: { close(): Promise<void> }; errors: string[] }>;
  noErrors: (errors: string[]) => void;
}

const MEERA = '9000000003';

/** The page's text, words only for screen readers included (they are rendered, clipped). */
const pageText = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

/** An India-time date `days` days before now: 'YYYY-MM-DD'. */
const istDateDaysAgo = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Plays a lender with a grace period for one order: its detail answer says the due date passed
 * `days` ago and 0 days overdue. The sandbox itself would have moved such an order to 8.
 */
async function graceLender(page: Page, orderId: number, days: number) {
  await page.route(
    (url) => url.pathname === '/api1/order/v1/detail' && url.searchParams.get('orderId') === String(orderId),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; data: Record<string, unknown> };
      if (body.code === 0) Object.assign(body.data, { repaymentDate: istDateDaysAgo(days), overdueDays: 0, overdueFee: 0 });
      await route.fulfill({ response, json: body });
    },
  );
}

const PID = '1';
const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 };

async function verified(sandboxUrl: string, phone10: string) {
  const res = await fetch(`${sandboxUrl}/sandbox/api/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, flags: ALL_DONE }),
  });
  assert(res.ok, `the sandbox set the borrower up (${res.status})`);
}

/** Pays on the sandbox gateway with a test UPI id, and comes back to the order's detail page. */
async function payOnGateway(page: Page, orderId: string, vpa: string, shot: string) {
  await page.getByRole('button', { name: /^Repayment/ }).click();
  await page.waitForURL((u) => u.pathname.includes('/gateway/') || u.pathname.includes('/pay/'), { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Sandbox Pay' }).waitFor();
  await page.locator(`input[value="${vpa}"]`).check();
  await screenshot(page, shot);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((u) => u.pathname === `/orders/${orderId}/detail`, { timeout: 10_000 });
}

export function orderScenarios({ sandbox, browser, signIn, signedIn, noErrors }: OrdersContext) {
  scenario('orders: apply, audit on the clock, Get Money once for a double tap, the due date, a failed payment, then a settled order', async () => {
    const phone10 = newBorrowerPhone();
    await verified(sandbox.url, phone10);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto(`/product/${PID}/detail`);
    await page.waitForURL(/\/login/);
    await signIn(page, phone10);
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail`);

    // A bank account typed directly (the finder has its own journey), then apply without auto-get-money.
    await page.getByRole('link', { name: 'Add bank account' }).click();
    await page.getByLabel('IFSC code', { exact: true }).fill('HDFC0149771');
    await page.getByLabel('Bank account number', { exact: true }).fill('50100111122223');
    await page.getByLabel('Confirm account number', { exact: true }).fill('50100111122223');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail` && (u.searchParams.get('bank_id') ?? '') !== '');
    await page.getByRole('switch').uncheck();
    const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
    await kfs.getByText('APR').first().waitFor();
    await kfs.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'APPLY NOW' }).click();
    await page.waitForURL((u) => u.pathname === '/orders');

    // Audit: in review until the sandbox's audit delay has passed; then Refresh goes on to confirm.
    await page.locator('a.order-card-link').first().click();
    await page.waitForURL(/\/orders\/\d+\/audit$/);
    const orderId = /\/orders\/(\d+)\//.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { level: 1, name: 'In Auditing' }).waitFor();
    await page.getByText('It takes a few minutes').waitFor();
    await screenshot(page, '70-orders-audit');
    await advanceClock(sandbox.url, 180);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForURL((u) => u.pathname === `/orders/${orderId}/confirm`, { timeout: 10_000 });

    // Confirm: the figures, the masked account; a double tap on Get Money confirms once.
    await page.getByRole('button', { name: 'Get Money' }).waitFor();
    assert((await page.getByText('2223').count()) > 0, 'the bank account is shown by its last 4 digits');
    assert((await page.getByText('50100111122223').count()) === 0, 'never the whole account number');
    await screenshot(page, '71-orders-confirm');
    const loans: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api1/order/v1/loan')) loans.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: 'Get Money' }).dblclick();
    await page.waitForURL((u) => u.pathname === '/orders', { timeout: 10_000 });
    assert(loans.length === 1 && /^[A-Za-z0-9_-]{8,128}$/.test(loans[0] ?? ''), `one loan request with a key for a double tap (${loans.length})`);

    // Disbursed a minute later on the sandbox clock: the detail shows the due date and the amount due.
    await advanceClock(sandbox.url, 120);
    await page.goto(`/orders/${orderId}/detail`);
    await page.getByRole('button', { name: /^Repayment ₹/ }).waitFor();
    const detail = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    assert(/Due in \d+ days|Due/.test(detail), `the due date and days left: ${detail.slice(0, 300)}`);
    await screenshot(page, '72-orders-detail');

    // A failed payment leaves the order due, and the page says so first; a successful one settles it.
    // The return URL decides nothing: the lender's answers do (tests/e2e/payments.ts tells every outcome).
    await payOnGateway(page, orderId, 'failure@sandbox', '73-orders-gateway');
    await page.getByRole('heading', { level: 2, name: 'Payment not received' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Back to your loan' }).click();
    await page.getByRole('button', { name: /^Repayment ₹/ }).waitFor();
    await payOnGateway(page, orderId, 'success@sandbox', '74-orders-gateway-success');
    await page.getByRole('heading', { level: 2, name: 'Payment received' }).waitFor({ timeout: 10_000 });
    await page.getByText('This loan is repaid in full.').waitFor();
    await page.getByRole('button', { name: 'Back to your loan' }).click();
    await page.getByText('This loan is repaid in full.').waitFor({ timeout: 10_000 });
    assert((await page.getByRole('button', { name: /^Repayment/ }).count()) === 0, 'no Repayment on a settled order');
    await screenshot(page, '75-orders-settled');
    noErrors(errors);
    await context.close();
  });

  scenario('orders: the overdue persona (Arjun) sees the days overdue and the fee, and Repayment in red', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/orders');
    await page.waitForURL(/\/login/);
    await signIn(page, '9000000008');
    await page.waitForURL((u) => u.pathname === '/orders');
    await page.locator('a.order-card-link').first().click();
    await page.waitForURL(/\/orders\/\d+\/detail$/);
    const repay = page.getByRole('button', { name: /^Repayment ₹/ });
    await repay.waitFor();
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    assert(/\d+ days? overdue/i.test(text) || /Days overdue/i.test(text), `days overdue shown: ${text.slice(0, 300)}`);
    assert(/overdue fee/i.test(text), `the overdue fee shown: ${text.slice(0, 300)}`);
    const color = await repay.evaluate((el) => getComputedStyle(el).backgroundColor + ' ' + getComputedStyle(el).color);
    assert(/rgb\((1[5-9]\d|2\d\d), (\d|[1-9]\d), (\d|[1-9]\d)\)/.test(color), `Repayment is red when overdue (${color})`);
    await screenshot(page, '76-orders-overdue');
    // The lender says overdue: the timeline's due step says so, in red and in words for screen readers.
    const dueStep = page.locator('.order-timeline li.overdue');
    assert(/\(overdue\)/.test(await dueStep.innerText()), 'the due step is marked overdue');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, '76-orders-overdue-timeline');
    noErrors(errors);
    await context.close();
  });

  scenario('orders: a lender with a grace period (due date passed, overdueDays 0): "Due date passed" and nothing overdue, on home and the detail, in English and Hindi', async () => {
    const loaned = (await consoleOrders(sandbox.url, MEERA)).find((o) => o.state === 6);
    assert(loaned, 'Meera has a loaned order');
    const { page, context, errors } = await signedIn(MEERA, '/');
    await graceLender(page, loaned.orderId, 5);
    const repayOnHome = page.getByRole('button', { name: /^Repay: / }).first();
    await repayOnHome.waitFor();
    // Home says nothing overdue of the grace order; the one overdue block is the order the lender
    // itself says is overdue (Meera's Quick Cash, 8).
    const graceRow = (await repayOnHome.locator('xpath=ancestor::li').innerText()).replace(/\s+/g, ' ');
    assert(!/overdue/i.test(graceRow), `home says nothing overdue of the grace order: ${graceRow}`);
    const overdueBlocks = await page.getByRole('region', { name: 'Payment overdue' }).allInnerTexts();
    assert(overdueBlocks.length === 1 && overdueBlocks[0]!.includes('Quick Cash') && !overdueBlocks[0]!.includes('Rupee Rise'), `only the lender's overdue order: ${overdueBlocks.join(' | ')}`);
    await screenshot(page, '77-orders-grace-home');

    await page.goto(`/orders/${loaned.orderId}/detail`);
    const repay = page.getByRole('button', { name: /^Repayment ₹/ });
    await repay.waitFor();
    const detail = await pageText(page);
    assert(detail.includes('Due date passed'), `'Due date passed' shown: ${detail.slice(0, 400)}`);
    assert(!/overdue/i.test(detail), `no 'overdue' anywhere on the detail: ${detail}`);
    const notRed = await page.evaluate(() => document.querySelector('.btn-overdue, .order-summary-overdue, .order-overdue, .order-timeline .overdue') === null);
    assert(notRed, 'nothing drawn overdue');
    const color = await repay.evaluate((el) => getComputedStyle(el).backgroundColor);
    assert(!/rgb\((1[5-9]\d|2\d\d), (\d|[1-9]\d), (\d|[1-9]\d)\)/.test(color), `Repayment is not red (${color})`);
    await screenshot(page, '78-orders-grace-detail');

    // The same in Hindi: the device remembers the choice, the page reads it on load.
    await page.evaluate(() => localStorage.setItem('bw.lang', 'hi'));
    await page.reload();
    await page.getByRole('button', { name: /^भुगतान करें ₹/ }).waitFor();
    const hindi = await pageText(page);
    assert(hindi.includes('तारीख बीत गई'), `'तारीख बीत गई' shown: ${hindi.slice(0, 400)}`);
    assert(!/ओवरड्यू|overdue/i.test(hindi), `nothing overdue in Hindi: ${hindi}`);
    await screenshot(page, '79-orders-grace-detail-hi');
    await page.goto('/');
    const repayHi = page.getByRole('button', { name: /: Rupee Rise$/ });
    await repayHi.waitFor();
    const graceRowHi = (await repayHi.locator('xpath=ancestor::li').innerText()).replace(/\s+/g, ' ');
    assert(!/ओवरड्यू|overdue/i.test(graceRowHi), `home says nothing overdue of the grace order in Hindi: ${graceRowHi}`);
    const overdueHi = await page.getByRole('region', { name: 'भुगतान की तारीख निकल गई' }).allInnerTexts();
    assert(overdueHi.length === 1 && !overdueHi[0]!.includes('Rupee Rise'), `only the lender's overdue order, in Hindi: ${overdueHi.join(' | ')}`);
    await screenshot(page, '79-orders-grace-home-hi');
    await page.evaluate(() => localStorage.setItem('bw.lang', 'en'));
    noErrors(errors);
    await context.close();
  });
}
