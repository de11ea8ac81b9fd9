/**
 * The pages the native shell opens with a token (spec §2 'Rating prompt', 'Audit with rating', §6), in
 * Chromium at 360×800, with a fake iOS shell recording every bridge call (window.webkit, installed
 * before the page's scripts): the token signs the page in and is gone from the address, history and
 * every Referer; Refresh on an order in review stays; an unknown order shows the server's msg in
 * 'Info'; To Evaluate opens the store page; on /rate, Evaluate Us closes the webview 1 s after the
 * store page; outside the shell the page says 'Please rate us in the app store.'.
 */
import type { Browser, Page } from 'playwright-core';
import { advanceClock, assert, latestCode, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface RatingContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

const KIRAN = '9000000004'; // an order in review (state 1)

/** A token from signing in through the API, as the native app would hold one. */
async function apiToken(sandboxUrl: string, phone10: string): Promise<string> {
  const send = async () => (await (await fetch(`${sandboxUrl}/api1/sms/v1/sendCode?phone=91${phone10}`)).json()) as { code: number; msg: string };
  let sent = await send();
  if (sent.code !== 0) {
    await advanceClock(sandboxUrl, 61); // another scenario sent this phone a code within the minute
    sent = await send();
  }
  assert(sent.code === 0, `sendCode: ${sent.msg}`);
  const code = await latestCode(sandboxUrl, phone10);
  await advanceClock(sandboxUrl, 61); // a later scenario signing this phone in is not held by the 60 s resend limit
  const res = await fetch(`${sandboxUrl}/api1/user/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, code }),
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token?: string } };
  assert(body.code === 0 && body.data?.token, `login: ${body.msg}`);
  return body.data.token;
}

async function firstOrderId(sandboxUrl: string, token: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/api1/order/v1/list`, { headers: { token } });
  const body = (await res.json()) as { code: number; data: { orderId: string | number; orderState: number }[] };
  const order = body.data.find((o) => Number(o.orderState) === 1);
  assert(order, 'the persona has an order in review');
  return String(order.orderId);
}

/** A fake iOS shell: records each call with its time, answers ok after 20 ms. */
async function installFakeShell(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __bridge: { method: string; at: number }[]; borrowerBridgeReceive?: (r: unknown) => void; webkit: unknown };
    w.__bridge = [];
    (window as unknown as { __startLength: number }).__startLength = history.length;
    w.webkit = {
      messageHandlers: {
        borrowerBridge: {
          postMessage(request: { id: string; method: string }) {
            w.__bridge.push({ method: request.method, at: performance.now() });
            setTimeout(() => w.borrowerBridgeReceive?.({ id: request.id, ok: true }), 20);
          },
        },
      },
    };
  });
}
const bridgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __bridge: { method: string; at: number }[] }).__bridge);

/** Every request the page makes, with its Referer. */
function recordRequests(page: Page): { url: string; referer: string; document: boolean }[] {
  const seen: { url: string; referer: string; document: boolean }[] = [];
  page.on('request', (r) => seen.push({ url: r.url(), referer: r.headers()['referer'] ?? '', document: r.resourceType() === 'document' }));
  return seen;
}

