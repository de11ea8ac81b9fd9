/**
 * `npm run bench:journey` (after a build): a new borrower's journey in Chromium on Lighthouse's mobile
 * throttling, screen by screen, first visit and repeat, with the sandbox's compression on and off.
 * Not a test. A full run writes docs/measured/journey.md and journey-compression.md; docs/performance.md
 * says what it measures and the goals.
 */
import { rmSync } from 'node:fs';

import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { advanceClock, latestCode, launchBrowser, newBorrowerPhone, panFor, PHONE, screenshot, startSandbox, type Sandbox } from '../tests/e2e/harness';
import { API_BASE } from '../contract/endpoints';
import { png } from '../tests/e2e/images';
import { callsInSeries, kb, nextPaintDelay, table, totals, type EventEntry, type StepFigures, type Totals } from './journey-figures';
import { writeMeasured } from './measured';
import { mkdirSync, writeFileSync } from 'node:fs';

/** Lighthouse's mobile throttling (its "slow 4G" settings, applied to the page by DevTools). */
export const THROTTLING = { latencyMs: 150, downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8, uploadBytesPerSecond: (750 * 1024) / 8, cpuSlowdown: 4 } as const;
const DEADLINE_MS = 600_000;
const STEP_TIMEOUT_MS = 30_000;
const PID = '1';
/** BENCH_JOURNEY_MODES=gzip (or plain): one sandbox only; the doc files are then left as they are. */
/**
 * BENCH_JOURNEY_TRACE=<part of a screen's name>: a Chromium trace (DevTools' Performance panel opens it)
 * from that screen's tap to its content, or on to the content of the screen BENCH_JOURNEY_TRACE_TO names.
 */
const TRACE_FILE = '.e2e/journey-trace.json';
/** BENCH_JOURNEY_CALLS=1: each screen's API calls, with when each started and ended, on stderr. */
const SHOW_CALLS = process.env.BENCH_JOURNEY_CALLS === '1';
const MODES = (process.env.BENCH_JOURNEY_MODES ?? 'gzip,plain').split(',').filter((m): m is Mode => m === 'gzip' || m === 'plain');
type Mode = 'gzip' | 'plain';

interface Request {
  step: number;
  api: boolean;
  start: number;
  end: number;
  bytes: number;
  /** The wait from the request's last byte sent to its first answer byte, ms (round trip + lender). */
  waitMs: number;
  /** Method and path, for BENCH_JOURNEY_CALLS. */
  call: string;
}

/** Watches the page's requests through DevTools, each tagged with the step that was running when it left. */
class Network {
  readonly requests = new Map<string, Request>();
  /** The running step's id (unique over the run: a repeat's steps never count a first visit's requests). */
  step = -1;
  private nextId = 0;
  newStep(): number {
    return (this.step = this.nextId++);
  }
  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      const api = new URL(e.request.url).pathname.startsWith(`${API_BASE}/`);
      this.requests.set(e.requestId, { step: this.step, api, start: e.timestamp * 1000, end: NaN, bytes: 0, waitMs: 0, call: `${e.request.method} ${new URL(e.request.url).pathname}` });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = this.requests.get(e.requestId);
      const t = e.response.timing;
      if (r && t) r.waitMs = (t.receiveHeadersStart ?? t.receiveHeadersEnd) - t.sendEnd;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = this.requests.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp * 1000, bytes: e.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = this.requests.get(e.requestId);
      if (r) r.end = e.timestamp * 1000;
    });
  }
  of(step: number): Request[] {
    return [...this.requests.values()].filter((r) => r.step === step);
  }
  bytes(which: 'all' | 'api' = 'all'): number {
    return [...this.requests.values()].filter((r) => which === 'all' || r.api).reduce((a, r) => a + r.bytes, 0);
  }
}

/** Keeps the page's Event Timing entries (INP's method) in the page, read after each tap. */
function recordEvents() {
  const w = window as unknown as { __journeyEvents: unknown[] };
  w.__journeyEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[])
      w.__journeyEvents.push({ name: e.name, startTime: e.startTime, duration: e.duration, interactionId: e.interactionId ?? 0 });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Two frames and a little more: the tap's entry is reported after its next paint. */
const afterPaint = (page: Page) =>
  page.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 60)))));

class Journey {
  readonly steps: StepFigures[] = [];
  /** Each step's id in the Network's tags. */
  private readonly ids: number[] = [];
  private trace: CDPSession | null = null;
  constructor(
    readonly page: Page,
    readonly net: Network,
  ) {}

