/**
 * Signed-in devices and signing out (docs/sandbox/accounts-and-privacy.md 'Sessions and signed-in devices'; calls beyond
 * the spec, contract/beyond-spec.ts): the list of a borrower's sessions in the words a person knows
 * them by, revoking one (twice is fine, another borrower's is refused), Quit's logout, a revoked
 * token answered as an unknown one on every route and under the token-everywhere setting, at most
 * SESSION_LIMIT live sessions, "last used" written at most once a minute, and the migration of the
 * sessions signed in before it.
 */
import crypto from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import { SessionList, type SessionItem } from '../../contract/sessions';
import { findSessionUser, LAST_USED_EVERY_MS, SESSION_LIMIT } from '../../server/src/auth';
import { openDb } from '../../server/src/db';
import { migrate, MIGRATIONS_DIR } from '../../server/src/migrate';
import { deviceKind } from '../../server/src/domain/user-agent';
import { signDevice } from '../../server/src/routes/bridge-login';
import { SESSION_MESSAGES } from '../../server/src/routes/sessions';
import { api, freshPhone, latestCode, parsed, refused, sendCode, startHarness, type Harness } from './helpers';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
};
const EXPIRED = { code: -4, msg: 'Your session has expired. Please sign in again.', data: null };
const { listSessions, revokeSession, logout } = BEYOND_SPEC;

/** Signs in with a code from a browser with this User-Agent (the code's 60 s wait is passed after). */
async function signInFrom(h: Harness, phone: string, userAgent: string): Promise<string> {
  expect((await sendCode(h.app, phone)).code).toBe(0);
  const res = await api(h.app, 'POST', '/user/v1/login', { json: { phone, code: await latestCode(h.app, phone) }, headers: { 'user-agent': userAgent } });
  expect(res.code, res.msg).toBe(0);
  await h.clock.advance(61_000);
  return (res.data as { token: string }).token;
}

const list = async (h: Harness, token: string): Promise<SessionItem[]> => parsed(SessionList, await api(h.app, 'GET', listSessions.path, { token })).sessions;
const revoke = (h: Harness, token: string, id: string) => api(h.app, 'POST', revokeSession.path, { token, json: { id } });
const home = (h: Harness, token: string) => api(h.app, 'GET', '/home/v1/index', { token });

describe('the User-Agent in plain words', () => {
  it.each([
    [UA.android, 'Chrome', 'Android'],
    [UA.iphone, 'Safari', 'iPhone'],
    [UA.windows, 'Firefox', 'Windows'],
    ['Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 'Chrome', 'iPhone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari', 'Mac'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36', 'Android WebView', 'Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', '', 'iPhone'],
    ['curl/8.5.0', '', ''],
    ['', '', ''],
  ])('%s', (ua, browser, os) => {
    expect(deviceKind(ua)).toEqual({ browser, os });
  });
});

