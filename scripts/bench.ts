/**
 * `npm run bench`: how much image uploads slow the sandbox down (issue 8, point 6). Not a test.
 * The first paint's Lighthouse figures are its sibling, `npm run bench:lighthouse` (scripts/lighthouse.ts).
 *
 * Starts the sandbox (SERVE_APP=0) on a throw-away data directory and a free loopback port, signs a
 * new borrower in (the code comes from the sandbox outbox), then measures:
 *   - GET /api1/client/v1/faq at rest: p50/p99 over FAQ_AT_REST sequential requests;
 *   - during UPLOADS uploads of a ~1 MB PNG made here, CONCURRENCY at a time: uploads/s, and the
 *     faq's p50/p99 from one client asking again as soon as it is answered.
 * Bounded: at most UPLOADS uploads and DEADLINE_MS in all; the server is stopped and its data
 * directory removed at the end, whatever happens. BENCH_PROFILE=<folder> keeps a CPU profile of the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { freePort } from './free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONCURRENCY = 20;
const UPLOADS = 120;
const FAQ_AT_REST = 200;
const DEADLINE_MS = 120_000;
const PHONE = '917000000777';

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


const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = '';
  const deadline = Date.now() + DEADLINE_MS;
  const timer = setTimeout(() => {
    console.error(`bench: stopped after ${DEADLINE_MS / 1000} s`);
    child?.kill('SIGKILL');
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();

  try {
    // BENCH_PROFILE=<folder>: the server writes a CPU profile there (open it in Chrome DevTools).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
    child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'sandbox'), DATABASE_URL: '', SERVE_APP: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the sandbox exited:\n${log}`);
      if (Date.now() > deadline) throw new Error(`the sandbox did not start:\n${log}`);
      try {
        if ((await fetch(`${base}/api1/client/v1/config`)).ok) break;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }

    // Sign in as a new borrower, reading the code from the sandbox outbox.
    await fetch(`${base}/api1/sms/v1/sendCode?phone=${PHONE}`);
    const outbox = (await (await fetch(`${base}/sandbox/api/outbox?phone=${PHONE}`)).json()) as { messages: { code: string }[] };
    const login = (await (
      await fetch(`${base}/api1/user/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: PHONE, code: outbox.messages[0]?.code }),
      })
    ).json()) as { code: number; msg: string; data: { token: string } };
    if (login.code !== 0) throw new Error(`sign-in failed: ${login.msg}`);
    const token = login.data.token;

    const faq = async () => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api1/client/v1/faq`);
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
      const res = await fetch(`${base}/api1/authen/upload`, {
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
      { eval: true, workerData: { url: `${base}/api1/client/v1/faq` } },
    );
    const during = new Promise<number[]>((resolve, reject) => {
      prober.once('message', resolve);
      prober.once('error', reject);
    });
    const t0 = performance.now();
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (started < UPLOADS && Date.now() < deadline - 5000) await upload(started++);
    });
    await Promise.all(workers);
    const elapsed = (performance.now() - t0) / 1000;
    prober.postMessage('stop');
    const duringTimes = await during;
    await prober.terminate();

    const r = summary(rest);
    const d = summary(duringTimes);
    console.log(`image: PNG ${(png.length / 1024 / 1024).toFixed(2)} MB; ${CONCURRENCY} concurrent uploads`);
    console.log(`uploads: ${done} in ${elapsed.toFixed(1)} s = ${(done / elapsed).toFixed(2)} uploads/s${failed ? ` (${failed} failed)` : ''}`);
    console.log(`faq during uploads: p50 ${ms(d.p50)}, p99 ${ms(d.p99)} (${d.n} requests)`);
    console.log(`faq at rest:        p50 ${ms(r.p50)}, p99 ${ms(r.p99)} (${r.n} requests)`);
    console.log('first paint (Lighthouse 12.8 mobile, /login and /download, median of 5): npm run bench:lighthouse (after npm run build)');
  } finally {
    const c = child;
    if (c && c.exitCode === null) {
      await new Promise<void>((done) => {
        c.once('exit', () => done());
        c.kill('SIGTERM');
        setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
      });
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
