/** Test harness for the sandbox server: an in-memory PGlite, migrated and seeded, and a fake clock. */
import * as v from 'valibot';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp, type AppDeps } from '../../server/src/app';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createFakeClock, type FakeClock } from '../../server/src/clock';
import type { Db, OpenDbOptions } from '../../server/src/db';

export type App = ReturnType<typeof createApp>;

export interface Harness {
  app: App;
  db: Db;
  clock: FakeClock;
  logs: string[];
  close(): Promise<void>;
}

/** What a test may set on the app besides the database: abuse limits, who reaches the sandbox controls, a token everywhere, its addresses. */
export type AppSettings = Pick<AppDeps, 'limits' | 'controls' | 'trustForwardedFor' | 'tokenEverywhere' | 'publicOrigin' | 'appOrigins'>;

export async function startHarness(options: OpenDbOptions & { staticDir?: string; flowsDir?: string } & AppSettings = {}): Promise<Harness> {
  const clock = createFakeClock();
  const { staticDir, flowsDir, limits, controls, trustForwardedFor, tokenEverywhere, publicOrigin, appOrigins, ...dbOptions } = options;
  const { db } = await openPreparedDb(dbOptions, clock);
  const logs: string[] = [];
  const settings = {
    ...(limits ? { limits } : {}),
    ...(controls ? { controls } : {}),
    ...(trustForwardedFor ? { trustForwardedFor } : {}),
    ...(tokenEverywhere ? { tokenEverywhere } : {}),
    ...(publicOrigin ? { publicOrigin } : {}),
    ...(appOrigins ? { appOrigins } : {}),
  };
  const app = createApp({ db, clock, log: (line) => logs.push(line), ...settings, ...(staticDir ? { staticDir } : {}), ...(flowsDir ? { flowsDir } : {}) });
  return { app, db, clock, logs, close: () => db.close() };
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Calls /api1 and returns the envelope (asserting the HTTP status, 200 unless told). */
export async function api(
  app: App,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; json?: unknown; body?: string; status?: number; headers?: Record<string, string> } = {},
): Promise<Envelope> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.token = opts.token;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = opts.body;
  }
  const res = await app.request(`/api1${path}`, { method, headers, body });
  expect(res.status, `${method} ${path}`).toBe(opts.status ?? 200);
  const json = (await res.json()) as Envelope;
  expect(Object.keys(json).sort()).toEqual(['code', 'data', 'msg']);
  return json;
}

/** The data of a successful envelope, parsed with the client's schema (as the app does). */
export function parsed<S extends v.GenericSchema>(schema: S, env: Envelope): v.InferOutput<S> {
  expect(env.code, env.msg).toBe(0);
  const result = v.safeParse(schema, env.data);
  if (!result.success) throw new Error(`schema: ${JSON.stringify(v.flatten(result.issues))}`);
  return result.output;
}

let phoneSeq = 0;
/** A fresh valid phone (91 + 10 digits starting 7) per call, so tests do not share cooldowns. */
export function freshPhone(): string {
  phoneSeq += 1;
  return `917${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(6, '0')}`;
}

