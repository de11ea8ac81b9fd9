/**
 * Money told truly, in Chromium at 360×800 against the sandbox, in English and Hindi: the confirm
 * page's two sums before Get Money (Meera's approved order) and the order's Key Fact Statement page;
 * the notice after APPLY NOW (a new borrower); home with an overdue loan first (Arjun); the extension
 * fee as a sum with its overdue part (Arjun, offer only: nothing is applied here). Every sum read off
 * the screen adds up, and its figures are the lender's (read back from its answers).
 */
import type { Browser, Page } from 'playwright-core';
import { advanceClock, assert, consoleOrders, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface MoneyContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  /** A phone signed in as `phone10` (the login screen the first time), opened on `path`. */
  signedIn: (phone10: string, path: string) => Promise<{ page: Page; context: { close(): Promise<void> }; errors: string[] }>;
  noErrors: (errors: string[]) => void;
  everyControlLabelled: (page: Page) => Promise<void>;
}

const MEERA = '9000000003';
const ARJUN = '9000000008';

interface ScreenSum {
  parts: { label: string; value: number | null }[];
  total: { label: string; value: number | null };
}

/** A total with its parts as drawn (src/ui/Sum.tsx): each line's label and signed figure, the total last. */
async function sumOn(page: Page, name: string): Promise<ScreenSum> {
  const region = page.getByRole('region', { name });
  await region.waitFor();
  return region.evaluate((el) => {
    const rows = [...el.querySelectorAll('.sum-lines > div:not(.sum-note)')].map((row) => ({
      label: row.querySelector('dt')?.textContent ?? '',
      value: row.querySelector('data') ? Number(row.querySelector('data')!.getAttribute('value')) : null,
      total: row.classList.contains('sum-total'),
    }));
    const total = rows.find((r) => r.total)!;
    return { parts: rows.filter((r) => !r.total).map(({ label, value }) => ({ label, value })), total: { label: total.label, value: total.value } };
  });
}

function addsUp(sum: ScreenSum, what: string) {
  const added = Math.round(sum.parts.reduce((n, p) => n + (p.value ?? NaN), 0) * 100) / 100;
  assert(added === sum.total.value, `${what}: ${sum.parts.map((p) => `${p.label} ${p.value}`).join(' + ')} = ${added}, the screen says ${sum.total.label} ${sum.total.value}`);
}

/** The lender's answer to a GET the app made on this page (the envelope's data). */
async function lenderData<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = localStorage.getItem('bw.token') ?? '';
    const res = await fetch(`/api1/${p}`, { headers: { token } });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}

const useHindi = (page: Page) => page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
const useEnglish = (page: Page) => page.evaluate(() => localStorage.setItem('bw.pref.lang', 'en'));

