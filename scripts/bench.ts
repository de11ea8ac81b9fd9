/**
 * `npm run bench`: the sandbox's speed and memory (calls under load, start times, RSS, uploads), on
 * PGlite and, with BENCH_DATABASE_URL or DATABASE_URL, PostgreSQL. Not a test. A full run writes
 * docs/measured/bench.md; docs/performance.md says what it measures and which variables run a part.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import pg from 'pg';
import { freePort } from './free-port';
import { measuredPath, writeMeasured } from './measured';
import { API_BASE, ENDPOINTS } from '../contract/endpoints';

const HERE = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(process.env.BENCH_ROOT || HERE);
const ONLY = process.env.BENCH_ONLY || '';
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const WARMUP_MS = 1000;
const CONCURRENCIES = [10, 50];
/** How long a started server is left alone before its resident memory is read. */
const IDLE_MS = 5000;
const UPLOAD_CONCURRENCY = 20;
const UPLOADS = 120;
const FAQ_AT_REST = 200;
const DEADLINE_MS = 600_000;
const MEERA = '919000000003';
const UPLOADER = '917000000777';
/** What the app's browser sends: answers above 1 KB come gzipped, as they do to a phone. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const ALL_CALLS = [
  { name: 'home', path: `${API_BASE}${ENDPOINTS.home.path}` },
  { name: 'order list', path: `${API_BASE}${ENDPOINTS.orderList.path}` },
  { name: 'calculate', path: `${API_BASE}${ENDPOINTS.calculate.path}?productId=1&amount=3000&period=91` },
] as const;
/** BENCH_CALLS=home,calculate: only those calls (with BENCH_PROFILE, a profile of one call). */
const CALLS = process.env.BENCH_CALLS ? ALL_CALLS.filter((c) => process.env.BENCH_CALLS!.split(',').includes(c.name)) : ALL_CALLS;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const deadline = Date.now() + DEADLINE_MS;
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];

// ---------------------------------------------------------------------------------------------
// A sandbox process.

interface Sandbox {
  child: ChildProcess;
  base: string;
  port: number;
  /** From spawn to the first answer of /client/v1/config. */
  startMs: number;
  log(): string;
}

async function startSandbox(env: { dataDir?: string; databaseUrl?: string }, tag: string): Promise<Sandbox> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // One profile per thread (the main thread's is the largest; tsx's loader has its own), named by pid.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE, tag)}`] : [];
  let log = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir ?? '',
      DATABASE_URL: env.databaseUrl ?? '',
      SERVE_APP: '0',
      SANDBOX_PROCESSES: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the sandbox did not start:\n${log}`);
    try {
      if ((await fetch(`${base}${API_BASE}${ENDPOINTS.clientConfig.path}`)).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
  return { child, base, port, startMs: performance.now() - t0, log: () => log };
}

async function stopSandbox(s: Sandbox): Promise<void> {
  const c = s.child;
  if (c.exitCode !== null || c.signalCode !== null) return;
  await new Promise<void>((done) => {
    c.once('exit', () => done());
    c.kill('SIGTERM');
    setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
  });
}

/** CPU time the process has used so far (user + system, all threads), in ms (Linux: /proc/<pid>/stat, in clock ticks). */
function cpuTimeMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** The process's resident memory now (VmRSS) and at its highest (VmHWM), in bytes (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function idleRss(s: Sandbox): Promise<number> {
  await sleep(IDLE_MS);
  return memoryOf(s.child.pid!).rss;
}

/** Signs `phone` in, reading the code from the sandbox outbox; answers the token. */
async function signIn(base: string, phone: string): Promise<string> {
  await fetch(`${base}${API_BASE}${ENDPOINTS.sendCode.path}?phone=${phone}`);
  const outbox = (await (await fetch(`${base}/sandbox/api/outbox?phone=${phone}`)).json()) as { messages: { code: string }[] };
  const login = (await (
    await fetch(`${base}${API_BASE}${ENDPOINTS.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, code: outbox.messages[0]?.code }),
    })
  ).json()) as { code: number; msg: string; data: { token: string } };
  if (login.code !== 0) throw new Error(`sign-in of ${phone} failed: ${login.msg}`);
  return login.data.token;
}

