/**
 * What happened to each payment, in Chromium at 360×800 against the sandbox's gateway (test UPI IDs):
 * a failed repayment (nothing taken, Pay again), a part payment received with its receipt (opened,
 * printed to PDF, in English and Hindi), a pending one told as the bank answers on the clock, and the
 * full one that repays the loan; an extension fee told with its new due date; and a lender with only
 * the spec's calls (the payments call answered 404): an order unchanged on return is 'not confirmed
 * yet', with Check again and Pay again. Every outcome is shown in English, then reloaded in Hindi
 * (a reload tells it again, from the lender).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { advanceClock, assert, consoleOrders, newBorrowerPhone, newPhone, OUT, scenario, screenshot, type Sandbox } from './harness';

export interface PaymentsContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
  everyControlLabelled: (page: Page) => Promise<void>;
}

const PID = '1';
const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 };
const PDFS = join(OUT, 'pdf');

/** The page's text, squashed. */
const text = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

/** An /api1 call with the borrower's token, its envelope's data (code 0 asserted). */
async function call<T>(sandboxUrl: string, token: string, method: 'GET' | 'POST', path: string, json?: unknown): Promise<T> {
  const res = await fetch(`${sandboxUrl}/api1${path}`, {
    method,
    headers: { token, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  assert(body.code === 0, `${method} ${path}: ${body.msg}`);
  return body.data;
}

/**
 * A new borrower with a loan disbursed on the sandbox clock: signed in through the login screen, the
 * rest set up through the lender's own calls with the session's token (verified, an account, an
 * application with auto-get-money, the clock moved past the audit and the disbursal).
 */
export async function borrowerWithLoan(ctx: PaymentsContext) {
  const phone10 = newBorrowerPhone();
  const res = await fetch(`${ctx.sandbox.url}/sandbox/api/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, flags: ALL_DONE }),
  });
  assert(res.ok, `the sandbox set the borrower up (${res.status})`);
  const phone = await newPhone(ctx.browser, ctx.sandbox.url);
  await phone.page.goto('/orders');
  await phone.page.waitForURL(/\/login/);
  await ctx.signIn(phone.page, phone10);
  await phone.page.waitForURL((u) => u.pathname === '/orders');
  const token = (await phone.page.evaluate(() => localStorage.getItem('bw.token'))) ?? '';
  const card = await call<{ id: string }>(ctx.sandbox.url, token, 'POST', '/bank/v1/bind-card', {
    bankCode: 'HDFC0149771',
    cardNo: '50100777788889',
    confirmCardNo: '50100777788889',
    productId: PID,
    clientId: 'in.borrower.h5',
  });
  const product = await call<{ amountList: number[]; period: number }>(ctx.sandbox.url, token, 'GET', `/product/v1/product-info?id=${PID}`);
  const amount = product.amountList.at(-1)!;
  // Auto Get money lends only under a KFS acknowledged before applying, as the app does.
  const { kfsNo } = await call<{ kfsNo: string }>(ctx.sandbox.url, token, 'POST', '/kfs/v1/issue', { kind: 'application', productId: PID, amount });
  await call(ctx.sandbox.url, token, 'POST', '/kfs/v1/acknowledge', { kfsNo });
  await call(ctx.sandbox.url, token, 'POST', '/order/v1/apply', { cardId: card.id, borrowAmount: amount, periods: product.period, productId: PID, checkEmail: 0, autoGetMoney: 1, autoMoney: amount, kfsNo });
  await advanceClock(ctx.sandbox.url, 200);
  const [loan] = await consoleOrders(ctx.sandbox.url, phone10);
  assert(loan && loan.state === 6, `the loan is disbursed (${JSON.stringify(loan)})`);
  return { ...phone, phone10, orderId: String(loan.orderId) };
}

/** Taps `button` on the order page, pays on the sandbox gateway with a test UPI id (and an amount), and comes back. */
export async function pay(page: Page, orderId: string, button: RegExp | string, vpa: string, amount?: number) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { name: 'Sandbox Pay' }).waitFor({ timeout: 10_000 });
  if (amount !== undefined) await page.getByLabel('Amount to pay (₹)').fill(String(amount));
  await page.locator(`input[value="${vpa}"]`).check();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((u) => u.pathname === `/orders/${orderId}/detail`, { timeout: 10_000 });
}

/** The outcome card's heading, once the page has told it. */
const told = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 15_000 });

/** The same page in Hindi (a reload, as a borrower's language switch and reload would), a screenshot, and back to English. */
async function inHindi(page: Page, shot: string, heading: string) {
  await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
  await page.reload();
  await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 15_000 });
  await screenshot(page, shot);
  const hindi = await text(page);
  await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
  await page.reload();
  return hindi;
}

/** Prints the page to PDF (Chromium's print to PDF, as 'Save as PDF' does), with the print stylesheet. */
export async function printed(page: Page, name: string): Promise<Buffer> {
  await page.emulateMedia({ media: 'print' });
  const visible = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => getComputedStyle(el).visibility === 'visible' && getComputedStyle(el).display !== 'none' && el.childElementCount === 0 && (el.textContent ?? '').trim())
      .map((el) => (el.textContent ?? '').trim()),
  );
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  mkdirSync(PDFS, { recursive: true });
  writeFileSync(join(PDFS, `${name}.pdf`), pdf);
  assert(pdf.subarray(0, 5).toString() === '%PDF-', 'a PDF');
  for (const chrome of ['Print or save as PDF', 'प्रिंट करें या PDF सेव करें', 'Back to your loan', 'अपने लोन पर वापस जाएँ'])
    assert(!visible.includes(chrome), `"${chrome}" is not printed: ${visible.join(' | ')}`);
  return pdf;
}

export function paymentScenarios(ctx: PaymentsContext) {
  const { sandbox, noErrors, everyControlLabelled } = ctx;

  scenario('payments: a failed repayment, a part payment and its receipt (printed, in Hindi too), a pending one told as the bank answers, then the full one', async () => {
    const { page, context, errors, orderId, phone10 } = await borrowerWithLoan(ctx);
    await page.goto(`/orders/${orderId}/detail`);
    await page.getByRole('button', { name: /^Repayment ₹/ }).waitFor();
    const owed = Number((await page.getByRole('button', { name: /^Repayment ₹/ }).innerText()).replace(/[^\d]/g, ''));

    // Failed: nothing was taken; Pay again is offered.
    await pay(page, orderId, /^Repayment ₹/, 'failure@sandbox');
    await told(page, 'Payment not received');
    const failed = await text(page);
    assert(failed.includes('No money was taken.') && /Referencegw_|Reference gw_/.test(failed), `the failure says what happened: ${failed}`);
    assert((await page.getByRole('button', { name: /^Repayment/ }).count()) === 0, 'no Repayment under an outcome');
    await everyControlLabelled(page);
    await screenshot(page, '95-payment-not-received');
    const failedHi = await inHindi(page, '95-payment-not-received-hi', 'भुगतान नहीं मिला');
    assert(failedHi.includes('कोई पैसा नहीं कटा।') && failedHi.includes('फिर से भुगतान करें'), `in Hindi: ${failedHi}`);

    // Pay again: a new intent (a new key); a part payment this time.
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api1/pay-order/v1/repay')) keys.push(r.headers()['idempotency-key'] ?? '');
    });
    await told(page, 'Payment not received');
    await pay(page, orderId, 'Pay again', 'success@sandbox', 5000);
    await told(page, 'Payment received');
    const part = await text(page);
    assert(part.includes('We have received ₹5,000.'), `the amount received: ${part}`);
    assert(new RegExp(`Left to pay ?₹${(owed - 5000).toLocaleString('en-IN')}`).test(part), `what is left: ${part}`);
    assert(/Received on ?\d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST/.test(part), `when, in India time: ${part}`);
    await everyControlLabelled(page);
    await screenshot(page, '96-payment-received-part');
    await inHindi(page, '96-payment-received-part-hi', 'भुगतान मिल गया');

    // Its receipt: a page to print; its parts add up to the amount on screen.
    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`/orders/${orderId}/receipts/pay_`));
    const receipt = page.getByRole('article');
    await receipt.waitFor();
    const doc = (await receipt.innerText()).replace(/\s+/g, ' ');
    for (const words of ['Sandbox Finance', 'RBI registration no.', 'Receipt RC', 'Loan repayment', 'Amount received ₹5,000', 'Total'])
      assert(doc.includes(words), `the receipt has "${words}": ${doc}`);
    const cells = (await receipt.getByRole('cell').allInnerTexts()).map((c) => Number(c.replace(/[^\d]/g, '')));
    assert(cells.slice(0, -1).reduce((a, x) => a + x, 0) === cells.at(-1) && cells.at(-1) === 5000, `its parts add up: ${cells.join(', ')}`);
    await everyControlLabelled(page);
    await screenshot(page, '97-receipt');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, '97-receipt-end');
    const pdf = await printed(page, 'receipt-en');
    assert(pdf.length > 5_000, `a PDF with the receipt (${pdf.length} bytes)`);
    const receiptHi = await inHindi(page, '97-receipt-hi', 'भुगतान की रसीद');
    assert(receiptHi.includes('मूलधन') && receiptHi.includes('कुल'), `the receipt in Hindi: ${receiptHi}`);
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    await page.getByRole('article').waitFor();
    await printed(page, 'receipt-hi');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, '97-receipt-hi-print');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    await page.reload();
    await page.getByRole('article').waitFor();

    // Back to the loan: the payment in the list, with its receipt, and its mark on the timeline.
    await page.getByRole('link', { name: 'Back to your loan' }).click();
    await told(page, 'Payment received'); // the tab still remembers it: told until the borrower goes on
    await page.getByRole('button', { name: 'Back to your loan' }).click();
    await page.getByRole('region', { name: 'Payments' }).waitFor();
    assert(/Paid ₹5,000/.test(await text(page)), 'the timeline has the payment');
    await page.getByRole('region', { name: 'Payments' }).scrollIntoViewIfNeeded();
    await screenshot(page, '98-order-payments');

    // Pending: not to pay again, when it will be known; the page checks by itself and says when the bank answers.
    const rest = owed - 5000;
    await pay(page, orderId, /^Repayment ₹/, 'pending@sandbox', 1000);
    await told(page, 'Waiting for your bank');
    const pending = await text(page);
    assert(pending.includes('Please do not pay again meanwhile') && /will confirm it by \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST/.test(pending), `pending says what it means: ${pending}`);
    assert((await page.getByRole('button', { name: 'Pay again' }).count()) === 0, 'no Pay again while pending');
    await screenshot(page, '99-payment-pending');
    await inHindi(page, '99-payment-pending-hi', 'आपके बैंक की पुष्टि का इंतज़ार है');
    await advanceClock(sandbox.url, 121);
    await told(page, 'Payment received');
    assert((await text(page)).includes('We have received ₹1,000.'), 'the pending payment, received');
    await screenshot(page, '99-payment-pending-then-received');

    // The full rest: the loan is repaid.
    await page.getByRole('button', { name: 'Back to your loan' }).click();
    await pay(page, orderId, /^Repayment ₹/, 'success@sandbox');
    await told(page, 'Payment received');
    const full = await text(page);
    assert(full.includes(`We have received ₹${(rest - 1000).toLocaleString('en-IN')}.`) && full.includes('This loan is repaid in full.'), `the full repayment: ${full}`);
    await screenshot(page, '100-payment-received-full');
    await inHindi(page, '100-payment-received-full-hi', 'भुगतान मिल गया');
    await page.getByRole('button', { name: 'Back to your loan' }).click();
    await page.getByText('This loan is repaid in full.').waitFor();
    assert((await page.getByRole('link', { name: /^Receipt of / }).count()) === 3, 'three receipts: the three payments received');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, '100-order-settled-payments');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    await page.getByRole('heading', { name: 'भुगतान', exact: true }).waitFor();
    const settledHi = await text(page);
    assert(settledHi.includes('₹5,000 चुकाए') && settledHi.includes('मिल गया'), `the payments and marks in Hindi: ${settledHi}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, '100-order-settled-payments-hi');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    assert(new Set(keys).size === keys.length && keys.length === 3, `each payment its own key (${keys.join(', ')})`);
    // The sandbox's SMS of each payment booked (in the outbox): amount, order, reference, what it left.
    const outbox = (await (await fetch(`${sandbox.url}/sandbox/api/outbox?phone=91${phone10}`)).json()) as { messages: { text: string }[] };
    const booked = outbox.messages.filter((m) => m.text.startsWith('Payment received'));
    assert(booked.length === 3 && booked[0]!.text.includes('Your loan is repaid in full.'), `one SMS per payment booked: ${JSON.stringify(booked)}`);
    noErrors(errors);
    await context.close();
  });

  scenario('payments: an extension fee paid is told with its new due date', async () => {
    const { page, context, errors, orderId } = await borrowerWithLoan(ctx);
    await page.goto(`/orders/${orderId}/extension`);
    await page.getByRole('button', { name: 'Apply and payment' }).waitFor();
    const newDue = /New due date\s*(\d{1,2} \w{3} \d{4})/.exec(await text(page))?.[1];
    assert(newDue, 'the offer names the new due date');
    await page.getByRole('checkbox', { name: 'I have read this amendment to my Key Fact Statement and accept it.' }).check();
    await page.getByRole('button', { name: 'Apply and payment' }).click();
    await page.getByRole('heading', { name: 'Sandbox Pay' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((u) => u.pathname === `/orders/${orderId}/detail`, { timeout: 10_000 });
    await told(page, 'Extension fee received');
    const fee = await text(page);
    assert(fee.includes(`Your due date is now ${newDue}.`), `the new due date: ${fee}`);
    await everyControlLabelled(page);
    await screenshot(page, '101-extension-fee-received');
    const hindi = await inHindi(page, '101-extension-fee-received-hi', 'एक्सटेंशन फ़ीस मिल गई');
    assert(hindi.includes('अब आपकी चुकाने की तारीख'), `in Hindi: ${hindi}`);
    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.getByRole('article').waitFor();
    const doc = (await page.getByRole('article').innerText()).replace(/\s+/g, ' ');
    assert(doc.includes('Extension fee') && doc.includes(`New due date ${newDue}`), `the fee's receipt: ${doc}`);
    await screenshot(page, '101-extension-fee-receipt');
    await page.getByRole('link', { name: 'Back to your loan' }).click();
    await page.getByRole('button', { name: 'Back to your loan' }).click();
    await page.getByRole('button', { name: /^Repayment ₹/ }).waitFor();
    assert(new RegExp(`Extension fee ₹[\\d,]+ paid, due date moved to ${newDue}`).test(await text(page)), 'the extension leaves its mark on the timeline');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, '101-extension-timeline');
    noErrors(errors);
    await context.close();
  });

  scenario("payments: a lender with only the spec's calls (the payments call 404): an unchanged order is not confirmed yet, with Check again and Pay again", async () => {
    const { page, context, errors, orderId } = await borrowerWithLoan(ctx);
    let asked = 0;
    await page.route('**/api1/pay-order/v1/payments**', (route) => {
      asked++;
      return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'Not found', data: null }) });
    });
    await page.goto(`/orders/${orderId}/detail`);
    await page.getByRole('button', { name: /^Repayment ₹/ }).waitFor();
    assert((await page.getByRole('region', { name: 'Payments' }).count()) === 0, 'no payments list without the call');
    await pay(page, orderId, /^Repayment ₹/, 'failure@sandbox');
    await told(page, 'Payment not confirmed yet');
    const unconfirmed = await text(page);
    assert(unconfirmed.includes('We have not received this payment yet.'), `says it is not confirmed: ${unconfirmed}`);
    await page.getByRole('button', { name: 'Check again' }).waitFor();
    await page.getByRole('button', { name: 'Pay again' }).waitFor();
    assert((await page.getByRole('link', { name: 'View receipt' }).count()) === 0, 'no receipt without the call');
    await everyControlLabelled(page);
    await screenshot(page, '102-payment-unconfirmed');
    await inHindi(page, '102-payment-unconfirmed-hi', 'भुगतान की पुष्टि अभी नहीं हुई');
    await page.getByRole('button', { name: 'Check again' }).click();
    await told(page, 'Payment not confirmed yet');
    await pay(page, orderId, 'Pay again', 'success@sandbox');
    await told(page, 'Payment received');
    const received = await text(page);
    assert(received.includes('The lender has updated your loan with this payment.') && received.includes('This loan is repaid in full.'), `the order tells it: ${received}`);
    assert((await page.getByRole('link', { name: 'View receipt' }).count()) === 0, 'no receipt without the call');
    await screenshot(page, '103-payment-received-spec-only');
    assert(asked > 0, 'the app asked for the payments, and took the spec’s path');
    noErrors(errors.filter((e) => !e.includes('404')));
    await context.close();
  });
}