export function moneyScenarios({ sandbox, browser, signIn, signedIn, noErrors, everyControlLabelled }: MoneyContext) {
  scenario('money: the confirm page adds up what reaches the account and what is repaid before Get Money, and opens the order’s KFS (English, Hindi)', async () => {
    const pass = (await consoleOrders(sandbox.url, MEERA)).find((o) => o.state === 2);
    assert(pass, 'Meera has an approved order (2)');
    const { page, context, errors } = await signedIn(MEERA, `/orders/${pass.orderId}/confirm`);
    await page.getByRole('button', { name: 'Get Money' }).waitFor();
    const order = await lenderData<Record<string, number | string>>(page, `order/v1/detail?orderId=${pass.orderId}`);
    const receive = await sumOn(page, 'What reaches your account');
    addsUp(receive, 'what reaches the account');
    assert(
      JSON.stringify(receive.parts.map((p) => p.value)) === JSON.stringify([order.loanAmount, -Number(order.serviceFee), -Number(order.gstFee)]) &&
        receive.total.value === order.arriveAmount,
      `the lender's figures: ${JSON.stringify(receive)} vs ${JSON.stringify(order)}`,
    );
    assert(receive.total.label === 'You will receive', `the total reads 'You will receive': ${receive.total.label}`);
    const repay = await sumOn(page, 'What you repay');
    addsUp(repay, 'what is repaid');
    assert(repay.total.value === order.repaymentAmount, `the repayment amount is the lender's: ${repay.total.value}`);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    assert(/Due date \d{1,2} \w{3} \d{4}/.test(text), `the due date is shown: ${text.slice(0, 600)}`);
    assert(!/received/i.test(text), `nothing reads "received" before the money is sent: ${text.slice(0, 600)}`);
    await everyControlLabelled(page);
    await screenshot(page, '90-money-confirm');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, '90b-money-confirm-end');

    await page.getByRole('link', { name: 'Read the Key Fact Statement' }).click();
    await page.waitForURL((u) => u.pathname === `/orders/${pass.orderId}/kfs`);
    const kfs = page.getByRole('table', { name: 'Key Fact Statement' });
    await kfs.waitFor();
    const statement = (await kfs.innerText()).replace(/\s+/g, ' ');
    for (const fact of ['Sanctioned loan amount', 'Net disbursed amount', 'Annual Percentage Rate (APR)', 'Penal charges for late payment', 'Grievance redressal officer'])
      assert(statement.includes(fact), `the KFS states ${fact}: ${statement.slice(0, 500)}`);
    assert(!/acknowledged/i.test(await page.locator('main').innerText()), 'no acknowledgement date the lender did not give');
    await everyControlLabelled(page);
    await screenshot(page, '91-money-order-kfs');

    await useHindi(page);
    await page.goto(`/orders/${pass.orderId}/confirm`);
    await page.getByRole('button', { name: 'पैसे पाएँ' }).waitFor();
    addsUp(await sumOn(page, 'आपके अकाउंट में कितना आएगा'), 'in Hindi, what reaches the account');
    addsUp(await sumOn(page, 'आपको कितना चुकाना है'), 'in Hindi, what is repaid');
    await screenshot(page, '90-hi-money-confirm');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, '90b-hi-money-confirm-end');
    await page.getByRole('link', { name: 'मुख्य तथ्य विवरण (KFS) पढ़ें' }).click();
    await page.getByRole('table', { name: 'मुख्य तथ्य विवरण (KFS)' }).waitFor();
    await screenshot(page, '91-hi-money-order-kfs');
    await useEnglish(page);
    noErrors(errors);
    await context.close();
  });

  scenario('money: after APPLY NOW, Loan History says the application was submitted and what happens next; a reload keeps it (English, Hindi)', async () => {
    const phone10 = newBorrowerPhone();
    const res = await fetch(`${sandbox.url}/sandbox/api/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `91${phone10}`, flags: { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 } }),
    });
    assert(res.ok, `the sandbox set the borrower up (${res.status})`);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/product/1/detail');
    await page.waitForURL(/\/login/);
    await signIn(page, phone10);
    await page.waitForURL((u) => u.pathname === '/product/1/detail');
    await page.getByRole('link', { name: 'Add bank account' }).click();
    await page.getByLabel('IFSC code', { exact: true }).fill('HDFC0149771');
    await page.getByLabel('Bank account number', { exact: true }).fill('50100333344445');
    await page.getByLabel('Confirm account number', { exact: true }).fill('50100333344445');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/product/1/detail' && (u.searchParams.get('bank_id') ?? '') !== '');
    const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
    await kfs.getByText('APR').first().waitFor();
    await kfs.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'APPLY NOW' }).click();
    // The spec's 300 ms, then Loan History, told what was submitted; the confirmation is replaced.
    await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('submitted') === '1', { timeout: 10_000 });
    const notice = page.getByRole('status', { name: 'Application submitted' });
    await notice.waitFor();
    const said = (await notice.innerText()).replace(/\s+/g, ' ');
    assert(said.includes('We have received your application for Rupee Rise.'), `names the product: ${said}`);
    assert(/few minutes/.test(said) && /SMS/.test(said), `says what happens next: ${said}`);
    const [top, list] = await Promise.all([notice.boundingBox(), page.getByRole('list').first().boundingBox()]);
    assert(top && list && top.y < list.y, 'the notice is above the list');
    const amounts = (await page.locator('.order-amounts').first().innerText()).replace(/\s+/g, ' ');
    assert(amounts.includes('You will receive') && !/received/i.test(amounts), `the new order reads 'You will receive': ${amounts}`);
    await everyControlLabelled(page);
    await screenshot(page, '92-money-submitted');
    // A reload keeps it; its link opens the audit page of the order in review.
    await page.reload();
    await notice.waitFor();
    await notice.getByRole('link', { name: 'Follow the review' }).click();
    await page.waitForURL(/\/orders\/\d+\/audit$/);
    await page.getByRole('heading', { level: 1, name: 'In Auditing' }).waitFor();
    // Back from the review returns to the notice, as it was.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('submitted') === '1');
    await notice.waitFor();

    await useHindi(page);
    await page.goto('/orders?submitted=1');
    const hindi = page.getByRole('status', { name: 'आवेदन भेज दिया गया' });
    await hindi.waitFor();
    assert((await hindi.innerText()).includes('हमें Rupee Rise के लिए आपका आवेदन मिल गया है।'), 'the notice in Hindi');
    await screenshot(page, '92-hi-money-submitted');
    await useEnglish(page);
    noErrors(errors);
    await context.close();
  });

  scenario('money: home shows an overdue loan first, with the lender’s days, what is due and the penal charge a day (Arjun; English, Hindi)', async () => {
    const overdue = (await consoleOrders(sandbox.url, ARJUN)).find((o) => o.state === 8);
    assert(overdue, 'Arjun has an overdue order (8)');
    // A new code for Arjun needs the sandbox's 60 s since the last one (another scenario may have signed him in).
    await advanceClock(sandbox.url, 61);
    const { page, context, errors } = await signedIn(ARJUN, '/');
    const block = page.getByRole('region', { name: 'Payment overdue' });
    await block.waitFor();
    await page.waitForFunction(() => !document.querySelector('.home-overdue[aria-busy]'));
    const order = await lenderData<{ overdueDays: number; repaymentAmount: number; overdueFee: number; loanAmount: number }>(page, `order/v1/detail?orderId=${overdue.orderId}`);
    const config = await lenderData<{ penalChargePerDay: number }>(page, 'client/v1/config');
    const text = (await block.innerText()).replace(/\s+/g, ' ');
    const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;
    assert(text.includes(`${order.overdueDays} days overdue`), `the lender's days: ${text}`);
    assert(text.includes(`Amount due ${inr(order.repaymentAmount)}`), `what is due, the lender's: ${text}`);
    assert(text.includes(`Overdue fee so far ${inr(order.overdueFee)}`), `the overdue fee: ${text}`);
    const rate = Math.round(config.penalChargePerDay * 100 * 1000) / 1000;
    assert(text.includes(`${rate}% of the overdue principal a day (${inr(order.loanAmount * config.penalChargePerDay)} a day on this loan)`), `the penal charge a day: ${text}`);
    // First, above the offer.
    const [blockBox, offerBox] = await Promise.all([block.boundingBox(), page.getByRole('heading', { name: 'Your loan offer' }).boundingBox()]);
    assert(blockBox && offerBox && blockBox.y < offerBox.y, 'the overdue loan is above the offer');
    await everyControlLabelled(page);
    await screenshot(page, '93-money-home-overdue');

    await useHindi(page);
    await page.reload();
    const hindi = page.getByRole('region', { name: 'भुगतान की तारीख निकल गई' });
    await hindi.waitFor();
    await page.waitForFunction(() => !document.querySelector('.home-overdue[aria-busy]'));
    const hiText = (await hindi.innerText()).replace(/\s+/g, ' ');
    assert(hiText.includes(`${order.overdueDays} दिन से ओवरड्यू`) && hiText.includes('दंड शुल्क'), `in Hindi: ${hiText}`);
    await screenshot(page, '93-hi-money-home-overdue');
    await useEnglish(page);
    noErrors(errors);
    await context.close();
  });

  scenario('money: the extension fee adds up, its overdue fee on a line of its own, and says what is still owed after it (Arjun; English, Hindi)', async () => {
    const overdue = (await consoleOrders(sandbox.url, ARJUN)).find((o) => o.state === 8);
    assert(overdue, 'Arjun has an overdue order (8)');
    const { page, context, errors } = await signedIn(ARJUN, `/orders/${overdue.orderId}/extension`);
    await page.getByRole('button', { name: 'Apply and payment' }).waitFor();
    const info = await lenderData<{ extensionServiceFee: number; overdueFee: number; interest: number; extensionFeePaid: number; extensionFee: number; repaymentAmountAfter: number }>(
      page,
      `order-repay-extension/v1/extension-calc/${overdue.orderId}`,
    );
    const sum = await sumOn(page, 'How the fee adds up');
    addsUp(sum, 'the extension fee');
    const byLabel = Object.fromEntries(sum.parts.map((p) => [p.label, p.value]));
    assert(byLabel['Overdue fee'] === info.overdueFee && info.overdueFee > 0, `the overdue fee has its line: ${JSON.stringify(sum)}`);
    assert(byLabel['Extension processing fee (10%)'] === info.extensionServiceFee && byLabel['Interest'] === info.interest, `the lender's parts: ${JSON.stringify(sum)}`);
    assert(sum.total.value === info.extensionFee, `the fee due: ${sum.total.value} vs ${info.extensionFee}`);
    const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;
    const owed = (await page.locator('.extension-owed').innerText()).replace(/\s+/g, ' ');
    assert(owed.includes(`you will still owe ${inr(info.repaymentAmountAfter)} on the loan`), `what is still owed after the fee: ${owed}`);
    await everyControlLabelled(page);
    await page.getByRole('region', { name: 'How the fee adds up' }).scrollIntoViewIfNeeded();
    await screenshot(page, '94-money-extension-sum');

    await useHindi(page);
    await page.reload();
    await page.getByRole('button', { name: 'आवेदन और भुगतान' }).waitFor();
    addsUp(await sumOn(page, 'फ़ीस का हिसाब'), 'in Hindi, the extension fee');
    await page.getByRole('region', { name: 'फ़ीस का हिसाब' }).scrollIntoViewIfNeeded();
    await screenshot(page, '94-hi-money-extension-sum');
    await useEnglish(page);
    noErrors(errors);
    await context.close();
  });
}