// ---------------------------------------------------------------------------------------------
// The load generator: `concurrency` clients, each on its own keep-alive socket, each asking again as
// soon as it is answered, for a fixed time after a warm-up.

interface LoadResult {
  rps: number;
  /** The server's CPU time (user + system, all its threads) per answer: steadier than req/s on a shared machine. */
  cpuMs: number;
  p50: number;
  p99: number;
  n: number;
  errors: number;
}

function getOnce(agent: http.Agent, port: number, urlPath: string, token: string): Promise<{ status: number; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, agent, headers: { token, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? '') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The envelope's code of an answer (decompressed as sent). */
function envelopeCode(r: { body: Buffer; encoding: string }): number {
  const raw = r.encoding === 'gzip' ? zlib.gunzipSync(r.body) : r.encoding === 'br' ? zlib.brotliDecompressSync(r.body) : r.encoding === 'deflate' ? zlib.inflateSync(r.body) : r.body;
  return (JSON.parse(raw.toString('utf8')) as { code: number }).code;
}

async function load(s: Sandbox, urlPath: string, token: string, concurrency: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const first = await getOnce(agent, s.port, urlPath, token);
    if (first.status !== 200 || envelopeCode(first) !== 0) throw new Error(`${urlPath}: HTTP ${first.status}, ${first.body.length} bytes`);
    const warmEnd = performance.now() + WARMUP_MS;
    const end = warmEnd + SECONDS * 1000;
    const times: number[] = [];
    let errors = 0;
    let cpuAtWarmEnd = NaN;
    const client = async () => {
      for (;;) {
        const t0 = performance.now();
        if (t0 >= end || Date.now() > deadline) return;
        const r = await getOnce(agent, s.port, urlPath, token);
        const t1 = performance.now();
        if (t0 < warmEnd) continue;
        if (Number.isNaN(cpuAtWarmEnd)) cpuAtWarmEnd = cpuTimeMs(s.child.pid!);
        if (r.status !== 200) errors += 1;
        times.push(t1 - t0);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    const elapsed = (performance.now() - warmEnd) / 1000;
    const cpu = cpuTimeMs(s.child.pid!) - cpuAtWarmEnd;
    const last = await getOnce(agent, s.port, urlPath, token);
    if (envelopeCode(last) !== 0) errors += 1;
    const sum = summary(times);
    return { rps: sum.n / elapsed, cpuMs: cpu / sum.n, p50: sum.p50, p99: sum.p99, n: sum.n, errors };
  } finally {
    agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// One database: first start, idle memory, the calls under load, a restart.

interface DbFigures {
  firstStartMs: number;
  firstIdleRss: number;
  restartMs: number;
  restartIdleRss: number;
  peakRss: number;
  runs: { call: string; concurrency: number; r: LoadResult }[];
}

async function benchDatabase(kind: 'pglite' | 'postgres', env: { dataDir?: string; databaseUrl?: string }): Promise<DbFigures> {
  const first = await startSandbox(env, `${kind}-first`);
  let s = first;
  try {
    const firstIdleRss = await idleRss(first);
    console.error(`${kind}: first start ${(first.startMs / 1000).toFixed(2)} s, idle RSS ${mb(firstIdleRss)}`);
    const token = await signIn(first.base, MEERA);
    const runs: DbFigures['runs'] = [];
    for (const call of CALLS)
      for (const concurrency of CONCURRENCIES) {
        const r = await load(first, call.path, token, concurrency);
        console.error(`${kind}: ${call.name} c${concurrency}: ${r.rps.toFixed(0)} req/s, ${r.cpuMs.toFixed(2)} ms CPU each, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${r.errors ? `, ${r.errors} errors` : ''}`);
        runs.push({ call: call.name, concurrency, r });
      }
    const peakRss = memoryOf(first.child.pid!).peak;
    await stopSandbox(first);
    s = await startSandbox(env, `${kind}-restart`);
    const restartIdleRss = await idleRss(s);
    console.error(`${kind}: restart ${(s.startMs / 1000).toFixed(2)} s, idle RSS ${mb(restartIdleRss)}`);
    return { firstStartMs: first.startMs, firstIdleRss, restartMs: s.startMs, restartIdleRss, peakRss, runs };
  } finally {
    await stopSandbox(s);
    await stopSandbox(first);
  }
}

/** A database of its own on the PostgreSQL server of `url`, dropped at the end. */
async function scratchDatabase(url: string): Promise<string> {
  const name = `sandbox_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// ---------------------------------------------------------------------------------------------
// Uploads (PGlite): how much image uploads slow the other calls down.

/** A valid PNG of about 1 MB: random RGB pixels (they do not compress), 580 × 580. */
function makePng(): Buffer {
  const width = 580;
  const height = 580;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const noise = crypto.randomBytes(width * 3 * height);
  for (let y = 0; y < height; y++) noise.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3); // filter byte 0
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface UploadFigures {
  pngMb: number;
  done: number;
  failed: number;
  perSecond: number;
  rest: { p50: number; p99: number; n: number };
  during: { p50: number; p99: number; n: number };
}

async function benchUploads(dataDir: string): Promise<UploadFigures> {
  const s = await startSandbox({ dataDir }, 'uploads');
  try {
    const base = s.base;
    const token = await signIn(base, UPLOADER);
    const faq = async () => {
      const t0 = performance.now();
      const res = await fetch(`${base}${API_BASE}${ENDPOINTS.faq.path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`faq: HTTP ${res.status}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 20; i++) await faq(); // warm up
    const rest: number[] = [];
    for (let i = 0; i < FAQ_AT_REST; i++) rest.push(await faq());

    // One multipart body, encoded once: the bench's own work per upload stays small.
    const png = makePng();
    const boundary = `bench${crypto.randomBytes(8).toString('hex')}`;
    const bodyFor = (type: number) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const bodies = [1, 2, 3, 4].map(bodyFor);
    let started = 0;
    let done = 0;
    let failed = 0;
    const upload = async (n: number) => {
      const res = await fetch(`${base}${API_BASE}${ENDPOINTS.uploadImage.path}`, {
        method: 'POST',
        headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: bodies[n % 4],
      });
      const body = (await res.json()) as { code: number; msg: string };
      if (body.code !== 0) {
        failed++;
        if (failed === 1) console.error(`an upload failed: ${body.msg}`);
      } else done++;
    };
    // The faq is timed from a thread of its own, so the uploads' client-side work does not count.
    const prober = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       let stop = false;
       parentPort.on('message', () => (stop = true));
       (async () => {
         const times = [];
         while (!stop) {
           const t0 = performance.now();
           const res = await fetch(workerData.url);
           await res.arrayBuffer();
           times.push(performance.now() - t0);
         }
         parentPort.postMessage(times);
       })();`,
      { eval: true, workerData: { url: `${base}${API_BASE}${ENDPOINTS.faq.path}` } },
    );
    const during = new Promise<number[]>((resolve, reject) => {
      prober.once('message', resolve);
      prober.once('error', reject);
    });
    const t0 = performance.now();
    const workers = Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
      while (started < UPLOADS && Date.now() < deadline - 5000) await upload(started++);
    });
    await Promise.all(workers);
    const elapsed = (performance.now() - t0) / 1000;
    prober.postMessage('stop');
    const duringTimes = await during;
    await prober.terminate();
    const figures = { pngMb: png.length / 1024 / 1024, done, failed, perSecond: done / elapsed, rest: summary(rest), during: summary(duringTimes) };
    console.error(`uploads: ${figures.perSecond.toFixed(1)}/s; faq during p50 ${ms(figures.during.p50)}, p99 ${ms(figures.during.p99)}`);
    return figures;
  } finally {
    await stopSandbox(s);
  }
}

// ---------------------------------------------------------------------------------------------
// The report.

function loadTable(figures: { db: string; f: DbFigures }[]): string[] {
  const lines = ['| database | call | concurrency | req/s | p50 | p99 | server CPU per answer |', '|---|---|---|---|---|---|---|'];
  for (const { db, f } of figures)
    for (const { call, concurrency, r } of f.runs)
      lines.push(`| ${db} | ${call} | ${concurrency} | ${r.rps.toFixed(0)}${r.errors ? ` (${r.errors} errors)` : ''} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.cpuMs.toFixed(2)} ms |`);
  return lines;
}

function memoryTable(figures: { db: string; f: DbFigures }[]): string[] {
  const lines = [
    '| database | first start | idle RSS after it | restart | idle RSS after it | peak RSS under load |',
    '|---|---|---|---|---|---|',
  ];
  for (const { db, f } of figures)
    lines.push(
      `| ${db} | ${(f.firstStartMs / 1000).toFixed(2)} s | ${mb(f.firstIdleRss)} | ${(f.restartMs / 1000).toFixed(2)} s | ${mb(f.restartIdleRss)} | ${mb(f.peakRss)} |`,
    );
  return lines;
}

async function main() {
  const timer = setTimeout(() => {
    console.error(`bench: stopped after ${DEADLINE_MS / 1000} s`);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-bench-'));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
  const figures: { db: string; f: DbFigures }[] = [];
  const notes: string[] = [];
  let uploads: UploadFigures | undefined;
  try {
    if (!ONLY || ONLY === 'pglite') figures.push({ db: 'PGlite', f: await benchDatabase('pglite', { dataDir: path.join(tmp, 'pglite') }) });
    if (!ONLY || ONLY === 'postgres') {
      if (pgUrl) figures.push({ db: 'PostgreSQL', f: await benchDatabase('postgres', { databaseUrl: await scratchDatabase(pgUrl) }) });
      else notes.push('PostgreSQL: skipped (no BENCH_DATABASE_URL or DATABASE_URL).');
    }
    if (!ONLY || ONLY === 'uploads') uploads = await benchUploads(path.join(tmp, 'uploads'));
  } finally {
    for (const c of [...children]) c.kill('SIGKILL');
    for (const clean of cleanups.reverse()) await Promise.resolve(clean()).catch((e: unknown) => console.error('cleanup:', e));
  }

  const pgVersion = pgUrl && figures.some((f) => f.db === 'PostgreSQL') ? await serverVersion(pgUrl) : '';
  const out = [
    `${pgVersion ? `PostgreSQL ${pgVersion}. ` : ''}The machine may be shared: figures move by a fifth or more from run to run.`,
    '',
  ];
  if (figures.length) {
    out.push(
      `**Calls under load**, signed in as Meera (4 orders in progress, 1 settled); ${SECONDS} s per run after a ${WARMUP_MS / 1000} s warm-up, ` +
        'each client on its own keep-alive connection, asking again as soon as it is answered, `Accept-Encoding: gzip, deflate, br`:',
      '',
      ...loadTable(figures),
      '',
      `**Start and memory** (the server process alone; RSS read ${IDLE_MS / 1000} s after the first answer). The first start is on a new data folder (PGlite) or an empty database (PostgreSQL), migrations and seed included:`,
      '',
      ...memoryTable(figures),
      '',
    );
  }
  if (uploads)
    out.push(
      `**Uploads** (PGlite): ${UPLOADS} uploads of a ${uploads.pngMb.toFixed(2)} MB PNG, ${UPLOAD_CONCURRENCY} at a time, ` +
        `while one client asks for the FAQ again and again: ${uploads.perSecond.toFixed(1)} uploads/s${uploads.failed ? ` (${uploads.failed} failed)` : ''}; ` +
        `FAQ during them p50 ${ms(uploads.during.p50)}, p99 ${ms(uploads.during.p99)}; at rest p50 ${ms(uploads.rest.p50)}, p99 ${ms(uploads.rest.p99)}.`,
      '',
    );
  out.push(...notes.map((n) => `${n}`), ...(notes.length ? [''] : []));
  const text = out.join('\n');
  console.log(text);
  if (!ONLY && !process.env.BENCH_CALLS && ROOT === HERE) {
    writeMeasured({ name: 'bench', title: 'Sandbox bench', command: 'npm run bench', body: text });
    console.error(`written: ${path.relative(HERE, measuredPath('bench'))}`);
  }
}

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '';
  } finally {
    await c.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  },
);
