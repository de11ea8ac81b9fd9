/**
 * The loan application in Chromium at 360×800, against the real sandbox: a bank account added
 * through the IFSC finder, the Key Fact Statement read and acknowledged, APPLY NOW tapped twice and
 * one order booked, seen in Loan History; the denied persona's countdown; the finder's bank search by
 * short name and IFSC code, in English and Hindi.
 * `applyForLoan` continues the verification journey (tests/e2e/verification.ts), so one new borrower
 * goes from APPLY NOW through verification to their first order.
 */
import type { Browser, Page } from 'playwright-core';
import { bank as hiBank } from '../../i18n/hi/bank';
import { assert, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface ApplicationContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
  everyControlLabelled: (page: Page) => Promise<void>;
}

const PID = '1';
/** The IFSC dataset's HDFC Bank, Bengaluru, MG Road branch (server/README.md). */
const BRANCH = { bank: 'HDFC Bank', state: 'Karnataka', city: 'Bengaluru', branch: 'MG Road' };
const ACCOUNT = '50100234567890';

/** In the IFSC finder: types `typed` into the search field `search`, then taps the first item named `name…`. */
export async function pick(page: Page, search: string, typed: string, name: string) {
  await page.getByLabel(search).fill(typed);
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).first().click();
}

/**
 * From the loan confirmation page with no bank account: add one through the IFSC finder, read and
 * acknowledge the KFS, tap APPLY NOW twice, and see the one order in Loan History.
 */
export async function applyForLoan(page: Page, { shots, everyControlLabelled }: { shots: string; everyControlLabelled: (page: Page) => Promise<void> }) {
  await page.getByRole('heading', { level: 1, name: 'Loan confirmation' }).waitFor();
  await page.getByRole('region', { name: 'Key Fact Statement' }).getByText('APR').first().waitFor();
  await screenshot(page, `${shots}-confirm-no-account`);

  // No account yet: APPLY NOW says so, and nothing is sent.
  const applies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api1/order/v1/apply')) applies.push(r.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'APPLY NOW' }).click();
  await page.getByText('Please Select or Add Bank Account').first().waitFor();
  const sent = () => applies.length;
  assert(sent() === 0, 'no apply without a bank account');

  // Add an account: the account numbers typed first survive the trip to the IFSC finder.
  await page.getByRole('link', { name: 'Add bank account' }).click();
  await page.waitForURL((u) => u.pathname === '/bank/add' && u.searchParams.get('pid') === PID);
  await page.getByLabel('Bank account number', { exact: true }).fill(ACCOUNT);
  await page.getByLabel('Confirm account number', { exact: true }).fill(ACCOUNT);
  await everyControlLabelled(page);
  await screenshot(page, `${shots}-bank-add`);
  await page.getByRole('link', { name: 'Find IFSC' }).click();
  await page.waitForURL((u) => u.pathname === '/bank/ifsc');
  await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
  await screenshot(page, `${shots}-ifsc-banks`);
  await pick(page, 'Search banks', 'hdfc', BRANCH.bank);
  await pick(page, 'Search states', 'karn', BRANCH.state);
  await pick(page, 'Search cities', 'beng', BRANCH.city);
  await page.getByLabel('Search branches or IFSC').fill('mg road');
  await screenshot(page, `${shots}-ifsc-branches`);
  await page.getByRole('button', { name: new RegExp(BRANCH.branch) }).first().click();
  await page.waitForURL((u) => u.pathname === '/bank/add' && /^HDFC0[A-Z0-9]{6}$/.test(u.searchParams.get('ifsc_code') ?? ''));
  const ifsc = page.getByLabel('IFSC code', { exact: true });
  assert(/^HDFC0[A-Z0-9]{6}$/.test(await ifsc.inputValue()), 'the finder filled the IFSC');
  assert((await page.getByLabel('Bank account number', { exact: true }).inputValue()) === ACCOUNT, 'the account number survived the finder');
  assert((await page.getByLabel('Confirm account number', { exact: true }).inputValue()) === ACCOUNT, 'the confirmation survived the finder');
  await screenshot(page, `${shots}-bank-add-filled`);
  await page.getByRole('button', { name: 'Save' }).click();

  // Back on the confirmation page with the new account chosen.
  await page.waitForURL((u) => u.pathname === `/product/${PID}/detail` && (u.searchParams.get('bank_id') ?? '') !== '');
  const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
  await kfs.getByText('APR').first().waitFor();
  const statement = (await kfs.innerText()).replace(/\s+/g, ' ');
  for (const fact of ['Sandbox Finance Private Limited', 'Priya Raman', 'APR', '₹20,000', 'GST', 'cooling-off']) {
    assert(statement.toLowerCase().includes(fact.toLowerCase()), `the Key Fact Statement shows ${fact}: ${statement.slice(0, 400)}`);
  }
  assert((await page.getByText(ACCOUNT.slice(-4)).count()) > 0, 'the chosen account is shown by its last 4 digits');
  assert((await page.getByText(ACCOUNT).count()) === 0, 'the full account number is never shown');
  await everyControlLabelled(page);
  await screenshot(page, `${shots}-confirm`);
  await page.screenshot({ path: `.e2e/screens/${shots}-confirm-full.png`, fullPage: true });

  // The KFS must be acknowledged; then a double tap books one order.
  await kfs.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'APPLY NOW' }).dblclick();
  await page.waitForURL((u) => u.pathname === '/orders', { timeout: 10_000 });
  assert(sent() === 1, `one apply request for a double tap (${sent()})`);
  assert(/^[A-Za-z0-9_-]{8,128}$/.test(applies[0] ?? ''), 'the apply carried an idempotency key');

  // Loan History: the one new order, in review, with Indian grouping.
  await page.getByRole('heading', { level: 1, name: 'Loan History' }).waitFor();
  await page.getByText('Auditing').first().waitFor();
  assert((await page.locator('.order-card').count()) === 1, 'exactly one order in Loan History');
  assert((await page.getByText('₹20,000').count()) > 0, 'the loan amount in ₹ with Indian grouping');
  await screenshot(page, `${shots}-orders`);
}

