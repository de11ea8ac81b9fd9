/**
 * Round trips in series, on a throttled network (150 ms round trip, 1.6 Mbps, as Lighthouse's mobile
 * setting): a new, verified borrower signs in, applies and opens the order, and each screen of the
 * journey may chain no more /api1 calls than its data needs (docs/performance.md#round-trips).
 */
import type { Browser, Page, Request } from 'playwright-core';
import { assert, latestCode, newBorrowerPhone, PHONE, scenario, screenshot, type Sandbox } from './harness';

export interface RoundTripContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

/** Lighthouse's mobile network: 150 ms round trip, 1.6 Mbps down, 750 Kbps up. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface Call {
  path: string;
  start: number;
  end: number;
}

/**
 * The depth of the longest chain of calls: a call that starts after another has ended waits for it
 * (depth + 1); calls that overlap are side by side. Calls sent at once count as one round trip.
 */
export function chainDepth(calls: readonly Call[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth = new Map<Call, number>();
  for (const c of sorted) {
    const before = sorted.filter((p) => p !== c && p.end <= c.start);
    depth.set(c, 1 + Math.max(0, ...before.map((p) => depth.get(p) ?? 1)));
  }
  return Math.max(0, ...depth.values());
}

/** What each screen's data needs, in round trips after the tap (the budget the test holds). */
export const BUDGET = {
  /** POST send-code. */
  sendCode: 1,
  /** POST login, then home's reads (they need the new token). */
  home: 2,
  /** The order check, the hub's status and the confirmation's reads side by side; then the figures and the KFS (they need the product's amounts). */
  confirmation: 2,
  /** The KFS acknowledgement, then the apply (a money call after its KFS), then Loan History's list. */
  loanHistory: 3,
  /** The order's detail. */
  order: 1,
} as const;

/**
 * Calls no screen waits for: the app's device check after sign-in (src/app/device-info.ts) and the
 * analytics beacons. They run beside the screens and are left out of their chains.
 */
const BESIDE = ['/api1/device/v1/needUpload', '/api1/burying-point/'];

/** Records every /api1 call of the page with its start and end (the browser's own timing). */
function recordCalls(page: Page): Call[] {
  const calls: Call[] = [];
  const done = (r: Request) => {
    const url = new URL(r.url());
    if (process.env.ROUND_TRIPS_DEBUG && !url.pathname.startsWith('/api1/')) console.log(`      (asset) ${url.pathname} ${Math.round(r.timing().startTime % 100_000)}→${Math.round((r.timing().startTime + r.timing().responseEnd) % 100_000)}`);
    if (!url.pathname.startsWith('/api1/') || BESIDE.some((p) => url.pathname.startsWith(p))) return;
    const t = r.timing();
    // A call the page dropped (a cancelled read) has no end: count it as ending now.
    const end = t.responseEnd > 0 ? t.startTime + t.responseEnd : Date.now();
    calls.push({ path: `${r.method()} ${url.pathname}`, start: t.startTime, end });
  };
  if (process.env.ROUND_TRIPS_DEBUG) page.on('framenavigated', (f) => console.log(`      (page) ${f.url()} ${Date.now() % 100_000}`));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return calls;
}

/** Waits for the screen's content after a tap, then gives the calls it made and their chain. */
async function screenAfter(page: Page, calls: Call[], tap: () => Promise<void>, content: () => Promise<void>) {
  const from = Date.now();
  await tap();
  await content();
  const to = Date.now();
  // The timings of the last answers are reported a moment after the content shows: let them land.
  await page.waitForTimeout(300);
  // What the screen waited for: the calls made after the tap that answered before its content showed
  // (reads the screen does not wait for, such as the app's name on /login, are left out).
  const made = calls.filter((c) => c.start >= from - 5 && c.end <= to);
  return { ms: to - from, calls: made, depth: chainDepth(made) };
}

const describe = (name: string, s: { ms: number; calls: Call[]; depth: number }): string =>
  `${name}: ${s.depth} in series, ${s.ms} ms\n${s.calls
    .sort((a, b) => a.start - b.start)
    .map((c) => `      ${c.path} ${Math.round(c.start % 100_000)}→${Math.round(c.end % 100_000)}`)
    .join('\n')}`;

/** A new borrower whom the QA console has verified: the journey goes from home to the confirmation. */
async function verifiedBorrower(sandbox: Sandbox): Promise<string> {
  const phone10 = newBorrowerPhone();
  const res = await fetch(`${sandbox.url}/sandbox/api/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, stepOrder: [], flags: { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 } }),
  });
  assert(res.ok, `the QA console verifies the borrower (${res.status})`);
  return phone10;
}

type Measure = (name: keyof typeof BUDGET, tap: () => Promise<void>, content: () => Promise<void>) => Promise<void>;

/** Sign in, apply (an account added through the lender's call), open the order: each tap measured by `measure`. */
async function journey(page: Page, sandbox: Sandbox, phone10: string, measure: Measure, shots: boolean): Promise<void> {
  let headers: Record<string, string> = {};
  const keep = (r: Request) => {
    if (r.url().includes('/api1/home/')) headers = r.headers();
  };
  page.on('request', keep);
  await page.goto('/login');
  await page.locator('#root[data-taken-over="1"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByLabel('Mobile number').fill(phone10);
  await page.getByRole('checkbox').check();
  await measure(
    'sendCode',
    () => page.getByRole('button', { name: /send code/i }).click(),
    () => page.getByRole('button', { name: /resend in \d+/i }).waitFor(),
  );
  await page.getByLabel('Verification code').fill(await latestCode(sandbox.url, phone10));
  await measure(
    'home',
    () => page.getByRole('button', { name: 'Log in' }).click(),
    () => page.getByRole('button', { name: /^Apply/ }).first().waitFor({ timeout: 30_000 }),
  );
  if (shots) await screenshot(page, 'round-trips-home');

  // A bank account of the borrower's own, added through the lender's call (the IFSC finder has its own test).
  const account = '50100234567890';
  const bound = await fetch(`${sandbox.url}/api1/bank/v1/bind-card`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ bankCode: 'SBIN0333791', cardNo: account, confirmCardNo: account, productId: 1, clientId: 'web' }),
  });
  const answer = (await bound.json()) as { code: number };
  assert(answer.code === 0, `the account is bound: ${JSON.stringify(answer)}`);

  const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
  await measure(
    'confirmation',
    () => page.getByRole('button', { name: /^Apply/ }).first().click(),
    () => kfs.getByText('APR').first().waitFor({ timeout: 30_000 }),
  );
  if (shots) await screenshot(page, 'round-trips-confirmation');
  await kfs.getByRole('checkbox').check();
  await measure(
    'loanHistory',
    () => page.getByRole('button', { name: 'APPLY NOW' }).click(),
    () => page.getByText('Application submitted').first().waitFor({ timeout: 30_000 }),
  );
  if (shots) await screenshot(page, 'round-trips-orders');
  await measure(
    'order',
    () => page.locator('a.order-card-link').first().click(),
    () => page.getByText('It takes a few minutes').first().waitFor({ timeout: 30_000 }),
  );
  page.off('request', keep);
}

export function roundTripScenarios({ sandbox, browser, noErrors }: RoundTripContext): void {
  scenario('round trips: on a slow network each screen of sign in → apply → the order chains only the calls its data needs', async () => {
    // No service worker (its fetches would escape the page's throttling); the app's chunks come from
    // the HTTP cache after a first journey, as they come from the service worker's cache on a phone.
    const context = await browser.newContext({ ...PHONE, baseURL: sandbox.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await journey(page, sandbox, await verifiedBorrower(sandbox), async (_, tap, content) => (await tap(), await content()), false);
    await page.evaluate(() => localStorage.clear());

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    const calls = recordCalls(page);
    const report: string[] = [];
    const over: string[] = [];
    await journey(
      page,
      sandbox,
      await verifiedBorrower(sandbox),
      async (name, tap, content) => {
        const s = await screenAfter(page, calls, tap, content);
        report.push(describe(name, s));
        if (s.depth > BUDGET[name]) over.push(`${name}: ${s.depth} round trips in series, its data needs ${BUDGET[name]}`);
      },
      true,
    );
    console.log(`    ${report.join('\n    ')}`);
    assert(over.length === 0, `screens chain more calls than their data needs:\n${over.join('\n')}`);
    noErrors(errors);
    await context.close();
  });
}
