/**
 * Who lends in Chromium at 360×800: signed out, the sign-in page shows the app's
 * name (About us), the lender's name and RBI registration and the grievance officer, without moving
 * the form; signed in, home, a product, Help and About us show them, with the officer's tel: and
 * mailto: links, and the rates carry their annual rate. What the pages must show is read from the
 * sandbox's own answers (GET /client/v1/config and /client/v1/about-us, no token), never retyped here.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { assert, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface LenderContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
}

interface Facts {
  appName: string;
  lender: string;
  registration: string;
  officer: { name: string; phone: string; email: string };
}

/** What the sandbox says, asked without a token (both calls are public). */
async function facts(sandboxUrl: string): Promise<Facts> {
  const get = async (path: string) => {
    const res = await fetch(`${sandboxUrl}/api1/${path}`);
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
    assert(res.ok && body.code === 0, `GET ${path} without a token answers (${res.status} ${body.msg})`);
    return body.data;
  };
  const config = (await get('client/v1/config')) as { lender: { name: string; rbiRegistration: string }; grievanceOfficer: { name: string; phone: string; email: string } };
  const about = (await get('client/v1/about-us')) as { appName: string };
  return { appName: about.appName, lender: config.lender.name, registration: config.lender.rbiRegistration, officer: config.grievanceOfficer };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The lender block shows the lender, its registration and the officer, with working tel:/mailto: links. */
async function expectLender(page: Page, f: Facts, where: string, { officer = true }: { officer?: boolean } = {}) {
  const block = page.getByRole('region', { name: 'Who lends' });
  await block.waitFor({ timeout: 10_000 });
  const text = squash(await block.innerText());
  assert(text.includes(`Loans by ${f.lender}`), `${where}: the lender's name ("${text}")`);
  assert(text.includes(`RBI registration no. ${f.registration}`), `${where}: the RBI registration ("${text}")`);
  if (!officer) return;
  const details = block.locator('details');
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await block.getByText('Grievance officer').click();
  await expectOfficer(block, f, where);
}

/** The grievance officer's name, and the phone and e-mail as tel: and mailto: links, inside `block`. */
async function expectOfficer(block: Locator, f: Facts, where: string) {
  await block.getByText(f.officer.name).waitFor();
  const tel = await block.getByRole('link', { name: f.officer.phone }).getAttribute('href');
  assert(tel === `tel:${f.officer.phone.replace(/[^\d+]/g, '')}`, `${where}: the officer's phone is a tel: link (${tel})`);
  const mail = await block.getByRole('link', { name: f.officer.email }).getAttribute('href');
  assert(mail === `mailto:${f.officer.email}`, `${where}: the officer's e-mail is a mailto: link (${mail})`);
}

/** The layout shifts not caused by the borrower since the page opened (the CLS sum). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );

export function lenderScenarios({ sandbox, browser, signIn, noErrors }: LenderContext) {
  scenario('lender: signed out, /login shows the app name, the lender, its RBI registration and the grievance officer, and nothing moves', async () => {
    const f = await facts(sandbox.url);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/login');
    await page.getByRole('region', { name: 'Who lends' }).waitFor();
    await page.getByRole('heading', { level: 1, name: f.appName }).waitFor();
    assert((await page.title()) === `Sign in · ${f.appName}`, `the title carries the app's name ("${await page.title()}")`);
    assert(!(await page.locator('body').innerText()).includes('Borrower'), 'no hard-coded app name on the sign-in page');
    const shift = await layoutShift(page);
    assert(shift <= 0.02, `the sign-in page does not move as the name and the lender come (CLS ${shift.toFixed(4)})`);
    await screenshot(page, '90-lender-login');
    await expectLender(page, f, '/login');
    await screenshot(page, '91-lender-login-officer');
    noErrors(errors);
    await context.close();
  });

  scenario('lender: signed in, home, a product, Help and About us show who lends; rates per day carry their annual rate', async () => {
    const f = await facts(sandbox.url);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await signIn(page, newBorrowerPhone());
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { level: 1, name: f.appName }).waitFor();
    await page.locator('.hero, .product-card').first().waitFor(); // the product(s), with their rates
    assert((await page.title()) === `Home · ${f.appName}`, `home's title carries the app's name ("${await page.title()}")`);
    const home = squash(await page.locator('.home').innerText());
    assert(/\d% \/ day \(\d+(\.\d+)?% \/ year\)/.test(home), `home shows the annual rate beside the daily one ("${home.slice(0, 300)}")`);
    await expectLender(page, f, 'home');

    await page.goto('/product/1');
    await page.getByText('APPLY NOW').waitFor();
    const interest = squash(await page.locator('.product-facts div', { hasText: 'Interest' }).innerText());
    assert(/\d% \/ day \(\d+(\.\d+)?% \/ year\)/.test(interest), `product detail shows the annual rate ("${interest}")`);
    await screenshot(page, '92-lender-product');
    await expectLender(page, f, 'product detail');
    await page.getByRole('region', { name: 'Who lends' }).scrollIntoViewIfNeeded();
    await screenshot(page, '93-lender-product-end');

    await page.goto('/personal/help');
    await page.locator('.faq-item').first().waitFor();
    // Help names the officer in its complaints section (with the RBI route), not in the lender block.
    await expectLender(page, f, 'Help', { officer: false });
    await expectOfficer(page.getByRole('region', { name: 'Grievance officer' }), f, 'Help');

    await page.goto('/personal/aboutus');
    await page.getByRole('heading', { level: 2, name: f.appName }).waitFor();
    await expectLender(page, f, 'About us');
    assert((await page.title()) === `About us · ${f.appName}`, `About us's title ("${await page.title()}")`);
    noErrors(errors);
    await context.close();
  });
}