export function applicationScenarios({ sandbox, browser, signIn, noErrors }: ApplicationContext) {
  scenario('loan: the denied persona (Deepa) sees the re-apply countdown and the spec text; Back goes home', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto(`/product/${PID}/detail`);
    await page.waitForURL(/\/login/);
    await signIn(page, '9000000007');
    await page.waitForURL((u) => u.pathname === `/product/${PID}/denied`, { timeout: 10_000 });
    await page.getByText('We could not approve your apolication at this moment. Please re-apply in 15 days').waitFor();
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    assert(/1[01] days \d{1,2} hours?/.test(text), `the countdown in days and hours: ${text}`);
    await screenshot(page, '60-loan-denied');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    noErrors(errors);
    await context.close();
  });

  scenario('IFSC finder: a bank by its short name or IFSC code as the borrower types it (sb, sbi, SBIN, bob), in English and Hindi', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto(`/bank/ifsc?pid=${PID}`);
    await page.waitForURL(/\/login/);
    await signIn(page, newBorrowerPhone());
    await page.waitForURL((u) => u.pathname === '/bank/ifsc');
    await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search banks' });
    const list = page.getByRole('list', { name: 'Choose your bank' });
    await list.getByRole('button').first().waitFor();
    const total = await list.getByRole('button').count();
    const shown = () => list.getByRole('button').allTextContents();
    // Key by key: "sb" already narrows, "sbi" leaves State Bank of India alone.
    await search.pressSequentially('sb');
    await page.getByText(new RegExp(`^\\d+ of ${total} shown$`)).waitFor();
    const narrowed = await shown();
    assert(narrowed.includes('State Bank of India') && narrowed.length < 5, `"sb" narrows to a few banks with SBI: ${narrowed.join(', ')}`);
    await search.pressSequentially('i');
    await page.getByText(`1 of ${total} shown`).waitFor();
    assert(JSON.stringify(await shown()) === JSON.stringify(['State Bank of India']), `"sbi" finds State Bank of India: ${(await shown()).join(', ')}`);
    await screenshot(page, 'ifsc-search-sbi');
    for (const [typed, name] of [
      ['SBIN', 'State Bank of India'],
      ['bob', 'Bank of Baroda'],
      ['BARB', 'Bank of Baroda'],
      ['pnb', 'Punjab National Bank'],
      ['icic', 'ICICI Bank'],
    ] as const) {
      await search.fill('');
      await search.pressSequentially(typed);
      await page.getByText(`1 of ${total} shown`).waitFor();
      assert(JSON.stringify(await shown()) === JSON.stringify([name]), `"${typed}" finds ${name}: ${(await shown()).join(', ')}`);
    }
    await list.getByRole('button', { name: 'ICICI Bank' }).click();
    await page.getByRole('heading', { name: 'Choose the state of your branch' }).waitFor();

    // The same search in Hindi: the field's label and hint in Hindi, the bank names as the lender sends them.
    await page.evaluate(() => localStorage.setItem('bw.lang', 'hi'));
    await page.goto(`/bank/ifsc?pid=${PID}`);
    await page.getByRole('heading', { name: hiBank.bankHeading }).waitFor();
    await page.getByText(hiBank.bankSearchHint).waitFor();
    await page.getByRole('searchbox', { name: hiBank.bankSearch }).pressSequentially('sbi');
    await page.getByRole('list', { name: hiBank.bankHeading }).getByRole('button', { name: 'State Bank of India' }).waitFor();
    assert((await page.getByRole('list', { name: hiBank.bankHeading }).getByRole('button').count()) === 1, 'one bank for "sbi" in Hindi too');
    await screenshot(page, 'ifsc-search-sbi-hi');
    noErrors(errors);
    await context.close();
  });
}