describe('signed-in devices', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists each sign-in (code, native app) with its device, method and IST times; the asking one first and marked', async () => {
    const phone = freshPhone();
    const started = h.clock.now();
    const phoneToken = await signInFrom(h, phone, UA.android);
    const laptopToken = await signInFrom(h, phone, UA.windows);
    // The native shell, bound to this borrower (the sandbox shell's control).
    const device = { deviceId: `sessions-${process.pid}`, version: '1.4.0', idfv: 'V', idfa: 'A', systemVersion: '17.5', model: 'iPhone15,2' };
    const bound = await h.app.request('/sandbox/api/devices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: device.deviceId, phone }) });
    expect(bound.status).toBe(200);
    const fresh = { ...device, timestamp: String(Math.floor(h.clock.now().getTime() / 1000)), nonce: crypto.randomBytes(16).toString('hex') };
    const shell = await api(h.app, 'POST', '/user/v1/user-login', {
      json: { ...fresh, sign: signDevice(fresh) },
      headers: { deviceId: device.deviceId, brand: 'Apple', 'user-agent': UA.iphone.replace(/ Version\/\S+| Safari\/\S+/g, '') },
    });
    expect(shell.code, shell.msg).toBe(0);
    await h.clock.advance(5 * 60_000);

    const seen = await list(h, laptopToken);
    expect(seen).toHaveLength(3);
    const [first, ...others] = seen;
    expect(first).toMatchObject({ current: true, method: 'code', browser: 'Firefox', os: 'Windows', model: '' });
    expect(others.map((s) => [s.current, s.method, s.browser, s.os, s.model])).toEqual([
      [false, 'app', '', 'iPhone', 'Apple iPhone15,2'],
      [false, 'code', 'Chrome', 'Android', ''],
    ]);
    // Lender times in India time; the asking session is in use now.
    const ist = (at: Date) => new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(first?.lastUsedAt).toBe(ist(h.clock.now()));
    expect(others.at(-1)?.signedInAt).toBe(ist(started));
    for (const s of seen) expect(s.signedInAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The ids are random and their own: neither a token, nor a token's hash, nor part of either.
    const secrets = [phoneToken, laptopToken, (shell.data as { token: string }).token].flatMap((t) => [t, crypto.createHash('sha256').update(t).digest('hex')]);
    for (const s of seen) for (const secret of secrets) expect(secret).not.toContain(s.id);
    expect(new Set(seen.map((s) => s.id)).size).toBe(3);
    // Each device sees itself first.
    expect((await list(h, phoneToken))[0]).toMatchObject({ current: true, browser: 'Chrome' });
  });

  it('revoking a session ends it at once on every call; revoking it again is fine; the others stay', async () => {
    const phone = freshPhone();
    const lost = await signInFrom(h, phone, UA.android);
    const kept = await signInFrom(h, phone, UA.iphone);
    const target = (await list(h, kept)).find((s) => !s.current)!;
    expect(await home(h, lost)).toMatchObject({ code: 0 });

    expect(await revoke(h, kept, target.id)).toEqual({ code: 0, msg: 'success', data: null });
    expect(await home(h, lost)).toEqual(EXPIRED);
    expect(await api(h.app, 'GET', listSessions.path, { token: lost })).toEqual(EXPIRED);
    expect(await api(h.app, 'GET', '/order/v1/list', { token: lost })).toEqual(EXPIRED);
    expect(await revoke(h, kept, target.id)).toEqual({ code: 0, msg: 'success', data: null });
    expect((await list(h, kept)).map((s) => s.current)).toEqual([true]);
    expect(await home(h, kept)).toMatchObject({ code: 0 });
  });

  it("another borrower's session, an unknown id and a malformed one are refused; nothing changes", async () => {
    const a = await signInFrom(h, freshPhone(), UA.android);
    const b = await signInFrom(h, freshPhone(), UA.iphone);
    const bId = (await list(h, b))[0]!.id;
    refused(await revoke(h, a, bId), SESSION_MESSAGES.notYours);
    refused(await revoke(h, a, 'x'.repeat(16)), SESSION_MESSAGES.notYours);
    expect(await home(h, b)).toMatchObject({ code: 0 });
    expect((await list(h, a)).map((s) => s.id)).not.toContain(bId);
    refused(await revoke(h, a, 'not an id!'), 'id must be a sign-in id');
    refused(await api(h.app, 'POST', revokeSession.path, { token: a, json: {} }), 'id is required');
    expect(await api(h.app, 'POST', revokeSession.path, { json: { id: bId } })).toEqual(EXPIRED);
    expect(await api(h.app, 'GET', listSessions.path)).toEqual(EXPIRED);
  });

  it('logout ends the session of the token it is sent with, and only that one; again, or without a session, it answers success', async () => {
    const phone = freshPhone();
    const quitting = await signInFrom(h, phone, UA.android);
    const other = await signInFrom(h, phone, UA.windows);
    expect(await api(h.app, 'POST', logout.path, { token: quitting })).toEqual({ code: 0, msg: 'success', data: null });
    expect(await home(h, quitting)).toEqual(EXPIRED);
    expect(await api(h.app, 'POST', logout.path, { token: quitting })).toEqual({ code: 0, msg: 'success', data: null });
    expect(await api(h.app, 'POST', logout.path)).toEqual({ code: 0, msg: 'success', data: null });
    expect(await api(h.app, 'POST', logout.path, { token: 'f'.repeat(64) })).toEqual({ code: 0, msg: 'success', data: null });
    expect(await home(h, other)).toMatchObject({ code: 0 });
    expect((await list(h, other)).map((s) => s.browser)).toEqual(['Firefox']);
  });

  it('a revoked token is answered exactly as an unknown one, on every /api1 route', async () => {
    const token = await signInFrom(h, freshPhone(), UA.android);
    expect(await api(h.app, 'POST', logout.path, { token })).toMatchObject({ code: 0 });
    const unknown = 'f'.repeat(64);
    const routes = new Map<string, 'GET' | 'POST'>();
    for (const r of h.app.routes) {
      if ((r.method === 'GET' || r.method === 'POST') && r.path.startsWith('/api1/') && !r.path.includes('*')) routes.set(`${r.method} ${r.path}`, r.method);
    }
    expect(routes.size).toBeGreaterThan(40);
    let refusedAsSession = 0;
    for (const [key, method] of routes) {
      const path = key.slice(method.length + 1).replace(/^\/api1/, '').replace(/:[A-Za-z]+/g, '1');
      const send = async (t: string) => {
        const res = await h.app.request(`/api1${path}`, { method, headers: { token: t, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
        const { code, msg } = (await res.json()) as { code: number; msg: string };
        return { status: res.status, code, msg };
      };
      const [asRevoked, asUnknown] = [await send(token), await send(unknown)];
      expect(asRevoked, key).toEqual(asUnknown);
      if (asRevoked.code === -4) refusedAsSession++;
    }
    expect(refusedAsSession).toBeGreaterThan(30);
  });

  it(`a borrower holds at most ${SESSION_LIMIT} sessions: a new sign-in ends the least recently used`, async () => {
    const phone = freshPhone();
    const tokens: string[] = [];
    for (let i = 0; i <= SESSION_LIMIT; i++) {
      if (i === 9) await h.clock.advance(86_400_000); // past the 10 codes a phone may get a day
      tokens.push(await signInFrom(h, phone, UA.android));
      // The first sign-in is used now and then, so the second is the least recently used.
      if (i > 0 && i < 3) expect(await home(h, tokens[0]!)).toMatchObject({ code: 0 });
    }
    expect(await home(h, tokens[1]!)).toEqual(EXPIRED);
    for (const t of [tokens[0]!, ...tokens.slice(2)]) expect(await home(h, t)).toMatchObject({ code: 0 });
    expect(await list(h, tokens.at(-1)!)).toHaveLength(SESSION_LIMIT);
  });

  it('"last used" is written at most once a minute, from any call', async () => {
    const phone = freshPhone();
    const used = await signInFrom(h, phone, UA.android);
    const asker = await signInFrom(h, phone, UA.windows);
    const lastUsed = async () => (await list(h, asker)).find((s) => !s.current)!.lastUsedAt;
    const before = await lastUsed();
    await h.clock.advance(LAST_USED_EVERY_MS + 1000);
    await home(h, used);
    const after = await lastUsed();
    expect(after > before).toBe(true);
    await h.clock.advance(LAST_USED_EVERY_MS / 2);
    const rows = await h.db.query<{ last_used_at: Date }>('SELECT last_used_at FROM sessions WHERE token_hash = $1', [crypto.createHash('sha256').update(used).digest('hex')]);
    await home(h, used);
    const again = await h.db.query<{ last_used_at: Date }>('SELECT last_used_at FROM sessions WHERE token_hash = $1', [crypto.createHash('sha256').update(used).digest('hex')]);
    expect(again.rows[0]?.last_used_at.getTime()).toBe(rows.rows[0]?.last_used_at.getTime());
  });

  it('the calls have the body limit of every route', async () => {
    const token = await signInFrom(h, freshPhone(), UA.android);
    const big = JSON.stringify({ id: 'a'.repeat(64), pad: 'x'.repeat(20_000) });
    for (const path of [revokeSession.path, logout.path]) {
      const res = await api(h.app, 'POST', path, { token, body: big, status: 413 });
      expect(res.code).toBe(1);
    }
    expect(await home(h, token)).toMatchObject({ code: 0 });
  });
});

describe('signed-in devices when the lender wants a token everywhere', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ tokenEverywhere: true });
  });
  afterAll(async () => {
    await h.close();
  });

  it('a revoked token gets -4 on the open calls too, and on an unknown path', async () => {
    const phone = freshPhone();
    const lost = await signInFrom(h, phone, UA.android);
    const kept = await signInFrom(h, phone, UA.iphone);
    expect(await api(h.app, 'GET', '/client/v1/about-us', { token: lost })).toMatchObject({ code: 0 });
    const id = (await list(h, kept)).find((s) => !s.current)!.id;
    expect(await revoke(h, kept, id)).toMatchObject({ code: 0 });
    for (const path of ['/client/v1/about-us', '/client/v1/config', '/system/get-country', '/no/such/call']) {
      expect(await api(h.app, 'GET', path, { token: lost }), path).toEqual(EXPIRED);
    }
    expect(await api(h.app, 'GET', '/client/v1/about-us', { token: kept })).toMatchObject({ code: 0 });
  });
});