  /** Times `tap` until `content` shows; reads the bytes, the calls and the tap's next paint. */
  async step(screen: string, tap: () => Promise<unknown>, content: Locator | (() => Promise<unknown>), { photo = 0 } = {}): Promise<void> {
    const since = await this.page.evaluate(() => performance.now()).catch(() => 0);
    this.ids.push(this.net.newStep());
    if (!this.trace && process.env.BENCH_JOURNEY_TRACE && screen.includes(process.env.BENCH_JOURNEY_TRACE)) {
      this.trace = await this.page.context().newCDPSession(this.page);
      await this.trace.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute', transferMode: 'ReturnAsStream' });
    }
    const trace = this.trace && screen.includes(process.env.BENCH_JOURNEY_TRACE_TO ?? process.env.BENCH_JOURNEY_TRACE ?? '') ? this.trace : null;
    const t0 = performance.now();
    await tap();
    if (typeof content === 'function') await content();
    else await content.first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const contentMs = performance.now() - t0;
    if (trace) {
      const done = new Promise<string>((resolve) => trace.once('Tracing.tracingComplete', (e) => resolve(e.stream as string)));
      await trace.send('Tracing.end');
      const stream = await done;
      let data = '';
      for (;;) {
        const chunk = await trace.send('IO.read', { handle: stream });
        data += chunk.data;
        if (chunk.eof) break;
      }
      mkdirSync('.e2e', { recursive: true });
      writeFileSync(TRACE_FILE, data);
      console.error(`  trace: ${TRACE_FILE}`);
      this.trace = null;
    }
    await afterPaint(this.page).catch(() => 0);
    const entries = await this.page.evaluate(() => (window as unknown as { __journeyEvents?: EventEntry[] }).__journeyEvents ?? []).catch(() => []);
    this.steps.push({ screen, contentMs, bytes: 0, apiCalls: 0, inSeries: 0, inpMs: nextPaintDelay(entries, since), lenderMs: 0, upload: photo });
    this.net.step = -1;
    console.error(`  ${screen}: ${Math.round(contentMs)} ms`);
  }

  /** The bytes and calls of each step, once every request has ended (a step's calls may end after its content). */
  figures(): StepFigures[] {
    return this.steps.map((s, i) => {
      const reqs = this.net.of(this.ids[i]!);
      const api = reqs.filter((r) => r.api);
      if (SHOW_CALLS && api.length) {
        const t0 = Math.min(...api.map((r) => r.start));
        console.error(`  ${s.screen}:\n${api.map((r) => `    ${r.call} ${Math.round(r.start - t0)}→${Math.round(r.end - t0)} ms`).join('\n')}`);
      }
      return {
        ...s,
        bytes: reqs.reduce((a, r) => a + r.bytes, 0),
        apiCalls: api.length,
        inSeries: callsInSeries(api.filter((r) => Number.isFinite(r.end))),
        lenderMs: Math.max(0, ...api.map((r) => r.waitMs - THROTTLING.latencyMs)),
      };
    });
  }
}

async function throttle(context: BrowserContext, page: Page): Promise<Network> {
  const cdp = await context.newCDPSession(page);
  const net = new Network(cdp);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  return net;
}

/** The new borrower's verification as the sandbox's QA control sets it: upload KYC, then face, basic, work, contacts. */
async function newBorrower(sandbox: Sandbox): Promise<string> {
  const phone10 = newBorrowerPhone();
  const res = await fetch(`${sandbox.url}/sandbox/api/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, kycVariant: 'upload', stepOrder: ['identity', 'face', 'basic', 'work', 'contacts'] }),
  });
  if (!res.ok) throw new Error(`the sandbox's verification setup failed: ${res.status}`);
  return phone10;
}

/** A phone photo of a card as the app sends it (about 350 KB): a picture with some grain, 800 × 500. */
const cardPhoto = (seed: number) => png(800, 500, { noise: 2, seed });
/** An option is never "visible": its being in the list is the content. */
const attached = (locator: Locator) => () => locator.first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });

const stepText = (page: Page, step: number) => page.getByText(`Step ${step} / 5`, { exact: true });

