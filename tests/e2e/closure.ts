/**
 * Ending a loan early, in Chromium at 360×800 against the sandbox's gateway: a cooling-off exit paid
 * minutes after disbursal settles the loan at the principal and one day's interest; after the clock
 * moves past the period, "Close the loan today" settles it at the interest to date. Each offer and
 * its confirmation is looked at in English and Hindi.
 */
import type { Page } from 'playwright-core';
import { advanceClock, assert, consoleOrders, scenario, screenshot } from './harness';
import { borrowerWithLoan, type PaymentsContext } from './payments';

const text = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');
const rupees = (s: string) => Number(s.replace(/[^\d]/g, ''));

/** The page in Hindi (a reload, as a language switch does), a screenshot, and back to English. */
async function inHindi(page: Page, shot: string, heading: string): Promise<string> {
  await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
  await page.reload();
  await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 15_000 });
  await screenshot(page, shot);
  const hindi = await text(page);
  await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
  await page.reload();
  return hindi;
}

/** Confirms the closure on the card, pays it in full on the gateway, and comes back told. */
async function payClosure(page: Page, orderId: string, offer: string, confirmTitle: string, shot: string): Promise<number> {
  await page.getByRole('button', { name: offer }).click();
  await page.getByRole('heading', { name: confirmTitle }).waitFor();
  const total = rupees(await page.locator('.closure-sum .sum-total dd').innerText());
  const parts = await page.locator('.closure-sum .sum-lines > div:not(.sum-total) data').evaluateAll((els) => els.map((el) => Number(el.getAttribute('value'))));
  assert(parts.reduce((a, b) => a + b, 0) === total, `the parts add up to the amount: ${parts.join(' + ')} = ${total}`);
  await page.locator('.closure-confirm').scrollIntoViewIfNeeded();
  await screenshot(page, shot);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('heading', { name: 'Sandbox Pay' }).waitFor({ timeout: 10_000 });
  const gateway = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  assert(gateway.includes('Loan closure') && gateway.includes(`₹${total.toLocaleString('en-IN')}`), `the gateway asks the closure amount: ${gateway}`);
  await page.locator('input[value="success@sandbox"]').check();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((u) => u.pathname === `/orders/${orderId}/detail`, { timeout: 10_000 });
  await page.getByRole('heading', { level: 2, name: 'Payment received' }).waitFor({ timeout: 15_000 });
  return total;
}

