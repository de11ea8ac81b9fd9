/**
 * `npm run bench:lighthouse` (after a build): Lighthouse's mobile defaults RUNS times on each page, and
 * a non-zero exit when a median misses BAR. Not a test. A full run on dist/ writes the medians to
 * docs/measured/lighthouse.md; docs/performance.md says what the bar is for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort } from './free-port';
import { writeMeasured } from './measured';
import { API_BASE, ENDPOINTS } from '../contract/endpoints';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const OUT = process.env.LIGHTHOUSE_OUT ? path.resolve(process.env.LIGHTHOUSE_OUT) : null;
const PAGES = ['/login', '/download'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const DEADLINE_MS = 600_000;

/** The bar, checked on the medians. */
const BAR = { performance: 100, accessibility: 1, lcpMs: 1200, cls: 0.02 } as const;

interface Figures {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** What a median misses of the bar (empty when it passes). */
function misses(m: Figures): string[] {
  const out: string[] = [];
  if (Math.round(m.performance * 100) < BAR.performance) out.push(`performance ${Math.round(m.performance * 100)} (score ${m.performance.toFixed(3)}) < ${BAR.performance}`);
  if (m.accessibility < BAR.accessibility) out.push(`accessibility ${m.accessibility} < ${BAR.accessibility}`);
  if (m.lcp > BAR.lcpMs) out.push(`LCP ${Math.round(m.lcp)} ms > ${BAR.lcpMs} ms`);
  if (m.cls > BAR.cls) out.push(`CLS ${m.cls.toFixed(3)} > ${BAR.cls}`);
  return out;
}

const row = (f: Figures) =>
  `performance ${String(Math.round(f.performance * 100)).padStart(3)}  accessibility ${String(Math.round(f.accessibility * 100)).padStart(3)}  ` +
  `LCP ${(f.lcp / 1000).toFixed(2)} s  FCP ${(f.fcp / 1000).toFixed(2)} s  CLS ${f.cls.toFixed(3)}  TBT ${Math.round(f.tbt)} ms`;

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

async function startSandbox(tmp: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'sandbox'), DATABASE_URL: '', DIST_DIR: DIST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the sandbox did not start:\n${log}`);
    try {
      if ((await fetch(`${url}${API_BASE}${ENDPOINTS.clientConfig.path}`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Chromium headless with a DevTools port for Lighthouse (the port read from its own announcement). */
async function startChrome(tmp: string): Promise<{ port: number; child: ChildProcess }> {
  if (!fs.existsSync(CHROME)) throw new Error(`Chromium not found at ${CHROME} (set CHROME_PATH)`);
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${path.join(tmp, 'chrome')}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${log}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', () => reject(new Error(`Chromium exited:\n${log}`)));
  });
  return { port, child };
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.error(`bench:lighthouse: ${DIST} has no build; run \`npm run build\` first (or set DIST_DIR).`);
    return 1;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-bench-'));
  let sandbox: ChildProcess | undefined;
  let chrome: ChildProcess | undefined;
  const timer = setTimeout(() => {
    console.error(`bench:lighthouse: stopped after ${DEADLINE_MS / 1000} s`);
    sandbox?.kill('SIGKILL');
    chrome?.kill('SIGKILL');
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();
  try {
    const server = await startSandbox(tmp);
    sandbox = server.child;
    const browser = await startChrome(tmp);
    chrome = browser.child;
    if (OUT) fs.mkdirSync(OUT, { recursive: true });
    console.log(`Lighthouse 12.8, mobile (simulated slow 4G, mid-range phone), ${RUNS} runs per page, build ${path.relative(ROOT, DIST) || '.'}:`);
    const failures: string[] = [];
    const table = ['| page | performance | accessibility | LCP | FCP | CLS | TBT |', '|---|---|---|---|---|---|---|'];
    for (const page of PAGES) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.url}${page}`, {
          port: browser.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const figures: Figures = {
          performance: lhr.categories.performance?.score ?? 0,
          accessibility: lhr.categories.accessibility?.score ?? 0,
          lcp: num('largest-contentful-paint'),
          fcp: num('first-contentful-paint'),
          cls: num('cumulative-layout-shift'),
          tbt: num('total-blocking-time'),
        };
        runs.push(figures);
        console.log(`  ${page} run ${i + 1}: ${row(figures)}`);
        if (OUT) fs.writeFileSync(path.join(OUT, `${page.slice(1) || 'root'}-${i + 1}.json`), result.report as string);
      }
      const m: Figures = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
      };
      console.log(`${page} median of ${RUNS}: ${row(m)}`);
      table.push(
        `| \`${page}\` | ${Math.round(m.performance * 100)} | ${Math.round(m.accessibility * 100)} | ${(m.lcp / 1000).toFixed(2)} s | ${(m.fcp / 1000).toFixed(2)} s | ${m.cls.toFixed(3)} | ${Math.round(m.tbt)} ms |`,
      );
      failures.push(...misses(m).map((miss) => `${page}: ${miss}`));
    }
    // Only a full run of the default build stands for the app as committed.
    if (RUNS === 5 && !process.env.DIST_DIR) {
      const intro = `Lighthouse 12.8, mobile defaults (simulated slow 4G, mid-range phone), median of ${RUNS} runs per page.`;
      writeMeasured({ name: 'lighthouse', title: 'Lighthouse', command: 'npm run build && npm run bench:lighthouse', body: [intro, '', ...table].join('\n') });
    }
    if (failures.length) {
      console.error(`bench:lighthouse: below the bar (performance 100, accessibility 100, LCP ≤ ${BAR.lcpMs} ms, CLS ≤ ${BAR.cls}):\n- ${failures.join('\n- ')}`);
      return 1;
    }
    console.log('bench:lighthouse: ok');
    return 0;
  } finally {
    await stop(chrome);
    await stop(sandbox);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