/** Sign in, verification with uploads, a bank account, the KFS, APPLY NOW, Get Money after approval, a repayment. */
async function journey(sandbox: Sandbox, page: Page, net: Network, shot: string): Promise<{ steps: StepFigures[]; bytes: number; apiBytes: number; ms: number }> {
  const phone10 = await newBorrower(sandbox);
  const j = new Journey(page, net);
  const bytesBefore = net.bytes();
  const apiBytesBefore = net.bytes('api');
  const t0 = performance.now();
  const upload = async (group: string, seed: number) => {
    const box = page.getByRole('group', { name: group });
    const photo = cardPhoto(seed);
    await j.step(`${group}: photo uploaded`, () => box.locator('input[type=file]').setInputFiles({ name: `${seed}.png`, mimeType: 'image/png', buffer: photo }), box.getByText('Uploaded', { exact: true }), { photo: photo.length });
  };

  // Sign in.
  await j.step('open /login: the sign-in screen', () => page.goto('/login', { waitUntil: 'commit' }), page.getByRole('button', { name: /send code/i }));
  await j.step('the app takes over /login', async () => {}, page.locator('#root[data-taken-over="1"]'));
  await page.getByLabel('Mobile number').fill(phone10);
  await page.getByRole('checkbox').check();
  await j.step('Send code', () => page.getByRole('button', { name: /send code/i }).click(), page.getByRole('button', { name: /resend in \d+/i }));
  await page.getByLabel('Verification code').fill(await latestCode(sandbox.url, phone10));
  await j.step('Log in → home', () => page.getByRole('button', { name: 'Log in' }).click(), page.getByRole('button', { name: 'Apply now' }));

  // Verification: KYC with uploads, face, basic, work, contacts.
  await j.step('Apply now → the KYC step', () => page.getByRole('button', { name: 'Apply now' }).click(), stepText(page, 1));
  await j.step('I agree → the KYC form', () => page.getByRole('button', { name: 'I agree' }).click(), page.getByRole('button', { name: 'Submit' }));
  await upload('Aadhaar front', 1);
  const number = page.getByLabel('Aadhaar number', { exact: true });
  for (let i = 0; i < 100 && !(await number.inputValue()); i++) await page.waitForTimeout(100);
  await upload('Aadhaar back', 2);
  await upload('PAN card', 3);
  await page.getByLabel('PAN', { exact: true }).fill(panFor(phone10));
  await j.step('Submit KYC → the face step', () => page.getByRole('button', { name: 'Submit' }).click(), page.getByRole('button', { name: 'I agree' }));
  await j.step('I agree → the face photo', () => page.getByRole('button', { name: 'I agree' }).click(), page.getByRole('group', { name: 'Your face photo' }));
  await upload('Your face photo', 7);
  await j.step('Continue → face recognised', () => page.getByRole('button', { name: 'Continue' }).click(), page.getByRole('heading', { name: 'Face recognition successful' }));
  await j.step('Continue → the basic form', () => page.getByRole('link', { name: 'Continue' }).click(), attached(page.getByLabel('State', { exact: true }).locator('option', { hasText: 'Karnataka' })));
  const choose = (label: string, option: string) => page.getByLabel(label, { exact: true }).selectOption({ label: option });
  await choose('Education', 'Graduate');
  await choose('Marital status', 'Married');
  await choose('Residence type', 'Rented');
  await j.step('State → its districts', () => choose('State', 'Karnataka'), attached(page.getByLabel('District', { exact: true }).locator('option', { hasText: 'Bengaluru Urban' })));
  await choose('District', 'Bengaluru Urban');
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road, Ashok Nagar');
  await page.getByLabel('PIN code', { exact: true }).fill('560001');
  await page.getByLabel('Email', { exact: true }).fill('borrower@example.com');
  const submit = page.getByRole('button', { name: /submit|next|continue/i });
  await j.step('Submit basic → the work form', () => submit.click(), attached(page.getByLabel('Employment type', { exact: true }).locator('option', { hasText: 'Salaried' })));
  await choose('Employment type', 'Salaried');
  await page.getByLabel('Company / business name', { exact: true }).fill('Infosys Limited');
  await page.getByLabel('Monthly income (₹)', { exact: true }).fill('45000');
  for (const select of await page.locator('select').all()) if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  for (const input of await page.locator('input[type=text], input:not([type])').all())
    if ((await input.inputValue()) === '') await input.fill((await input.getAttribute('inputmode')) === 'numeric' ? '5' : 'Bengaluru');
  await j.step('Submit work → the contacts form', () => submit.click(), stepText(page, 5));
  const relations = page.getByLabel('Relationship', { exact: true });
  await relations.first().waitFor();
  for (let i = 0; i < 3; i++) {
    await relations.nth(i).selectOption({ index: i + 1 });
    await page.getByLabel('Name', { exact: true }).nth(i).fill(['r. das', 'priya', 'amit'][i]!);
    await page.getByLabel('Mobile number', { exact: true }).nth(i).fill(`987650123${i}`);
  }
  const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
  await j.step('Submit contacts → the confirmation with its KFS', () => submit.click(), kfs.getByText('APR'));

  // The bank account, the KFS, APPLY NOW.
  await j.step('Add bank account → its form', () => page.getByRole('link', { name: 'Add bank account' }).click(), page.getByLabel('IFSC code', { exact: true }));
  await page.getByLabel('IFSC code', { exact: true }).fill('HDFC0149771');
  await page.getByLabel('Bank account number', { exact: true }).fill('50100111122223');
  await page.getByLabel('Confirm account number', { exact: true }).fill('50100111122223');
  await j.step('Save → the confirmation with its KFS', () => page.getByRole('button', { name: 'Save' }).click(), async () => {
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail` && (u.searchParams.get('bank_id') ?? '') !== '', { timeout: STEP_TIMEOUT_MS });
    await kfs.getByText('APR').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  });
  // Auto Get Money off: the borrower takes the money themselves once the lender has approved.
  await page.getByRole('switch').uncheck();
  await kfs.getByRole('checkbox').check();
  await j.step('APPLY NOW → Loan History', () => page.getByRole('button', { name: 'APPLY NOW' }).click(), page.locator('a.order-card-link'));

  // The QA console's clock passes the audit: the lender approves; Get Money; disbursed a minute later.
  await advanceClock(sandbox.url, 180);
  await j.step('the order → Get Money', () => page.locator('a.order-card-link').first().click(), page.getByRole('button', { name: 'Get Money' }).or(page.getByRole('button', { name: 'Refresh' })));
  if (await page.getByRole('button', { name: 'Refresh' }).isVisible())
    await j.step('Refresh → Get Money', () => page.getByRole('button', { name: 'Refresh' }).click(), page.getByRole('button', { name: 'Get Money' }));
  await j.step('Get Money → Loan History', () => page.getByRole('button', { name: 'Get Money' }).click(), async () => {
    await page.waitForURL((u) => u.pathname === '/orders', { timeout: STEP_TIMEOUT_MS });
    await page.locator('.order-card').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  });
  await advanceClock(sandbox.url, 120);
  // Disbursed on the sandbox clock: the lending order becomes a loan to repay, with its detail.
  await j.step('Refresh → the loan disbursed', () => page.getByRole('button', { name: 'Refresh' }).click(), page.locator('a.order-card-link'));

  // A repayment on the sandbox gateway with its test mode's success UPI id.
  await j.step('the order → its detail', () => page.locator('a.order-card-link').first().click(), page.getByRole('button', { name: /^Repayment ₹/ }));
  await j.step('Repayment → the gateway', () => page.getByRole('button', { name: /^Repayment/ }).click(), page.getByRole('heading', { name: 'Sandbox Pay' }));
  await page.locator('input[value="success@sandbox"]').check();
  await j.step('Pay → payment received', () => page.getByRole('button', { name: 'Pay' }).click(), page.getByRole('heading', { level: 2, name: 'Payment received' }));

  const ms = performance.now() - t0;
  await screenshot(page, shot); // the journey's last screen, to look at
  await page.waitForTimeout(500); // the last calls end
  return { steps: j.figures(), bytes: net.bytes() - bytesBefore, apiBytes: net.bytes('api') - apiBytesBefore, ms };
}

interface Visit {
  steps: StepFigures[];
  totals: Totals;
  /** Every byte the page received over the journey, between taps too. */
  bytes: number;
  /** What of it the API's answers were. */
  apiBytes: number;
  ms: number;
}

async function runMode(mode: Mode): Promise<{ first: Visit; repeat: Visit }> {
  const sandbox = await startSandbox({ name: `journey-${mode}`, env: { SANDBOX_COMPRESS: mode === 'gzip' ? '1' : '0' } });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ ...PHONE, baseURL: sandbox.url });
    await context.addInitScript(recordEvents);
    const page = await context.newPage();
    const net = await throttle(context, page);
    console.error(`${mode}: first visit`);
    const first = await journey(sandbox, page, net, `journey-${mode}-first`).catch(async (e: unknown) => {
      await screenshot(page, `journey-${mode}-failed`).catch(() => '');
      throw e;
    });
    // The service worker has precached the app; the next borrower on this phone starts signed out.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('about:blank');
    console.error(`${mode}: repeat visit`);
    const repeat = await journey(sandbox, page, net, `journey-${mode}-repeat`).catch(async (e: unknown) => {
      await screenshot(page, `journey-${mode}-repeat-failed`).catch(() => '');
      throw e;
    });
    await context.close();
    return {
      first: { ...first, totals: totals(first.steps) },
      repeat: { ...repeat, totals: totals(repeat.steps) },
    };
  } finally {
    await browser.close();
    await sandbox.stop();
    rmSync(sandbox.dataDir, { recursive: true, force: true });
  }
}

const totalsLine = (label: string, v: Visit) =>
  `| ${label} | ${v.steps.length} | ${(v.totals.contentMs / 1000).toFixed(2)} s | ${(v.ms / 1000).toFixed(1)} s | ${kb(v.totals.bytes)} | ${kb(v.bytes)} | ${v.totals.apiCalls} | ${v.totals.worstInpMs === null ? '—' : `${Math.round(v.totals.worstInpMs)} ms`} | ${v.totals.missed} |`;
const TOTALS_HEAD = [
  '| run | screens | waits for content, summed | journey, filling forms included | received in the waits | received in all | API calls | worst next paint | goals missed |',
  '|---|---|---|---|---|---|---|---|---|',
];

async function main(): Promise<number> {
  const timer = setTimeout(() => {
    console.error(`bench:journey: stopped after ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();
  const runs = new Map<Mode, { first: Visit; repeat: Visit }>();
  for (const mode of MODES) runs.set(mode, await runMode(mode));

  const setting =
    `Chromium at 360×800, a new borrower each run, on Lighthouse's mobile throttling through DevTools: ${THROTTLING.latencyMs} ms round trip, ` +
    `${((THROTTLING.downloadBytesPerSecond * 8) / 1024 / 1024).toFixed(1)} Mbps down, ${Math.round((THROTTLING.uploadBytesPerSecond * 8) / 1024)} Kbps up, ${THROTTLING.cpuSlowdown}× CPU slowdown. ` +
    'Content: from the tap to the screen showing what its data brings. Received: encoded bytes, headers included, of the requests the tap started. ' +
    'In series: the longest chain of API calls each sent after the one before had answered. Next paint: the tap\'s longest Event Timing entry (INP\'s method); — where the page left before reporting it. ' +
    '"lender N ms": a screen over 1 s whose lender took N ms to answer one call (beyond the round trip); "photo of N KB": a screen over 1 s that uploads the photo picked (its size before the app compresses it). The machine may be shared: times move from run to run.';
  const out: string[] = [setting, ''];
  for (const [mode, r] of runs) {
    out.push(`### Compression ${mode === 'gzip' ? 'on (the default)' : 'off (SANDBOX_COMPRESS=0)'}`, '', '**First visit** (cold cache):', '', ...table(r.first.steps), '');
    out.push('**Repeat** (the same browser, its service worker installed, another new borrower):', '', ...table(r.repeat.steps), '');
    out.push(...TOTALS_HEAD, totalsLine('first visit', r.first), totalsLine('repeat', r.repeat), '');
  }
  const text = out.join('\n');
  console.log(text);
  const gzip = runs.get('gzip');
  const plain = runs.get('plain');
  if (gzip && plain) {
    const journeyText = [setting, '', '**First visit** (cold cache):', '', ...table(gzip.first.steps), '', '**Repeat** (the same browser, its service worker installed, another new borrower):', '', ...table(gzip.repeat.steps), '', ...TOTALS_HEAD, totalsLine('first visit', gzip.first), totalsLine('repeat', gzip.repeat)].join('\n');
    writeMeasured({ name: 'journey', title: 'Journey benchmark', command: 'npm run build && npm run bench:journey', body: journeyText });
    const compression = [
      `The same journey with the sandbox's compression of /api1 answers over 1 KB on and off (SANDBOX_COMPRESS=0), on the same throttling (${THROTTLING.latencyMs} ms, 1.6 Mbps, ${THROTTLING.cpuSlowdown}× CPU).`,
      '',
      ...TOTALS_HEAD,
      totalsLine('on, first visit', gzip.first),
      totalsLine('off, first visit', plain.first),
      totalsLine('on, repeat', gzip.repeat),
      totalsLine('off, repeat', plain.repeat),
      '',
      ...(['first', 'repeat'] as const).map((visit) => {
        const saved = plain[visit].apiBytes - gzip[visit].apiBytes;
        return `API answers received over the ${visit === 'first' ? 'first visit' : 'repeat'}: ${kb(gzip[visit].apiBytes)} compressed, ${kb(plain[visit].apiBytes)} not; the ${kb(saved)} saved take ${Math.round((saved / THROTTLING.downloadBytesPerSecond) * 1000)} ms at 1.6 Mbps.`;
      }),
    ].join('\n');
    writeMeasured({ name: 'journey-compression', title: 'Journey benchmark: compression on and off', command: 'npm run build && npm run bench:journey', body: compression });
    console.error('written: docs/measured/journey.md, docs/measured/journey-compression.md');
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