export function closureScenarios(ctx: PaymentsContext) {
  const { sandbox, noErrors, everyControlLabelled } = ctx;

  scenario('closure: a cooling-off exit paid minutes after disbursal settles the loan at the principal and the proportionate interest', async () => {
    const { page, errors, orderId, phone10 } = await borrowerWithLoan(ctx);
    await page.goto(`/orders/${orderId}/detail`);
    const card = page.getByRole('region', { name: 'Exit this loan without penalty' });
    await card.waitFor({ timeout: 15_000 });
    const offer = (await card.innerText()).replace(/\s+/g, ' ');
    assert(/the principal and the interest for 1 day, with no penalty/.test(offer), `the exit says what it costs: ${offer}`);
    const full = rupees(await page.getByRole('button', { name: /^Repayment ₹/ }).innerText());
    await everyControlLabelled(page);
    await screenshot(page, 'closure-exit-offer');
    const hindi = await inHindi(page, 'closure-exit-offer-hi', 'बिना जुर्माने के लोन से बाहर निकलें');
    assert(hindi.includes('बिना किसी जुर्माने के'), `the offer in Hindi: ${hindi}`);
    await card.waitFor({ timeout: 15_000 });

    const paid = await payClosure(page, orderId, 'Exit this loan without penalty', 'Exit this loan', 'closure-exit-confirm');
    assert(paid < full, `the exit (${paid}) costs less than the full term (${full})`);
    const told = await text(page);
    assert(told.includes('Your loan is closed. Nothing more is owed on it.') && told.includes(`₹${paid.toLocaleString('en-IN')}`), `the outcome says the loan is closed: ${told}`);
    await screenshot(page, 'closure-exit-received');
    const [loan] = await consoleOrders(sandbox.url, phone10);
    assert(loan?.state === 7, `the lender settled the loan (${JSON.stringify(loan)})`);
    noErrors(errors);
  });

  scenario('closure: a part payment left on the gateway with Back tells the outcome on the loan page (not yet received), and pays nothing', async () => {
    const { page, errors, orderId } = await borrowerWithLoan(ctx);
    await page.goto(`/orders/${orderId}/detail`);
    await page.getByRole('region', { name: 'Exit this loan without penalty' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay part of the amount' }).click();
    await page.getByLabel('Amount to pay (₹)').fill('1000');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.getByRole('heading', { name: 'Sandbox Pay' }).waitFor({ timeout: 10_000 });
    // Back from the gateway without paying: restored from the bfcache or loaded again, the page tells it.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/orders/${orderId}/detail`, { timeout: 10_000 });
    await page.getByText('We have not received this payment yet.', { exact: false }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'closure-part-back-unconfirmed');
    noErrors(errors);
  });

  scenario('closure: after the cooling-off period, Close the loan today settles at the interest to date', async () => {
    const { page, errors, orderId, phone10 } = await borrowerWithLoan(ctx);
    await advanceClock(sandbox.url, 3 * 24 * 3600 + 120);
    await page.goto(`/orders/${orderId}/detail`);
    const card = page.getByRole('region', { name: 'Close the loan today' });
    await card.waitFor({ timeout: 15_000 });
    assert((await page.getByRole('region', { name: 'Exit this loan without penalty' }).count()) === 0, 'no exit after the period');
    await screenshot(page, 'closure-preclose-offer');
    const hindi = await inHindi(page, 'closure-preclose-offer-hi', 'आज ही लोन बंद करें');
    assert(hindi.includes('कोई फ़ोरक्लोज़र शुल्क नहीं'), `the offer in Hindi: ${hindi}`);
    // The confirmation and the part payment's form, in Hindi.
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    await page.getByRole('button', { name: 'आज ही लोन बंद करें' }).click();
    await page.getByRole('heading', { name: 'लोन बंद करें' }).waitFor();
    await page.locator('.closure-confirm').scrollIntoViewIfNeeded();
    await screenshot(page, 'closure-preclose-confirm-hi');
    await page.getByRole('button', { name: 'रद्द करें' }).click();
    await page.getByRole('button', { name: 'राशि का कुछ हिस्सा चुकाएँ' }).click();
    await page.getByLabel('चुकाने की राशि (₹)').fill('1000');
    await page.getByText(/^इसके बाद नियत तारीख तक ₹[\d,]+ चुकाना बाकी रहेगा।$/).waitFor();
    await screenshot(page, 'closure-part-hi');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    await page.reload();
    await card.waitFor({ timeout: 15_000 });
    // The part payment's form says what it leaves owing.
    await page.getByRole('button', { name: 'Pay part of the amount' }).click();
    await page.getByLabel('Amount to pay (₹)').fill('1000');
    await page.getByText(/^This leaves ₹[\d,]+ to pay by the due date\.$/).waitFor();
    await screenshot(page, 'closure-part');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await payClosure(page, orderId, 'Close the loan today', 'Close this loan', 'closure-preclose-confirm');
    const [loan] = await consoleOrders(sandbox.url, phone10);
    assert(loan?.state === 7, `the lender settled the loan (${JSON.stringify(loan)})`);
    await screenshot(page, 'closure-preclose-received');
    await inHindi(page, 'closure-preclose-received-hi', 'भुगतान मिल गया');
    // The KFS states the rule the amounts follow.
    await page.goto(`/orders/${orderId}/kfs`);
    const row = page.getByRole('row', { name: /Pre-closure \(foreclosure\)/ });
    await row.waitFor({ timeout: 15_000 });
    const rule = (await row.innerText()).replace(/\s+/g, ' ');
    assert(rule.includes('no foreclosure fee') && rule.includes('not refunded'), `the KFS states pre-closure: ${rule}`);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'closure-kfs-row');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    const rowHi = page.getByRole('row', { name: /फ़ोरक्लोज़र/ });
    await rowHi.waitFor({ timeout: 15_000 });
    await rowHi.scrollIntoViewIfNeeded();
    await screenshot(page, 'closure-kfs-row-hi');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));
    noErrors(errors);
  });
}