describe('the migration, on sessions signed in before it', () => {
  it('gives each a random id of its own, its sign-in time as last used, and an unknown method; they keep working', async () => {
    const before = mkdtempSync(join(tmpdir(), 'sessions-migration-'));
    for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f < '020_sessions_devices.sql')) copyFileSync(join(MIGRATIONS_DIR, f), join(before, f));
    const db = await openDb();
    try {
      await migrate(db, before);
      const at = new Date('2026-05-01T04:30:00Z');
      await db.query(`INSERT INTO users (phone, created_at) VALUES ('919999900001', $1)`, [at.toISOString()]);
      const tokens = ['a'.repeat(64), 'b'.repeat(64)];
      for (const t of tokens) {
        await db.query(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) SELECT $1, id, $2, $3 FROM users WHERE phone = '919999900001'`, [
          crypto.createHash('sha256').update(t).digest('hex'),
          at.toISOString(),
          new Date(at.getTime() + 86_400_000).toISOString(),
        ]);
      }
      // 020 and every migration after it, in order (a later one must not fail on these sessions either).
      expect(await migrate(db)).toEqual(readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f) && f >= '020_sessions_devices.sql').sort());
      const rows = await db.query<{ public_id: string; method: string; last_used_at: Date; revoked_at: Date | null; token_hash: string }>('SELECT * FROM sessions');
      expect(rows.rows).toHaveLength(2);
      expect(new Set(rows.rows.map((r) => r.public_id)).size).toBe(2);
      for (const r of rows.rows) {
        expect(r.public_id).toMatch(/^[0-9a-f]{32}$/);
        expect(r.token_hash).not.toContain(r.public_id);
        expect([r.method, r.last_used_at.getTime(), r.revoked_at]).toEqual(['', at.getTime(), null]);
      }
      expect(await findSessionUser(db, tokens[0], new Date(at.getTime() + 60_000))).toMatchObject({ phone: '919999900001' });
    } finally {
      await db.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