export async function latestCode(app: App, phone: string): Promise<string> {
  const res = await app.request(`/sandbox/api/outbox?phone=${phone}`);
  const { messages } = (await res.json()) as { messages: { code: string | null; purpose: string }[] };
  // Payment reminders and documents issued (a clock move sends them) carry no code: the code is the newest other message.
  const code = messages.find((m) => m.purpose !== 'reminder' && m.purpose !== 'document')?.code;
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

export async function sendCode(app: App, phone: string): Promise<Envelope> {
  return api(app, 'GET', `/sms/v1/sendCode?phone=${phone}`);
}

/** Signs in (sending a code first) and returns the token. Advances the clock past the cooldown. */
export async function signIn(h: Pick<Harness, 'app' | 'clock'>, phone: string): Promise<{ token: string; isRegister: unknown }> {
  const sent = await sendCode(h.app, phone);
  expect(sent.msg).toBe('success');
  const code = await latestCode(h.app, phone);
  const res = await api(h.app, 'POST', '/user/v1/login', { json: { phone, code } });
  expect(res.code, res.msg).toBe(0);
  await h.clock.advance(61_000);
  return res.data as { token: string; isRegister: unknown };
}

/** A wrong code for a given right one. */
/** The envelope of a refusal: code 1, this msg, no data. */
export const refused = (env: Envelope, msg: string) => expect({ code: env.code, msg: env.msg, data: env.data }).toEqual({ code: 1, msg, data: null });

/** The id of the borrower with this phone. */
export async function userIdOf(h: Pick<Harness, 'db'>, phone: string): Promise<number> {
  const r = await h.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  return r.rows[0]!.id;
}

/** A new borrower, signed in: their token, id and phone. */
export async function newBorrower(h: Pick<Harness, 'app' | 'clock' | 'db'>): Promise<{ token: string; userId: number; phone: string }> {
  const phone = freshPhone();
  const { token } = await signIn(h, phone);
  return { token, userId: await userIdOf(h, phone), phone };
}

export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** Calls /api1 with a multipart form (Blob values are sent as files) and returns the envelope. */
export async function apiForm(
  app: App,
  path: string,
  fields: Record<string, string | Blob>,
  opts: { token?: string; status?: number; headers?: Record<string, string> } = {},
): Promise<Envelope> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, `${name}.bin`);
  }
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.token = opts.token;
  const res = await app.request(`/api1${path}`, { method: 'POST', headers, body: form });
  expect(res.status, `POST ${path}`).toBe(opts.status ?? 200);
  const json = (await res.json()) as Envelope;
  expect(Object.keys(json).sort()).toEqual(['code', 'data', 'msg']);
  return json;
}

const IMAGE_MAGIC: Record<'jpeg' | 'png' | 'gif' | 'webp' | 'heic', number[]> = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  gif: [...'GIF89a'].map((ch) => ch.charCodeAt(0)),
  webp: [...'RIFF\0\0\0\0WEBPVP8 '].map((ch) => ch.charCodeAt(0)),
  heic: [0, 0, 0, 0x18, ...'ftypheic'].map((x) => (typeof x === 'string' ? x.charCodeAt(0) : x)),
};

/** `size` bytes that start the way an image of `kind` does (the sandbox reads only the first bytes). */
export function fakeImage(size: number, kind: keyof typeof IMAGE_MAGIC = 'jpeg', fill = 0x5a): Blob {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(IMAGE_MAGIC[kind].slice(0, size));
  return new Blob([bytes], { type: `image/${kind}` });
}

/**
 * A throw-away database on the real PostgreSQL server at TEST_DATABASE_URL, created before the
 * suite's tests and dropped after them. Call inside the describe block; `url()` gives its URL.
 */
export function throwAwayPostgres(adminUrl: string | undefined, prefix: string, encoding: 'UTF8' | 'SQL_ASCII' = 'UTF8'): { url: () => string } {
  const dbName = `${prefix}_${process.pid}_${Date.now()}`;
  let url = '';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    if (!adminUrl) return;
    // UTF8 whatever the cluster's default (the sandbox refuses another encoding; one test checks that).
    const locale = encoding === 'UTF8' ? '' : " LC_COLLATE 'C' LC_CTYPE 'C'";
    await admin(`CREATE DATABASE ${dbName} ENCODING '${encoding}'${locale} TEMPLATE template0`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  });
  afterAll(async () => {
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });
  return { url: () => url };
}

/**
 * The node-server bindings of a request from `address` (the third argument of `app.request`): what
 * getConnInfo reads, so in-process requests can come from any client address.
 */
export const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

/**
 * Issues a KFS (POST /kfs/v1/issue) and acknowledges it, as the app does before APPLY NOW, Get money,
 * scheduling or an extension's fee; returns its number.
 */
export async function acknowledgedKfs(app: App, token: string, issue: Record<string, unknown>): Promise<string> {
  const issued = await api(app, 'POST', '/kfs/v1/issue', { token, json: issue });
  const kfsNo = (issued.data as { kfsNo?: string } | null)?.kfsNo;
  if (issued.code !== 0 || !kfsNo) throw new Error(`KFS not issued: ${issued.msg}`);
  const ack = await api(app, 'POST', '/kfs/v1/acknowledge', { token, json: { kfsNo } });
  if (ack.code !== 0) throw new Error(`KFS not acknowledged: ${ack.msg}`);
  return kfsNo;
}
