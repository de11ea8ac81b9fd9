/**
 * End to end: phone numbers typed with a prefix, key by key in Chromium, into the
 * login phone and a contact's mobile; the contacts step's problems (each once, at its field, clear
 * of the sticky Submit bar) and its forward to the hub once done (points 5 and 2).
 * Registered by run.ts, which owns the sandbox, the browser and sign-in.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { appRunning, assert, latestCode, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface PhonesContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
}

const PID = '1';
/** The number the borrower means, as spec §9 writes it with its prefix. */
const TYPED = '+919876543210';
const NUMBER = '9876543210';

/** Messages the sandbox outbox holds for `phone12` (91 + 10 digits). */
async function outbox(sandboxUrl: string, phone12: string): Promise<{ code?: string | null }[]> {
  const res = await fetch(`${sandboxUrl}/sandbox/api/outbox?phone=${phone12}`);
  assert(res.ok, `outbox: ${res.status}`);
  return ((await res.json()) as { messages: { code?: string | null }[] }).messages;
}

/** The fixed "+91" shown before a field (hidden while the borrower types their own +91). */
const fixedPrefix = (field: Locator) => field.locator('xpath=ancestor::div[contains(@class,"field-control")]').locator('.field-prefix');

/** Types `keys` one by one, returning what the field showed after each. */
async function typeKeys(field: Locator, keys: string): Promise<string[]> {
  const shown: string[] = [];
  for (const key of keys) {
    await field.pressSequentially(key);
    shown.push(await field.inputValue());
  }
  return shown;
}

/** The field (with its error under it) lies between the sticky header and the sticky Submit bar. */
async function clearOfBars(page: Page, control: Locator, what: string) {
  const frame = control.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " field ")][1]');
  const [box, header, bar] = await Promise.all([frame.boundingBox(), page.locator('.screen-header').boundingBox(), page.locator('.form-actions').boundingBox()]);
  assert(box && header && bar, `${what}: boxes`);
  assert(box.y >= header.y + header.height - 1, `${what} is below the header (field top ${box.y}, header bottom ${header.y + header.height})`);
  assert(box.y + box.height <= bar.y + 1, `${what} is above the Submit bar (field bottom ${box.y + box.height}, bar top ${bar.y})`);
}

/** The toast (a polite live region) is empty: no message repeats what the fields say. */
async function noToast(page: Page, what: string) {
  const toast = (await page.locator('.toast-region').allTextContents()).join('').trim();
  assert(toast === '', `${what}: no toast, got "${toast}"`);
}

