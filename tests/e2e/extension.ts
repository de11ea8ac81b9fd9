/**
 * Extension of the due date and scheduled applications in Chromium at 360×800, against the sandbox's
 * rules (docs/sandbox/extension-and-scheduling.md 'Extension', 'Scheduled applications'): an overdue order extended and paid on
 * the gateway, its new due date shown; an extension abandoned; an extension left unpaid until its
 * 24-hour window closes on the sandbox clock; a schedule created, shown and cancelled; a schedule
 * applied once the clock and a payment settle the order that blocked it.
 *
 * These run last: they move the sandbox clock by a day, and use the seeded personas' orders.
 */
import type { Page } from 'playwright-core';
import { advanceClock, assert, consoleOrders, scenario, screenshot, type Sandbox } from './harness';

export interface ExtensionContext {
  sandbox: Sandbox;
  /** A phone signed in as `phone10` (the login screen the first time), opened on `path`. */
  signedIn: (phone10: string, path: string) => Promise<{ page: Page; context: { close(): Promise<void> }; errors: string[] }>;
  noErrors: (errors: string[]) => void;
}

const ARJUN = '9000000008';
const MEERA = '9000000003';
const KIRAN = '9000000004';

const squash = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

async function qa(sandboxUrl: string, orderId: number, action: string, body: object = {}) {
  const res = await fetch(`${sandboxUrl}/sandbox/api/orders/${orderId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert(res.ok, `QA ${action} on order ${orderId} (${res.status} ${await res.text()})`);
}

/** Counts the POSTs to `path` and their Idempotency-Keys. */
function countPosts(page: Page, path: string): string[] {
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(path)) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** How many were sent so far (a call, so that an assertion on an earlier count does not narrow it). */
const sent = (keys: string[]): number => keys.length;

/** Picks a test UPI id on the sandbox gateway's page and pays; the browser comes back to the app. */
async function payOnGateway(page: Page, vpa: string, shot: string) {
  await page.getByRole('heading', { name: 'Sandbox Pay' }).waitFor({ timeout: 10_000 });
  await page.locator(`input[value="${vpa}"]`).check();
  await screenshot(page, shot);
  await page.getByRole('button', { name: 'Pay' }).click();
}

/**
 * On the schedule page of a borrower without a bank account: adds one through the bank form, whose
 * return to the loan confirmation sends a borrower with an open loan to Loan History; its notice's
 * offer opens the schedule page again, with the new account.
 */
async function addBankFromSchedule(page: Page, account: string) {
  const schedulePath = new URL(page.url()).pathname;
  const pid = schedulePath.split('/')[2];
  await page.getByRole('link', { name: 'Add bank account' }).click();
  await page.getByLabel('IFSC code', { exact: true }).fill('HDFC0149771');
  await page.getByLabel('Bank account number', { exact: true }).fill(account);
  await page.getByLabel('Confirm account number', { exact: true }).fill(account);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === pid, { timeout: 10_000 });
  await page.getByRole('status', { name: 'You already have an open loan' }).getByRole('link', { name: 'Schedule next application' }).click();
  await page.waitForURL((u) => u.pathname === schedulePath, { timeout: 10_000 });
  await page.getByRole('combobox', { name: 'Bank account' }).waitFor();
}

export function extensionScenarios({ sandbox, signedIn, noErrors }: ExtensionContext) {
  scenario('extension: an overdue order extended and paid on the gateway; the new due date shown, the overdue cleared', async () => {
    const orders = await consoleOrders(sandbox.url, ARJUN);
    const overdue = orders.find((o) => o.state === 8);
    assert(overdue, `Arjun has an overdue order: ${JSON.stringify(orders)}`);
    // Arjun signed in a moment ago (the orders scenarios): a new code needs the sandbox's 60 s to pass.
    await advanceClock(sandbox.url, 61);
    const { page, context, errors } = await signedIn(ARJUN, `/orders/${overdue.orderId}/detail`);
    await page.getByRole('link', { name: 'Extend due date' }).click();
    await page.waitForURL((u) => u.pathname === `/orders/${overdue.orderId}/extension`);
    await page.getByRole('button', { name: 'Apply and payment' }).waitFor();
    const offer = await squash(page);
    for (const words of [/extension fee/i, /processing fee/i, /\d+(\.\d+)?%/, /interest/i, /7 days/i, /24 hours/i, /already (repaid|paid)/i])
      assert(words.test(offer), `the offer shows ${words}: ${offer.slice(0, 600)}`);
    const newDue = /New due date\s*(\d{1,2} \w{3} \d{4})/i.exec(offer)?.[1];
    assert(newDue, `the new due date is shown: ${offer.slice(0, 600)}`);
    await screenshot(page, '80-extension-offer');

    // No charge outside the KFS: the amendment (the lender's number, its validity, what changes) is acknowledged first.
    // The amendment in Hindi first (the RBI expects the KFS in a language the borrower reads).
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    const amendmentHi = page.getByRole('region', { name: 'आपके मुख्य तथ्य विवरण (KFS) में बदलाव' });
    await amendmentHi.getByText(/^KFS\d{14}$/).waitFor({ timeout: 10_000 });
    await amendmentHi.scrollIntoViewIfNeeded();
    await screenshot(page, '80c-extension-amendment-hi');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    await page.reload();
    const amendment = page.getByRole('region', { name: 'Amendment to your Key Fact Statement' });
    await amendment.getByText(/^KFS\d{14}$/).waitFor();
    assert(await page.getByRole('button', { name: 'Apply and payment' }).isDisabled(), 'no Apply and payment before the amendment is acknowledged');
    await amendment.getByRole('checkbox', { name: 'I have read this amendment to my Key Fact Statement and accept it.' }).check();
    await amendment.scrollIntoViewIfNeeded();
    await screenshot(page, '80b-extension-amendment');
    const applies = countPosts(page, '/order-repay-extension/v1/apply-extension');
    await page.getByRole('button', { name: 'Apply and payment' }).dblclick();
    await payOnGateway(page, 'success@sandbox', '81-extension-gateway');
    await page.waitForURL((u) => u.pathname === `/orders/${overdue.orderId}/detail`, { timeout: 10_000 });
    assert(applies.length === 1 && /^[A-Za-z0-9_-]{8,128}$/.test(applies[0] ?? ''), `one apply request with a key for a double tap (${applies.length})`);
    // Back from the gateway the page says what happened to the fee first, with the new due date.
    await page.getByRole('heading', { level: 2, name: 'Extension fee received' }).waitFor({ timeout: 10_000 });
    await page.getByText(`Your due date is now ${newDue}.`).waitFor();
    await page.getByRole('button', { name: 'Back to your loan' }).click();
    await page.getByRole('button', { name: /^Repayment ₹/ }).waitFor();
    await page.getByText(newDue).first().waitFor({ timeout: 10_000 });
    const after = await squash(page);
    assert(!/days? overdue/i.test(after), `no longer overdue after the extension: ${after.slice(0, 500)}`);
    await screenshot(page, '82-extension-paid-detail');
    noErrors(errors);
    await context.close();
  });

  scenario('extension: abandoned from its dialog (Continue Extension keeps it; Abandon Extension sends one giveup, then /orders)', async () => {
    const orders = await consoleOrders(sandbox.url, MEERA);
    const overdue = orders.find((o) => o.state === 8);
    assert(overdue, `Meera has an overdue order: ${JSON.stringify(orders)}`);
    const { page, context, errors } = await signedIn(MEERA, `/orders/${overdue.orderId}/extension`);
    const giveups = countPosts(page, '/order-repay-extension/v1/giveup-extension');
    await page.getByRole('button', { name: 'Abandon extension' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm giving up on extension?' });
    await dialog.getByText(/unsuccessful/i).waitFor();
    await screenshot(page, '83-extension-abandon-dialog');
    await dialog.getByRole('button', { name: 'Continue Extension' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert(sent(giveups) === 0, 'Continue Extension sends nothing');
    await page.getByRole('button', { name: 'Abandon extension' }).click();
    await dialog.getByRole('button', { name: 'Abandon Extension' }).dblclick();
    await page.waitForURL((u) => u.pathname === '/orders', { timeout: 10_000 });
    assert(sent(giveups) === 1, `one giveup request for a double tap (${sent(giveups)})`);
    const still = (await consoleOrders(sandbox.url, MEERA)).find((o) => o.orderId === overdue.orderId);
    assert(still?.state === 8, `the order is as before (${still?.state})`);
    noErrors(errors);
    await context.close();
  });

  scenario('extension: applied but left unpaid; the 24-hour window counts down across a reload, then the extension fails on the clock', async () => {
    const orders = await consoleOrders(sandbox.url, MEERA);
    const loaned = orders.find((o) => o.state === 6);
    assert(loaned, `Meera has a loaned order: ${JSON.stringify(orders)}`);
    const { page, context, errors } = await signedIn(MEERA, `/orders/${loaned.orderId}/extension`);
    await page.getByRole('checkbox', { name: 'I have read this amendment to my Key Fact Statement and accept it.' }).check();
    await page.getByRole('button', { name: 'Apply and payment' }).click();
    await page.getByRole('heading', { name: 'Sandbox Pay' }).waitFor({ timeout: 10_000 });
    // The borrower leaves the gateway without paying: Loan History sends an order in extension to its page.
    await page.goto('/orders');
    await page.locator(`a[href="/orders/${loaned.orderId}/extension"]`).click();
    await page.waitForURL((u) => u.pathname === `/orders/${loaned.orderId}/extension`);
    const timer = page.getByRole('timer');
    await timer.waitFor();
    const left = await timer.innerText();
    assert(/2[0-4]:\d{2}:\d{2}/.test(left), `about 24 hours left: ${left}`);
    await screenshot(page, '84-extension-window');
    // The applied extension's fee stands on the amendment too: the app's own (no lender number), ticked afresh here.
    const amendment = page.getByRole('region', { name: 'Amendment to your Key Fact Statement' });
    const amended = (await amendment.innerText()).replace(/\s+/g, ' ');
    assert(/New due date \d{1,2} \w{3} \d{4}/.test(amended) && /Extension fee to pay now ₹[\d,]+/.test(amended) && !/KFS\d{14}/.test(amended), `the applied extension's amendment: ${amended}`);
    const tick = amendment.getByRole('checkbox', { name: 'I have read this amendment to my Key Fact Statement and accept it.' });
    assert(!(await tick.isChecked()), 'the tick is asked again on the applied extension');
    assert(await page.getByRole('button', { name: 'Apply and payment' }).isDisabled(), 'no Apply and payment on the applied extension before its amendment is ticked');
    await tick.check();
    assert(await page.getByRole('button', { name: 'Apply and payment' }).isEnabled(), 'Apply and payment once ticked');
    await amendment.scrollIntoViewIfNeeded();
    await screenshot(page, '84b-extension-awaiting-amendment');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    const amendmentHi = page.getByRole('region', { name: 'आपके मुख्य तथ्य विवरण (KFS) में बदलाव' });
    await amendmentHi.getByText('चुकाने की नई तारीख').waitFor({ timeout: 10_000 });
    assert(await page.getByRole('button', { name: 'आवेदन और भुगतान' }).isDisabled(), 'in Hindi too, no Apply and payment before the tick');
    await amendmentHi.scrollIntoViewIfNeeded();
    await screenshot(page, '84c-extension-awaiting-amendment-hi');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    await page.reload();
    await timer.waitFor();
    assert(/2[0-4]:\d{2}:\d{2}/.test(await timer.innerText()), 'the countdown survives a reload');
    await advanceClock(sandbox.url, 25 * 3600);
    await page.reload();
    await page.getByText(/extension (has )?failed/i).first().waitFor({ timeout: 10_000 });
    await screenshot(page, '85-extension-failed');
    const back = (await consoleOrders(sandbox.url, MEERA)).find((o) => o.orderId === loaned.orderId);
    assert(back?.state === 6 || back?.state === 8, `the order returned to its previous state (${back?.state})`);
    noErrors(errors);
    await context.close();
  });

  scenario('schedule: created from a product that is full, shown in the list and its detail, then cancelled (No changes nothing)', async () => {
    const { page, context, errors } = await signedIn(MEERA, '/');
    await page.getByRole('link', { name: /^Schedule/ }).first().click();
    await page.waitForURL(/\/product\/[^/]+\/schedule$/);
    await page.getByRole('button', { name: 'Schedule application' }).waitFor();
    await screenshot(page, '86-schedule-no-account');
    await addBankFromSchedule(page, '50100333344445');
    await screenshot(page, '86-schedule-create');
    // The lender's KFS for the expected amount, acknowledged when it is scheduled (English, then Hindi).
    const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
    await kfs.getByText(/^KFS\d{14}$/).waitFor({ timeout: 10_000 });
    assert(await page.getByRole('button', { name: 'Schedule application' }).isDisabled(), 'no scheduling before the KFS is acknowledged');
    await kfs.scrollIntoViewIfNeeded();
    await screenshot(page, '86b-schedule-kfs');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    const kfsHi = page.getByRole('region', { name: 'मुख्य तथ्य विवरण (KFS)' });
    await kfsHi.getByText(/^KFS\d{14}$/).waitFor({ timeout: 10_000 });
    await kfsHi.scrollIntoViewIfNeeded();
    await screenshot(page, '86c-schedule-kfs-hi');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    await page.reload();
    await page.getByRole('region', { name: 'Key Fact Statement' }).getByRole('checkbox').check();
    const creates = countPosts(page, '/order/v1/order-auto-apply');
    await page.getByRole('button', { name: 'Schedule application' }).dblclick();
    await page.waitForURL(/\/schedule\/[^/]+(\?|$)/, { timeout: 10_000 });
    assert(creates.length === 1, `one schedule for a double tap (${creates.length})`);
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await screenshot(page, '87-schedule-detail');

    // The list, from Account.
    await page.goto('/personal');
    await page.getByRole('link', { name: /Scheduled applications/ }).click();
    await page.waitForURL((u) => u.pathname === '/schedule');
    await page.getByText('Scheduled', { exact: true }).first().waitFor();
    await screenshot(page, '88-schedule-list');
    await page.getByRole('link', { name: /View Detail/ }).first().click();
    await page.waitForURL(/\/schedule\/[^/]+\?pid=/);

    const cancels = countPosts(page, '/order/v1/cancel-auto-apply');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you confirm cancel this schedule order ?' });
    await dialog.waitFor();
    await screenshot(page, '89-schedule-cancel-dialog');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert(sent(cancels) === 0, 'No sends nothing');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).dblclick();
    await page.waitForURL((u) => u.pathname === '/schedule', { timeout: 10_000 });
    assert(sent(cancels) === 1, `one cancel for a double tap (${sent(cancels)})`);
    await page.getByText('Canceled', { exact: true }).first().waitFor();
    noErrors(errors);
    await context.close();
  });

  scenario('schedule: blocked by an open order on the confirmation page (Loan History says why and offers it), scheduled, then applied once that order is repaid', async () => {
    const orders = await consoleOrders(sandbox.url, KIRAN);
    const open = orders.find((o) => o.state === 1);
    assert(open, `Kiran has an order in review: ${JSON.stringify(orders)}`);
    const { page, context, errors } = await signedIn(KIRAN, `/product/${open.productId}/detail`);
    await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === String(open.productId), { timeout: 10_000 });
    await page.getByRole('status', { name: 'You already have an open loan' }).getByRole('link', { name: 'Schedule next application' }).click();
    await page.waitForURL((u) => u.pathname === `/product/${open.productId}/schedule`, { timeout: 10_000 });
    await page.getByRole('link', { name: /My loans|Loan History/ }).first().waitFor();
    await addBankFromSchedule(page, '50100555566667');
    await screenshot(page, '90-schedule-blocked');
    await page.getByRole('region', { name: 'Key Fact Statement' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Schedule application' }).click();
    await page.waitForURL(/\/schedule\/[^/]+(\?|$)/, { timeout: 10_000 });

    // The blocking order: approved and disbursed from the QA console, then repaid on the gateway.
    await qa(sandbox.url, open.orderId, 'decide', { decision: 'approve' });
    await qa(sandbox.url, open.orderId, 'disburse');
    await page.goto(`/orders/${open.orderId}/detail`);
    await page.getByRole('button', { name: /^Repayment ₹/ }).click();
    await payOnGateway(page, 'success@sandbox', '90-schedule-blocking-repaid-gateway');
    await page.waitForURL((u) => u.pathname === `/orders/${open.orderId}/detail`, { timeout: 10_000 });

    await page.goto('/');
    await page.getByRole('link', { name: /Scheduled applications/ }).click();
    await page.waitForURL((u) => u.pathname === '/schedule');
    await page.getByText('Applied', { exact: true }).first().waitFor({ timeout: 10_000 });
    const list = await squash(page);
    const applied = (await consoleOrders(sandbox.url, KIRAN)).find((o) => o.state === 1 && o.orderId !== open.orderId);
    assert(applied, 'a new order in review was applied for the schedule');
    await screenshot(page, '91-schedule-applied');
    assert(/Applied/.test(list), `the list shows Applied with the order number: ${list.slice(0, 400)}`);
    noErrors(errors);
    await context.close();
  });
}
