/**
 * The native shell bridge and /joint in Chromium at 360×800, through the sandbox's shell page
 * (/sandbox/shell, docs/sandbox/native-shell.md 'The sandbox native shell'), which opens the app in a window it
 * owns and answers the bridge: a signed login (iOS) lands on home in app mode and the shell records
 * finish and closeWebview; a replayed or stale signature is refused and a fresh one signs in; an
 * unsigned login (Android) goes through /tripartite/v1/user-login, again to the same empty borrower,
 * and never to a device bound to a phone; a refused device info, a bad signature, no answer (timeout)
 * and no shell each show their message.
 */
import type { Browser, Page } from 'playwright-core';
import { assert, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface BridgeContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

type Flavour = 'ios' | 'android' | 'none';
type Answer = 'signed' | 'unsigned' | 'bad-sign' | 'stale' | 'replay' | 'refuse' | 'timeout';

export function bridgeScenarios({ sandbox, browser, noErrors }: BridgeContext): void {
  /** The shell page, set as asked, then the app opened in its window (the "webview"). */
  async function openInShell(flavour: Flavour, answer: Answer) {
    const { context, page: shell, errors } = await newPhone(browser, sandbox.url);
    await shell.goto('/sandbox/shell');
    await shell.locator(`input[name="flavour"][value="${flavour}"]`).check();
    await shell.locator(`input[name="answer"][value="${answer}"]`).check();
    const deviceId = await shell.locator('#deviceId').inputValue();
    const [app] = await Promise.all([context.waitForEvent('page'), shell.getByRole('button', { name: 'Open the app in the shell' }).click()]);
    app.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    app.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`);
    });
    await app.setViewportSize({ width: 360, height: 800 });
    return { context, shell, app, errors, deviceId };
  }

  /** Opens the app again from the same shell page (its device fields and its memory kept), answering as asked. */
  async function reopen(shell: Page, answer: Answer, errors: string[]) {
    await shell.locator(`input[name="answer"][value="${answer}"]`).check();
    const [app] = await Promise.all([shell.context().waitForEvent('page'), shell.getByRole('button', { name: 'Open the app in the shell' }).click()]);
    app.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await app.setViewportSize({ width: 360, height: 800 });
    return app;
  }
  async function refusedWith(app: Page, text: string) {
    const alert = app.getByRole('alert').filter({ hasText: text });
    await alert.waitFor({ timeout: 10_000 });
    assert(new URL(app.url()).pathname === '/joint', 'still on /joint');
    await app.getByRole('button', { name: 'Try again' }).waitFor();
    await app.getByRole('link', { name: 'Sign in with your mobile number' }).waitFor();
  }

  const logText = (shell: Page) => shell.locator('#log').innerText();
  async function logSays(shell: Page, text: string) {
    await shell.locator('#log li', { hasText: text }).first().waitFor({ timeout: 10_000 });
  }
  async function device(deviceId: string) {
    const res = await fetch(`${sandbox.url}/sandbox/api/devices?deviceId=${encodeURIComponent(deviceId)}`);
    return (await res.json()) as { phone?: string; lastSigned?: boolean | null; lastSent?: Record<string, string> & { headers?: Record<string, string> } };
  }

  scenario('bridge: signed login (iOS shell) → home in app mode; finish and closeWebview recorded', async () => {
    const { context, shell, app, errors, deviceId } = await openInShell('ios', 'signed');
    await app.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    await app.getByRole('navigation').first().waitFor();
    assert((await app.evaluate(() => localStorage.getItem('bw.appMode'))) === '1', 'app mode is on');
    assert(await app.evaluate(() => Boolean(localStorage.getItem('bw.token'))), 'the token is stored');
    await app.waitForLoadState('networkidle');
    await screenshot(app, '94-joint-signed-home');
    const seen = await device(deviceId);
    assert(seen.lastSigned === true && seen.phone?.startsWith('9180000'), `signed in as a new borrower of the device (${JSON.stringify(seen)})`);
    await logSays(shell, 'deviceInfo signed');
    // The shell's other methods, as the rating pages will call them: recorded, and close really closes.
    await app.evaluate(() => {
      const w = window as unknown as { webkit: { messageHandlers: { borrowerBridge: { postMessage(m: unknown): void } } } };
      w.webkit.messageHandlers.borrowerBridge.postMessage({ id: 'e2e-1', method: 'openStoreReview', params: {} });
      w.webkit.messageHandlers.borrowerBridge.postMessage({ id: 'e2e-2', method: 'finish', params: {} });
    });
    await logSays(shell, 'Store review page opened.');
    await logSays(shell, 'Finish: the shell ends the web flow.');
    await shell.locator('#log li', { hasText: 'The app window is closed.' }).waitFor({ timeout: 10_000 });
    await shell.locator('#log').scrollIntoViewIfNeeded();
    await screenshot(shell, '95-sandbox-shell-log');
    const text = await logText(shell);
    assert(/→ deviceInfo/.test(text) && /Bridge installed \(iOS/.test(text), `the log shows the request and the install:\n${text}`);
    noErrors(errors);
    await context.close();
  });

  scenario('bridge: unsigned login (Android shell) → /tripartite/v1/user-login → home', async () => {
    const { context, shell, app, errors, deviceId } = await openInShell('android', 'unsigned');
    const login = app.waitForRequest((r) => r.url().includes('/api1/tripartite/v1/user-login'));
    const request = await login;
    const headers = request.headers();
    assert(headers.token === undefined, 'no token sent');
    assert(headers.deviceid === deviceId && headers.brand === 'Google' && headers.sdkversion === '34', `the device headers (${JSON.stringify(headers)})`);
    await app.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    assert((await app.evaluate(() => localStorage.getItem('bw.appMode'))) === '1', 'app mode is on');
    // What the sandbox received (the body's fields and the headers), as it keeps it for QA.
    const seen = await device(deviceId);
    assert(seen.lastSigned === false, 'the unsigned login was used');
    assert(seen.lastSent?.model === 'Pixel 8' && seen.lastSent.systemVersion === '14' && seen.lastSent.headers?.sdkVersion === '34', `the device fields (${JSON.stringify(seen)})`);
    await logSays(shell, 'Bridge installed (Android BorrowerBridge)');
    noErrors(errors);
    await context.close();
  });

  scenario('bridge: a replayed signed login and a stale one → the server’s msg, no token; the next fresh signature signs in', async () => {
    const { context, shell, app, errors, deviceId } = await openInShell('ios', 'signed');
    await app.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    const signedIn = (await device(deviceId)).phone;
    const token = await app.evaluate(() => localStorage.getItem('bw.token'));
    await app.close();
    // The shell sends its last signed answer again: the nonce was used.
    await shell.locator('input[name="answer"][value="replay"]').check();
    await shell.getByRole('group', { name: 'Device info answer' }).scrollIntoViewIfNeeded();
    await screenshot(shell, '95b-sandbox-shell-answers');
    const replayed = await reopen(shell, 'replay', errors);
    await refusedWith(replayed, 'This device info was already used to sign in. Please try again.');
    await screenshot(replayed, '97b-joint-replayed');
    assert((await replayed.evaluate(() => localStorage.getItem('bw.token'))) === token, 'no new token stored');
    await replayed.close();
    // Signed 10 minutes before the sandbox clock: stale.
    const stale = await reopen(shell, 'stale', errors);
    await refusedWith(stale, 'The device info signature has expired. Please try again.');
    await stale.close();
    // Signed afresh: the same device signs in again as its borrower.
    const fresh = await reopen(shell, 'signed', errors);
    await fresh.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    assert((await device(deviceId)).phone === signedIn, 'the same borrower');
    await logSays(shell, 'deviceInfo replayed');
    await logSays(shell, 'deviceInfo signed 10 minutes ago');
    noErrors(errors);
    await context.close();
  });

  scenario('bridge: unsigned again → the same empty borrower; a device bound to a phone gets no unsigned login (the reported attack)', async () => {
    const { context, shell, app, errors, deviceId } = await openInShell('android', 'unsigned');
    await app.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    const first = await device(deviceId);
    assert(first.phone?.startsWith('9180000'), `a new borrower of the device (${JSON.stringify(first)})`);
    await app.close();
    // The partner's shell opens the app again: the borrower holds nothing yet, so the same one.
    const again = await reopen(shell, 'unsigned', errors);
    await again.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    assert((await device(deviceId)).phone === first.phone, 'the same borrower again');
    const token = await again.evaluate(() => localStorage.getItem('bw.token'));
    await again.close();
    // The attack: the device id of a borrower with a phone sign-in, posted unsigned.
    await shell.locator('#phone').fill('9000000003');
    const attack = await reopen(shell, 'unsigned', errors);
    await refusedWith(attack, 'This device is linked to an account that this app cannot open without a verified sign-in. Please sign in with your mobile number.');
    await attack.waitForLoadState('networkidle');
    await screenshot(attack, '99b-joint-unsigned-refused');
    assert((await attack.evaluate(() => localStorage.getItem('bw.token'))) === token, 'no new token stored');
    assert((await device(deviceId)).phone === '919000000003', 'the device is bound to Meera, who was not reached');
    noErrors(errors);
    await context.close();
  });

  scenario('bridge: device info refused → the shell’s message and Try again', async () => {
    const { context, app, errors } = await openInShell('ios', 'refuse');
    const alert = app.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    assert((await alert.innerText()).includes('The user did not allow sharing the device info.'), 'the refusal is shown');
    await app.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(app, '96-joint-refused');
    assert(new URL(app.url()).pathname === '/joint', 'still on /joint');
    noErrors(errors);
    await context.close();
  });

  scenario('bridge: bad signature → the server’s msg', async () => {
    const { context, app, errors } = await openInShell('ios', 'bad-sign');
    const alert = app.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    const text = await alert.innerText();
    assert(text.includes('The device info signature is not valid. Please update the app and try again.'), `the server's msg (${text})`);
    await screenshot(app, '97-joint-bad-signature');
    assert((await app.evaluate(() => localStorage.getItem('bw.token'))) === null, 'no token stored');
    noErrors(errors);
    await context.close();
  });

  scenario('bridge: no answer → Connecting…, then the timeout message', async () => {
    const { context, app, errors } = await openInShell('ios', 'timeout');
    await app.getByRole('status').filter({ hasText: 'Connecting to the app…' }).waitFor();
    await screenshot(app, '98-joint-connecting');
    await app.getByRole('alert').filter({ hasText: 'The app did not answer in time. Please try again.' }).waitFor({ timeout: 10_000 });
    noErrors(errors);
    await context.close();
  });

  scenario('bridge: no shell → only works inside the app, with the way to /login', async () => {
    const { context, app, errors } = await openInShell('none', 'signed');
    await app.getByRole('heading', { name: 'Open this page in the app' }).waitFor({ timeout: 10_000 });
    assert((await app.getByRole('alert').innerText()).includes('This page only works inside the app.'), 'the no-shell message');
    await screenshot(app, '99-joint-no-shell');
    await app.getByRole('link', { name: 'Sign in with your mobile number' }).click();
    await app.waitForURL((u) => u.pathname === '/login');
    noErrors(errors);
    await context.close();
  });
}