export function phoneScenarios({ sandbox, browser, signIn, noErrors }: PhonesContext) {
  scenario('phones: +919876543210 typed key by key into the login phone sends the code to 919876543210', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/login');
    const phone = page.getByLabel('Mobile number');
    await appRunning(page); // each key's effect is checked: the app, not the static first screen
    await phone.waitFor();
    assert((await fixedPrefix(phone).count()) === 1, 'the fixed +91 shows on an empty field');
    const shown = await typeKeys(phone, TYPED.slice(0, 6));
    assert(shown.join(' ') === '+ +9 +91 +919 +9198 +91987', `the field shows what was typed, got ${shown.join(' ')}`);
    assert((await fixedPrefix(phone).count()) === 0, 'the fixed +91 steps aside while +91 is typed');
    await screenshot(page, '50-phones-login-typing');
    await typeKeys(phone, TYPED.slice(6));
    assert((await phone.inputValue()) === NUMBER, `then its 10 digits, got ${await phone.inputValue()}`);
    assert((await fixedPrefix(phone).count()) === 1, 'the fixed +91 is back once the number is whole');
    // Deleting and typing again ends the same way.
    await phone.fill('');
    await typeKeys(phone, TYPED.slice(0, -1));
    await phone.press('Backspace');
    assert((await phone.inputValue()) === TYPED.slice(0, -2), `backspace removes the last digit, got ${await phone.inputValue()}`);
    await typeKeys(phone, TYPED.slice(-2));
    assert((await phone.inputValue()) === NUMBER, 'the phone is the 10 digits');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /send code/i }).click();
    await page.getByRole('button', { name: /resend in \d+/i }).waitFor();
    const code = await latestCode(sandbox.url, NUMBER);
    // Not to a stranger: nothing went to the number the first ten typed digits make.
    assert((await outbox(sandbox.url, `91${TYPED.slice(1, 11)}`)).length === 0, `no code for 91${TYPED.slice(1, 11)}`);
    await page.getByLabel('Verification code').pressSequentially(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    assert((await page.evaluate(() => localStorage.getItem('bw.phone') ?? '')).endsWith(NUMBER), 'the session is for 9876543210');
    noErrors(errors);
    await context.close();
  });

  scenario('phones: contact mobiles typed with +91, 91 and 0; problems once at their field; a done step forwards to the hub', async () => {
    const phone10 = newBorrowerPhone();
    const setup = await fetch(`${sandbox.url}/sandbox/api/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `91${phone10}`, stepOrder: ['contacts'] }),
    });
    assert(setup.ok, `sandbox verification setup failed: ${setup.status}`);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    // The contacts body as sent (ky streams request bodies, which the browser's request log does not keep).
    await page.addInitScript(() => {
      const send = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        if (input instanceof Request && input.method === 'POST' && input.url.includes('/auth/v1/contacts')) {
          localStorage.setItem('e2e.contacts', await input.clone().text());
        }
        return send(input, init);
      };
    });
    await page.goto(`/auth/index?pid=${PID}`);
    await page.waitForURL(/\/login/);
    await signIn(page, phone10);
    await page.waitForURL((u) => u.pathname === '/auth/contacts');
    const relations = page.getByLabel('Relationship', { exact: true });
    const names = page.getByLabel('Name', { exact: true });
    const mobiles = page.getByLabel('Mobile number', { exact: true });
    const submit = page.getByRole('button', { name: 'Submit' });
    await relations.first().waitFor();

    // Nothing filled: each problem once, at its field; focus on the first, clear of both bars; no toast.
    await submit.click();
    await page.getByText('Please fill in the highlighted fields.').waitFor();
    assert((await page.getByText('Please enter the mobile number.', { exact: true }).count()) === 3, 'one "enter the mobile" per contact');
    await noToast(page, 'flagged form');
    assert(await relations.first().evaluate((el) => el === document.activeElement), 'focus on the first field with a problem');
    await clearOfBars(page, relations.first(), 'contact 1 relationship');
    // A new visit: nothing flagged until the next tap on Submit.
    await page.reload();
    await relations.first().waitFor();

    // Key by key with a prefix: what was typed shows, then the 10 digits; never flagged on the way.
    const first = mobiles.nth(0);
    const shown: string[] = [];
    for (const key of TYPED) {
      await first.pressSequentially(key);
      shown.push(await first.inputValue());
      assert((await page.locator('#contact-1-mobile-error').count()) === 0, `contact 1 mobile is not flagged at ${shown.at(-1)}`);
    }
    assert(shown.at(-2) === TYPED.slice(0, -1) && shown.at(-1) === NUMBER, `contact 1 mobile: ${shown.join(' | ')}`);
    // The same number with another prefix is a repeat; the borrower's own with +91 is caught.
    await mobiles.nth(1).pressSequentially(`0${NUMBER}`);
    await page.getByText('This number is already given for another contact.').waitFor();
    await mobiles.nth(2).pressSequentially(`+91 ${phone10}`);
    await page.getByText('Enter someone else’s number, not your own.').waitFor();
    await screenshot(page, '51-phones-contacts-own-and-repeated');
    await mobiles.nth(1).fill('');
    await mobiles.nth(1).pressSequentially('91 87654 32109');
    await mobiles.nth(2).fill('');
    await mobiles.nth(2).pressSequentially('07654-321098');
    for (let i = 0; i < 3; i++) {
      await relations.nth(i).selectOption({ index: i + 1 });
      await names.nth(i).fill(['asha', 'ravi', 'meera'][i]!);
    }
    // The last field wrong: the page scrolls it above the sticky Submit bar.
    await mobiles.nth(2).fill('');
    await mobiles.nth(2).pressSequentially('0765432109');
    assert((await page.locator('#contact-3-mobile-error').count()) === 0, 'a 0 waiting for its tenth digit is not flagged');
    await page.evaluate(() => window.scrollTo(0, 0));
    await submit.click();
    await page.locator('#contact-3-mobile-error').waitFor();
    assert(await mobiles.nth(2).evaluate((el) => el === document.activeElement), 'focus on contact 3 mobile');
    await clearOfBars(page, mobiles.nth(2), 'contact 3 mobile');
    await noToast(page, 'a wrong last mobile');
    assert((await page.getByText('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.', { exact: true }).count()) === 1, 'the message once');
    await screenshot(page, '52-phones-contacts-last-flagged');
    await mobiles.nth(2).pressSequentially('8');
    assert((await mobiles.nth(2).inputValue()) === '7654321098', 'contact 3 mobile: its 10 digits');

    await submit.click();
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail`, { timeout: 20_000 });
    const body = JSON.parse((await page.evaluate(() => localStorage.getItem('e2e.contacts'))) ?? '{}') as Record<string, string>;
    assert(body.oneMobile === NUMBER && body.twoMobile === '8765432109' && body.thirdMobile === '7654321098', `the payload has 10-digit mobiles: ${JSON.stringify(body)}`);

    // Point 2: the step page of a step already done forwards to the hub, replacing itself.
    await page.goto(`/product/${PID}`);
    await page.getByRole('link', { name: 'APPLY NOW' }).waitFor();
    await page.goto(`/auth/contacts?pid=${PID}`);
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail`, { timeout: 20_000 });
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/product/${PID}`);
    noErrors(errors);
    await context.close();
  });
}
