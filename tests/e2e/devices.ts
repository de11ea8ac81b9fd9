/**
 * End to end, signing out on the lender, in Chromium at 360×800:
 * - Quit ends the session on the lender: the old token, replayed from the test, gets -4;
 * - two phones signed in as the same borrower: one signs the other out from Account's list of
 *   signed-in devices, and the other's next action goes to sign-in (English and Hindi screenshots);
 * - against a lender without the calls (Playwright answers them 404), Account shows no devices block
 *   and Quit still works.
 */
import type { Browser, Page } from 'playwright-core';
import { sessions as hiSessions } from '../../i18n/hi/sessions';
import { advanceClock, assert, newBorrowerPhone, newPhone, scenario, screenshot, signInOn, type Sandbox } from './harness';

export interface DevicesContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

/** A second phone: Chrome on Android. */
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const devicesBlock = (page: Page) => page.getByRole('region', { name: 'Signed-in devices' });
/** The page scrolled to its end: the devices block is last on Account. */
const toBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('bw.token'));

/** What the lender answers a call made with `token` (the envelope's code and msg). */
async function replay(sandboxUrl: string, path: string, token: string): Promise<{ code: number; msg: string }> {
  const res = await fetch(`${sandboxUrl}/api1${path}`, { headers: { token } });
  return (await res.json()) as { code: number; msg: string };
}

