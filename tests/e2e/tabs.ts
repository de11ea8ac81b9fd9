/**
 * End to end: two tabs of one browser (one context: they share localStorage). A screen
 * belongs to the session it was opened in: when another tab quits or signs in as someone else,
 * the open tab says so, sends nothing more, and keeps what was typed under its own borrower.
 * Registered by run.ts, which owns the sandbox, the browser and sign-in.
 */
import type { Browser, Page } from 'playwright-core';
import { advanceClock, assert, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface TabsContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
}

const BASIC = '/auth/basic?pid=1&step=1&as=2';
const ADDRESS = '12 MG Road, Ashok Nagar';
const EMAIL = 'tab.one@example.com';
/** What the client says when it refuses a call (src/api/client.ts MESSAGES.sessionChanged). */
const NOTHING_SENT = 'Nothing was sent: the account signed in on this device has changed.';

const shown = (phone10: string) => `+91 ${phone10.slice(0, 5)} ${phone10.slice(5)}`;

/** Waits until `check` holds (the form fills in from its draft after loading), at most 10 s. */
async function until(check: () => Promise<boolean>, message: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never: ${message}`);
}

export function tabScenarios({ sandbox, browser, signIn, noErrors }: TabsContext): void {
  /** A new borrower whose first step is basic info, through the sandbox's QA control. */
  async function borrowerAtBasic(phone10: string) {
    const res = await fetch(`${sandbox.url}/sandbox/api/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `91${phone10}`, stepOrder: ['basic', 'work'] }),
    });
    assert(res.ok, `sandbox verification setup failed: ${res.status} ${await res.text()}`);
  }

  async function basicDone(phone10: string): Promise<boolean> {
    const res = await fetch(`${sandbox.url}/sandbox/api/verification?phone=91${phone10}`);
    const body = (await res.json()) as { flags: Record<string, number> };
    return body.flags.basic !== 0;
  }

  /** Tab 1: signed in as `phone10` on /auth/basic, every field filled, not submitted. */
  async function tabOneFillingBasic(phone10: string) {
    const tab = await newPhone(browser, sandbox.url);
    await tab.page.goto(BASIC);
    await tab.page.waitForURL(/\/login/);
    await signIn(tab.page, phone10);
    await tab.page.waitForURL((u) => u.pathname === '/auth/basic');
    const page = tab.page;
    const choose = async (label: string, option: string) => {
      const select = page.getByLabel(label, { exact: true });
      await select.locator('option').filter({ hasText: new RegExp(`^${option}$`) }).waitFor({ state: 'attached' });
      await select.selectOption({ label: option });
    };
    await choose('Education', 'Graduate');
    await choose('Marital status', 'Married');
    await choose('Residence type', 'Rented');
    await choose('State', 'Karnataka');
    await choose('District', 'Bengaluru Urban');
    await page.getByLabel('Address', { exact: true }).fill(ADDRESS);
    await page.getByLabel('PIN code', { exact: true }).fill('560001');
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    assert(await page.getByRole('button', { name: 'Submit' }).isEnabled(), 'basic: every field is filled');
    return tab;
  }

  /** The second tab of the same browser (same context, same localStorage). */
  async function secondTab(context: Awaited<ReturnType<typeof newPhone>>['context'], errors: string[]) {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`tab 2 pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`tab 2 console: ${m.text()}`);
    });
    return page;
  }

  /** Counts the API requests a page sends from now on. */
  function apiRequests(page: Page): string[] {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api1/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return sent;
  }

  /**
   * Taps Submit under the notice. The notice is modal (the page behind it is inert to a pointer),
   * so the tap is the button's own click: what a tap that beat the notice by a moment would do.
   */
  async function submitUnderNotice(page: Page) {
    await page.locator('form button[type=submit]').evaluate((b) => (b as HTMLButtonElement).click());
    await page.getByText(NOTHING_SENT).waitFor();
  }

  const draftKey = (phone10: string) => `bw.draft.auth.basic.${phone10}`;
  const storedDraft = (page: Page, phone10: string) => page.evaluate((key) => localStorage.getItem(key), draftKey(phone10));

  scenario('two tabs: another borrower signs in in tab 2; tab 1 says so, sends nothing, keeps its draft for its borrower', async () => {
    const a = newBorrowerPhone();
    const b = newBorrowerPhone();
    await borrowerAtBasic(a);
    await borrowerAtBasic(b);
    const { context, page: tab1, errors } = await tabOneFillingBasic(a);
    await tab1.clock.install(); // to let the resend countdown of tab 2's sign-in pass, later
    assert((await storedDraft(tab1, a))?.includes(EMAIL), "tab 1's draft is stored under its borrower");

    // Tab 2: Quit, then sign in as another borrower.
    const tab2 = await secondTab(context, errors);
    await tab2.goto('/personal');
    await tab2.getByRole('button', { name: 'Quit' }).click();
    await tab2.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await tab2.waitForURL('**/login');
    await tab1.getByRole('dialog', { name: 'Signed out' }).getByText('You signed out in another tab.').waitFor();
    await signIn(tab2, b);

    // Tab 1 heard it at once and says who is signed in now.
    const notice = tab1.getByRole('dialog', { name: 'Another account' });
    await notice.getByText(`Another account (${shown(b)}) is now signed in on this device.`).waitFor();
    await notice.getByRole('button', { name: `Continue as ${shown(b)}` }).waitFor();
    await screenshot(tab1, '50-tabs-another-account');
    assert((await storedDraft(tab1, a))?.includes(EMAIL), "tab 2's Quit removed the draft; tab 1 wrote it back under its borrower");

    // Submit in tab 1 sends nothing under B's session: the client refuses before the network.
    const sent = apiRequests(tab1);
    await submitUnderNotice(tab1);
    assert(sent.length === 0, `tab 1 sent nothing, but sent: ${sent.join(', ')}`);
    assert(!(await basicDone(b)), "B's basic step is not done: nothing was saved for B");
    assert(!(await basicDone(a)), "A's basic step is not done either: nothing was sent");
    assert((await storedDraft(tab1, b)) === null, 'no draft for B was written from tab 1');

    // Sign in again as A in tab 1: the typed answers are there.
    await notice.getByRole('button', { name: 'Sign in again' }).click();
    await tab1.waitForURL((u) => u.pathname === '/login' && (u.searchParams.get('redirect') ?? '').startsWith('/auth/basic'));
    await tab1.clock.runFor('01:01'); // tab 2's resend countdown (the sign-in form's draft is the device's)
    await advanceClock(sandbox.url, 61);
    await signIn(tab1, a);
    await tab1.waitForURL((u) => u.pathname === '/auth/basic');
    await until(async () => (await tab1.getByLabel('Email', { exact: true }).inputValue()) === EMAIL, "A's e-mail is back");
    assert((await tab1.getByLabel('Address', { exact: true }).inputValue()) === ADDRESS, "A's address is back");
    // And now tab 2, B's, is the one told.
    await tab2.getByRole('dialog', { name: 'Another account' }).getByText(`Another account (${shown(a)}) is now signed in on this device.`).waitFor();
    noErrors(errors);
    await context.close();
  });

  scenario('two tabs: Quit in tab 2, then Submit in tab 1: the notice, no request, the draft kept', async () => {
    const a = newBorrowerPhone();
    await borrowerAtBasic(a);
    const { context, page: tab1, errors } = await tabOneFillingBasic(a);
    const tab2 = await secondTab(context, errors);
    await tab2.goto('/personal');
    await tab2.getByRole('button', { name: 'Quit' }).click();
    await tab2.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await tab2.waitForURL('**/login');

    const notice = tab1.getByRole('dialog', { name: 'Signed out' });
    await notice.getByText('You signed out in another tab.').waitFor();
    await notice.getByText(`What you typed here is kept for ${shown(a)}.`).waitFor();
    await screenshot(tab1, '51-tabs-signed-out');
    const sent = apiRequests(tab1);
    await submitUnderNotice(tab1);
    assert(sent.length === 0, `tab 1 sent nothing, but sent: ${sent.join(', ')}`);
    assert(new URL(tab1.url()).pathname === '/auth/basic', 'tab 1 stays on its page (no silent move to /login)');
    assert((await tab1.getByLabel('Address', { exact: true }).inputValue()) === ADDRESS, 'the typed address is still on screen');
    assert((await storedDraft(tab1, a))?.includes(ADDRESS), 'the draft is kept in storage for A');
    assert(!(await basicDone(a)), 'nothing was saved');
    await notice.getByRole('button', { name: 'Sign in again' }).click();
    await tab1.waitForURL((u) => u.pathname === '/login' && (u.searchParams.get('redirect') ?? '').startsWith('/auth/basic'));
    noErrors(errors);
    await context.close();
  });
}
