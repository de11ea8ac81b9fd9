/**
 * End-to-end harness: starts the real sandbox server (built app + /api1 on one port, a fresh
 * embedded database), drives Debian's Chromium with playwright-core at a phone viewport, and runs
 * scenarios with a tiny runner that ends on the line "N passed, N failed".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../../scripts/free-port';

export const ROOT = resolve(import.meta.dirname, '../..');
export const OUT = join(ROOT, '.e2e');
export const SCREENS = join(OUT, 'screens');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A phone: 360×800 CSS pixels, density 2, touch, an iPhone browser (os header ios-h5). */
export const PHONE = {
  viewport: { width: 360, height: 800 },
  deviceScaleFactor: 2,
  hasTouch: true,
  isMobile: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  locale: 'en-IN',
  timezoneId: 'Asia/Kolkata',
};


export interface Sandbox {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
}

/** The built app the sandbox serves: E2E_DIST (a folder built with `vite build --outDir`), else dist/. */
const DIST = resolve(ROOT, process.env.E2E_DIST ?? 'dist');

/**
 * Starts a sandbox on a free port with a data folder of its own. `name` tells apart a second sandbox
 * of the run (its folder is `.e2e/data-<pid>-<name>`); `env` adds settings, e.g. SANDBOX_TOKEN_EVERYWHERE.
 */
export async function startSandbox({ name, env = {} }: { name?: string; env?: Record<string, string> } = {}): Promise<Sandbox> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = join(OUT, `data-${process.pid}${name ? `-${name}` : ''}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DIST_DIR: DIST,
        // One client address plays every borrower of the run: more sign-ins a minute than the default's 20
        // (the limits themselves are tested in tests/server/limits.test.ts).
        SANDBOX_LIMIT_SENDCODE_PER_IP_MINUTE: '200', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`sandbox exited early:\n${log}`);
      try {
        const res = await fetch(`${url}/api1/client/v1/config`);
        if (res.ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`sandbox did not start in 90 s:\n${log}`);
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((done) => {
      c.once('exit', () => done());
      c.kill('SIGTERM');
      setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
    });
  };
  await start();
  return { url, dataDir, stop, restart: async () => (await stop(), await start()) };
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh phone browser context (no stored session). Page errors fail the scenario. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export async function newPhone(
  browser: Browser,
  baseURL: string,
  storageState?: StorageState,
  /** Another phone than PHONE's, e.g. its own `userAgent`. */
  phone: { userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...PHONE, ...phone, baseURL, ...(storageState ? { storageState } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`);
  });
  return { context, page, errors };
}

/**
 * Resolves once the app runs the page (src/app/first-paint.ts marks #root after React's first commit). A
 * prerendered first screen (/login, /download) shows before that; what is typed there is carried over,
 * but a scenario that watches the app react to each key needs the app itself.
 */
export async function appRunning(page: Page): Promise<void> {
  await page.locator('#root[data-taken-over="1"]').waitFor({ state: 'attached' });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS, { recursive: true });
  const file = join(SCREENS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** The newest sign-in code the sandbox "sent" to a phone (read from its outbox). */
export async function latestCode(sandboxUrl: string, phone10: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${sandboxUrl}/sandbox/api/outbox?phone=91${phone10}`);
    const body = (await res.json()) as { messages: { code?: string | null; purpose?: string }[] };
    // A payment reminder or a document issued may arrive at any minute (the sandbox's timer): the code is the newest other message.
    const code = body.messages.find((m) => m.purpose !== 'reminder' && m.purpose !== 'document')?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code in the outbox for ${phone10}`);
}

/** Signs in through the login screen as a borrower does (in English), reading the code from that sandbox's outbox. */
export async function signInOn(page: Page, sandboxUrl: string, phone10: string): Promise<void> {
  await page.getByLabel('Mobile number').fill(phone10);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /send code/i }).click();
  await page.getByRole('button', { name: /resend in \d+/i }).waitFor();
  const code = await latestCode(sandboxUrl, phone10);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** Moves the sandbox's clock forward (its documented QA control), e.g. past the 60 s resend limit. */
export async function advanceClock(sandboxUrl: string, seconds: number): Promise<void> {
  const res = await fetch(`${sandboxUrl}/sandbox/api/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  if (!res.ok) throw new Error(`advancing the sandbox clock failed: ${res.status}`);
}

/** A mobile number no persona uses: a new borrower each time. */
let nextNumber = 0;
export function newBorrowerPhone(): string {
  nextNumber++;
  // The sandbox's order engine denies or fails phones ending 97, 98 or 99 (server/README.md): skip them.
  while (nextNumber % 100 >= 97) nextNumber++;
  return `7${String(process.pid % 10000).padStart(4, '0')}${String(nextNumber).padStart(5, '0')}`;
}

/**
 * A valid personal PAN of this borrower's own (one person, one borrower: the sandbox refuses a PAN
 * another borrower verified), from the phone's last 5 digits: 'AB' + a letter + 'PE' + 4 digits + 'F'.
 */
export function panFor(phone10: string): string {
  const last5 = phone10.slice(-5);
  return `AB${'ABCDEFGHIJ'[Number(last5[0])]}PE${last5.slice(1)}F`;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

type Scenario = { name: string; fn: () => Promise<void> };
const scenarios: Scenario[] = [];
export function scenario(name: string, fn: () => Promise<void>): void {
  scenarios.push({ name, fn });
}
/** Run once after every scenario, whatever E2E_ONLY ran (e.g. stopping a sandbox some scenarios started). */
const finishers: (() => Promise<void>)[] = [];
export function afterRun(fn: () => Promise<void>): void {
  finishers.push(fn);
}

export async function runAll(): Promise<number> {
  let passed = 0;
  let failed = 0;
  const only = process.env.E2E_ONLY;
  for (const s of scenarios) {
    if (only && !s.name.includes(only)) continue;
    const t0 = Date.now();
    try {
      await s.fn();
      passed++;
      console.log(`  ✓ ${s.name} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(`  ✗ ${s.name}\n    ${e instanceof Error ? (e.stack ?? e.message).split('\n').slice(0, 6).join('\n    ') : String(e)}`);
    }
  }
  for (const finish of finishers) await finish().catch((e: unknown) => console.log(`  after the run: ${e instanceof Error ? e.message : String(e)}`));
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed;
}

/** The borrower's orders as the sandbox's QA console lists them. */
export async function consoleOrders(sandboxUrl: string, phone10: string): Promise<{ orderId: number; state: number; productId: number }[]> {
  const res = await fetch(`${sandboxUrl}/sandbox/api/orders?phone=91${phone10}`);
  assert(res.ok, `the QA console lists the orders (${res.status})`);
  const body = (await res.json()) as { orders: { id?: number; orderId?: number; state: number; productId?: number; product_id?: number }[] };
  return body.orders.map((o) => ({ orderId: Number(o.orderId ?? o.id), state: o.state, productId: Number(o.productId ?? o.product_id) }));
}

/** The page's cumulative layout shift so far (layout-shift entries without recent input, buffered from the start). */
export const cls = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(sum), 100);
      }),
  );