/** Account's Quit, answered 'Sign out': the app is on /login. */
async function quit(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Quit' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

export function devicesScenarios({ sandbox, browser, noErrors }: DevicesContext): void {
  scenario('devices: Quit ends the session on the lender (the old token, replayed, gets -4)', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/personal');
    await page.waitForURL(/\/login/);
    await signInOn(page, sandbox.url, newBorrowerPhone());
    await page.waitForURL('**/personal');
    const block = devicesBlock(page);
    await block.waitFor();
    const token = await storedToken(page);
    assert(token, 'signed in: a token is stored');
    assert((await replay(sandbox.url, '/home/v1/index', token)).code === 0, 'the token works before Quit');

    const logout = page.waitForRequest((r) => r.url().endsWith('/api1/user/v1/logout'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api1/user/v1/logout'));
    await quit(page);
    const sent = await logout;
    assert(sent.method() === 'POST' && (await sent.allHeaders()).token === token, 'the logout went with the token it ends');
    assert((await answered).status() === 200, 'the lender answered the logout');
    for (const path of ['/home/v1/index', '/order/v1/list', '/user/v1/sessions']) {
      const answer = await replay(sandbox.url, path, token);
      assert(answer.code === -4, `the old token, replayed on ${path}, gets -4 (got ${answer.code} ${answer.msg})`);
    }
    const left = (await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bw.') && !k.startsWith('bw.pref.'))));
    assert(left.length === 0, `no session data is left: ${left.join(', ')}`);
    noErrors(errors);
    await context.close();
  });

  scenario('devices: two phones as one borrower — one signs the other out from Account; the other’s next action goes to sign-in', async () => {
    const phone10 = newBorrowerPhone();
    const first = await newPhone(browser, sandbox.url);
    await first.page.goto('/login');
    await signInOn(first.page, sandbox.url, phone10);
    await first.page.waitForURL((u) => u.pathname === '/');
    // The second phone: another browser, the same borrower (past the 60 s between two codes).
    await advanceClock(sandbox.url, 61);
    const second = await newPhone(browser, sandbox.url, undefined, { userAgent: ANDROID_UA });
    await second.page.goto('/login');
    await signInOn(second.page, sandbox.url, phone10);
    await second.page.waitForURL((u) => u.pathname === '/');
    await second.page.getByRole('heading', { name: 'Your loan offer' }).waitFor();

    const { page } = first;
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/personal');
    const block = devicesBlock(page);
    await block.waitFor();
    const names = await block.locator('.device-name').allTextContents();
    assert(names.length === 2 && names[0] === 'Safari on iPhoneThis device' && names[1] === 'Chrome on Android', `the list: ${names.join(' | ')}`);
    await block.getByText('Signed in with an SMS code').first().waitFor();
    await toBottom(page);
    await screenshot(page, 'D2-account-devices');

    // In Hindi: the list and the question.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    const hiBlock = page.getByRole('region', { name: hiSessions.heading });
    await hiBlock.waitFor();
    await toBottom(page);
    await screenshot(page, 'D2-account-devices-hindi');
    await hiBlock.getByRole('button', { name: 'Android पर Chrome साइन आउट करें' }).click();
    const hiQuestion = page.getByRole('dialog', { name: 'Android पर Chrome साइन आउट करें?' });
    await hiQuestion.waitFor();
    await screenshot(page, 'D2-sign-out-question-hindi');
    await hiQuestion.getByRole('button', { name: 'रद्द करें' }).click();
    await hiQuestion.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'English' }).click();

    await block.getByRole('button', { name: 'Sign out Chrome on Android' }).click();
    const question = page.getByRole('dialog', { name: 'Sign out Chrome on Android?' });
    await question.getByText('That device will need a new code to sign in again.').waitFor();
    await screenshot(page, 'D2-sign-out-question');
    await question.getByRole('button', { name: 'Sign out' }).click();
    await block.getByRole('status').getByText('Chrome on Android is signed out.').waitFor();
    assert((await block.getByRole('listitem').count()) === 1, 'the signed-out phone left the list');
    await toBottom(page);
    await screenshot(page, 'D2-account-device-signed-out');

    // The other phone's next action: its call gets -4, and it is asked to sign in again.
    await second.page.getByRole('link', { name: 'Account' }).click();
    await second.page.waitForURL('**/login?redirect=%2Fpersonal');
    await second.page.getByText('Your session has expired. Please sign in again.').waitFor();
    await screenshot(second.page, 'D2-other-phone-signed-out');
    const left = await second.page.evaluate(() => localStorage.getItem('bw.token'));
    assert(left === null, 'the other phone no longer holds the token');

    // This phone is still signed in.
    await page.getByRole('link', { name: 'Order History' }).click();
    await page.waitForURL('**/orders');
    await page.getByText('No order history go get your first loan').waitFor();
    noErrors(first.errors);
    noErrors(second.errors);
    await first.context.close();
    await second.context.close();
  });

  scenario('devices: against a lender without the calls (404), Account shows no devices block and Quit still works', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const refused: string[] = [];
    for (const path of ['/user/v1/sessions', '/user/v1/sessions/revoke', '/user/v1/logout']) {
      await context.route(`**/api1${path}`, (route) => {
        refused.push(path);
        return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'Not found', data: null }) });
      });
    }
    await page.goto('/personal');
    await page.waitForURL(/\/login/);
    await signInOn(page, sandbox.url, newBorrowerPhone());
    await page.waitForURL('**/personal');
    await page.getByRole('button', { name: 'Quit' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert(refused.includes('/user/v1/sessions'), 'the app asked for the list and got 404');
    assert((await devicesBlock(page).count()) === 0, 'no devices block');
    assert((await page.getByText('Signed-in devices').count()) === 0, 'no devices heading');
    assert((await page.getByRole('alert').count()) === 0, 'no error');
    await screenshot(page, 'D3-account-lender-without-devices');
    const token = await storedToken(page);
    await quit(page);
    await page.getByRole('button', { name: /send code/i }).waitFor();
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bw.') && !k.startsWith('bw.pref.')));
    assert(left.length === 0, `Quit cleared the session: ${left.join(', ')}`);
    assert(refused.includes('/user/v1/logout'), 'Quit asked the lender, which said 404');
    // A lender without logout: the token is not ended there, as before (this sandbox still knows it).
    assert(token && (await replay(sandbox.url, '/home/v1/index', token)).code === 0, 'the token lives on at a lender without logout');
    noErrors(errors.filter((e) => !/status of 404/.test(e)));
    await context.close();
  });

  scenario('devices: a list that fails says why, with Try again, which brings the list', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/personal');
    await page.waitForURL(/\/login/);
    await signInOn(page, sandbox.url, newBorrowerPhone());
    await page.waitForURL('**/personal');
    await page.getByRole('button', { name: 'Quit' }).waitFor();
    await context.route('**/api1/user/v1/sessions', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'Service busy, please try again', data: null }) }),
    );
    await page.reload();
    const block = devicesBlock(page);
    await block.getByRole('alert').getByText('Service busy, please try again').waitFor();
    await toBottom(page);
    await screenshot(page, 'D4-account-devices-failed');
    await context.unroute('**/api1/user/v1/sessions');
    await block.getByRole('button', { name: 'Try again' }).click();
    await block.getByRole('listitem').first().waitFor();
    assert((await page.evaluate(() => document.activeElement?.textContent)) === 'Signed-in devices', 'the focus is on the block heading, in place of Try again');
    noErrors(errors);
    await context.close();
  });
}
