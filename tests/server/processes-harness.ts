/**
 * For tests that run the sandbox as real processes (`server/src/main.ts`, as `npm run server` does)
 * against a real PostgreSQL: starting and stopping it, requests over a new connection each (so
 * node:cluster hands them to its processes in turn), signing borrowers in, and a throw-away
 * PostgreSQL server of the test's own that it may stop, kill and start again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/free-port';
import type { Envelope } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The envelope, when the answer is one. */
  envelope: Envelope | null;
}

/** One request on a connection of its own; rejects when the connection fails (a process that died). */
export function request(
  url: string,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: false,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let envelope: Envelope | null = null;
          try {
            const parsed = JSON.parse(text) as unknown;
            if (parsed && typeof parsed === 'object' && 'code' in parsed && 'msg' in parsed && 'data' in parsed) envelope = parsed as Envelope;
          } catch {
            /* not an envelope */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, envelope });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  log(): string;
  /** Pids of the serving processes, by number (SANDBOX_PROCESSES), from their log lines; the latest for each. */
  pids(): Map<number, number>;
  stop(): Promise<void>;
}

/** Starts `server/src/main.ts` with `env` on a free loopback port and waits until it answers (and, with several processes, until all serve). */
export async function startServer(env: Record<string, string>, opts: { processes?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SERVE_APP: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  };
  const pids = () => {
    const found = new Map<number, number>();
    for (const m of log.matchAll(/\[process (\d+)\/\d+\] pid (\d+) /g)) found.set(Number(m[1]), Number(m[2]));
    return found;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited early:\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the sandbox did not start in 120 s:\n${log}`);
    }
    const all = !opts.processes || opts.processes <= 1 || log.includes(`${opts.processes} sandbox processes serve`);
    if (all) {
      try {
        if ((await request(`${url}/api1/client/v1/config`, { timeoutMs: 5000 })).status === 200) break;
      } catch {
        /* not up yet */
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, log: () => log, pids, stop };
}

/** Runs the server to its end (a refusal to start) and returns its exit code and log. */
export function runServerToExit(env: Record<string, string>): { code: number | null; log: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SERVE_APP: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, log: `${r.stdout}${r.stderr}` };
}

/** A borrower signed in through the API (the code read from the sandbox outbox), verified, with one bank account. */
export async function apiBorrower(url: string, phone: string, headers: Record<string, string> = {}): Promise<{ token: string; cardId: string }> {
  const sent = await request(`${url}/api1/sms/v1/sendCode?phone=${phone}`, { headers });
  if (sent.envelope?.code !== 0) throw new Error(`sendCode ${phone}: ${sent.text}`);
  const outbox = JSON.parse((await request(`${url}/sandbox/api/outbox?phone=${phone}`)).text) as { messages: { code: string }[] };
  const login = await request(`${url}/api1/user/v1/login`, { json: { phone, code: outbox.messages[0]?.code } });
  const token = (login.envelope?.data as { token?: string } | null)?.token;
  if (!token) throw new Error(`login ${phone}: ${login.text}`);
  const flags = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 };
  const verified = await request(`${url}/sandbox/api/verification`, { json: { phone, flags } });
  if (verified.status !== 200) throw new Error(`verification ${phone}: ${verified.text}`);
  const cardNo = `6${phone.slice(-10)}`;
  const bound = await request(`${url}/api1/bank/v1/bind-card`, {
    headers: { token },
    json: { bankCode: 'SBIN0333791', cardNo, confirmCardNo: cardNo, productId: 1, clientId: 'web' },
  });
  const cardId = (bound.envelope?.data as { id?: unknown } | null)?.id;
  if (bound.envelope?.code !== 0 || cardId === undefined) throw new Error(`bind-card ${phone}: ${bound.text}`);
  return { token, cardId: String(cardId) };
}

/** The binaries of the newest PostgreSQL installed as Debian does (what .ci/run installs), or null. */
export function postgresBinaries(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')) && fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(base, newest, 'bin') : null;
}

export interface OwnPostgres {
  /** postgres://…/postgres of this instance */
  adminUrl: string;
  /** `pg_ctl stop` with this mode: 'fast' (clients told), 'immediate' (as if killed: no shutdown checkpoint). */
  stop(mode: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops it for good and removes its folder. */
  destroy(): void;
}

/**
 * A PostgreSQL server of the test's own, in a new folder under the temporary directory, on a free
 * loopback port, run as the user postgres when the test runs as root (as .ci/run does).
 */
export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, Number(run('id', ['-u', 'postgres']).trim()), Number(run('id', ['-g', 'postgres']).trim()));
  const pgRun = (cmd: string, args: string[]) =>
    asRoot ? run('su', ['postgres', '-s', '/bin/sh', '-c', [path.join(bin, cmd), ...args].map(shellQuote).join(' ')]) : run(path.join(bin, cmd), args);
  pgRun('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync']);
  const ctl = (...args: string[]) => pgRun('pg_ctl', ['-D', path.join(dir, 'data'), ...args]);
  const start = () =>
    void ctl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', path.join(dir, 'log'), '-w', 'start');
  start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode) => void ctl('-m', mode, '-w', 'stop'),
    start,
    destroy: () => {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Creates database `name` on the server at `adminUrl` and returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One query on a connection of its own (the test's view of the database, beside the sandbox's). */
export async function sql<T extends object>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