export function ratingScenarios({ sandbox, browser, noErrors }: RatingContext) {
  scenario('rating: /orders/audit?orderId=&token= signs in, the token leaves the address and history at once; Refresh in review stays; an unknown order → Info', async () => {
    const token = await apiToken(sandbox.url, KIRAN);
    const orderId = await firstOrderId(sandbox.url, token);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await installFakeShell(page);
    const requests = recordRequests(page);
    const documentResponse = page.goto(`/orders/audit?orderId=${orderId}&token=${token}`);
    await documentResponse;
    await page.getByRole('heading', { name: 'In Auditing...' }).waitFor();

    // The token is gone from the address bar and the history entry; other parameters stay.
    const url = new URL(page.url());
    assert(!page.url().includes(token), `the token is gone from location.href (${page.url()})`);
    assert(url.pathname === '/orders/audit' && url.searchParams.get('orderId') === orderId && !url.searchParams.has('token'), `orderId kept (${page.url()})`);
    // history.length as the document started (before any script of the page) and now: no entry added.
    const lengths = await page.evaluate(() => [(window as unknown as { __startLength: number }).__startLength, history.length]);
    assert(lengths[0] === lengths[1], `no extra history entry (history.length ${lengths.join(' → ')})`);
    // It signed the page in (app mode: the shell opened it), stored as the session only.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    assert(stored['bw.token'] === token && stored['bw.appMode'] === '1', 'the token is the session, app mode on');
    assert(Object.entries(stored).filter(([, v]) => v.includes(token)).length === 1, 'the token is stored once, as the session');

    await screenshot(page, '90-rating-audit');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('status').filter({ hasText: 'Still in review.' }).waitFor();
    assert(new URL(page.url()).pathname === '/orders/audit', 'an order in review: the page stays');
    assert(!(await bridgeCalls(page)).some((c) => c.method === 'finish'), 'not finished');
    await page.getByRole('button', { name: 'To Evaluate' }).click();
    await page.waitForFunction(() => (window as unknown as { __bridge: { method: string }[] }).__bridge.some((c) => c.method === 'openStoreReview'));
    await screenshot(page, '91-rating-audit-refreshed');

    // No request but the document's own carries the token in its address; no API call carries it in its
    // Referer. The files the HTML itself names are requested before any script runs: their Referer is
    // the full address under 'strict-origin-when-cross-origin' (same origin), and only the origin under
    // 'strict-origin' / 'no-referrer' — then nothing at all may carry it.
    const policy = (await documentResponse)?.headers()['referrer-policy'] ?? '';
    const strict = /^(no-referrer|strict-origin|origin)$/.test(policy.split(',').at(-1)?.trim() ?? '');
    const leaks = requests.filter((r) => !r.document && (r.url.includes(token) || (r.referer.includes(token) && (strict || r.url.includes('/api1/')))));
    assert(leaks.length === 0, `requests carrying the token:\n${leaks.map((r) => `${r.url} (referer ${r.referer})`).join('\n')}`);
    const early = requests.filter((r) => r.referer.includes(token)).map((r) => new URL(r.url).pathname);
    if (early.length) console.log(`    note: Referrer-Policy '${policy}': ${early.length} file(s) the HTML names were requested with the token in their Referer (${early.join(', ')})`);
    assert(requests.some((r) => r.url.includes('/api1/order/v1/detail')), 'Refresh read the order');

    // Back leaves the page for the one before (never an address with the token); Forward returns to
    // the replaced entry, without the token, still signed in.
    await page.goBack().catch(() => null);
    assert(!page.url().includes(token), `Back does not bring the token back (${page.url()})`);
    await page.goForward().catch(() => null);
    await page.getByRole('heading', { name: 'In Auditing...' }).waitFor();
    assert(!page.url().includes(token) && new URL(page.url()).searchParams.get('orderId') === orderId, `Forward: the entry without the token (${page.url()})`);

    // An order that is not this borrower's: the server's msg in 'Info', OK closes it.
    await page.goto('/orders/audit?orderId=99999999');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const info = page.getByRole('dialog', { name: 'Info' });
    await info.waitFor();
    assert((await info.innerText()).trim().length > 'Info OK'.length, 'the dialog says why');
    await screenshot(page, '92-rating-audit-info');
    await info.getByRole('button', { name: 'OK' }).click();
    await info.waitFor({ state: 'hidden' });
    noErrors(errors);
    await context.close();
  });

  scenario('rating: /rate?token= — Evaluate Us opens the store page, the webview closes 1 s later; outside the shell it says so', async () => {
    const token = await apiToken(sandbox.url, KIRAN);
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await installFakeShell(page);
    await page.goto(`/rate?token=${token}`);
    await page.getByRole('button', { name: 'Evaluate Us' }).waitFor();
    assert(!page.url().includes(token) && new URL(page.url()).pathname === '/rate', `the token is gone (${page.url()})`);
    await screenshot(page, '93-rate');
    await page.getByRole('button', { name: 'Evaluate Us' }).click();
    await page.waitForFunction(() => (window as unknown as { __bridge: { method: string }[] }).__bridge.some((c) => c.method === 'closeWebview'), null, { timeout: 5_000 });
    const calls = await bridgeCalls(page);
    assert(calls.map((c) => c.method).join() === 'openStoreReview,closeWebview', `store page then close (${calls.map((c) => c.method).join()})`);
    const gap = calls[1]!.at - calls[0]!.at;
    assert(gap >= 990 && gap < 1_600, `closed about 1 s after the store page (${Math.round(gap)} ms)`);
    noErrors(errors);
    await context.close();

    // No shell: a plain message, nothing broken.
    const plain = await newPhone(browser, sandbox.url);
    await plain.page.goto('/rate');
    await plain.page.getByRole('button', { name: 'Evaluate Us' }).click();
    await plain.page.getByText('Please rate us in the app store.').waitFor({ timeout: 5_000 });
    await screenshot(plain.page, '94-rate-outside-shell');
    noErrors(plain.errors);
    await plain.context.close();
  });
}
