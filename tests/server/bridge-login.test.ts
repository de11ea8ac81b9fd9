/**
 * The native shell logins (docs/sandbox/native-shell.md 'Native shell logins'): POST /user/v1/user-login (signed:
 * HMAC-SHA256 over the canonical device string, timestamp and nonce included, with the shell secret;
 * fresh within 5 minutes of the sandbox clock, each nonce once) and POST /tripartite/v1/user-login
 * (unsigned: a new, empty borrower for a new device, and that device again only while its borrower
 * holds nothing); the deviceId header; new devices limited per client address and in total; no token
 * needed; bad input answered with the envelope; the sandbox shell's signer.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoginResponse } from '../../contract/auth';
import { createApp } from '../../server/src/app';
import { DEFAULT_LIMITS, LIMIT_MESSAGES, type LimitSettings } from '../../server/src/limits';
import {
  BRIDGE_LOGIN_MESSAGES,
  canonicalDevice,
  DEFAULT_SHELL_SECRET,
  NEW_DEVICE_PHONE_PREFIX,
  SIGNATURE_WINDOW_MS,
  signDevice,
} from '../../server/src/routes/bridge-login';
import { aadhaarForPhone } from '../../server/src/domain/verification';
import { CONTROLS_MESSAGES } from '../../server/src/network';
import { api, freshPhone, fromAddress, parsed, signIn, startHarness, type Envelope, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  // Every in-process request shares one client address: the file's own app lets it make many devices
  // (the limits themselves are tested below, each on an app of its own).
  h = await startHarness({ limits: { deviceSignupPerIpMinute: 10_000, deviceSignupPerIpDay: 10_000 } });
});
afterAll(async () => {
  await h.close();
});

let seq = 0;
const newDevice = () => ({
  deviceId: `test-device-${process.pid}-${++seq}`,
  version: '1.4.0',
  idfv: 'IDFV-0001',
  idfa: 'IDFA-0001',
  systemVersion: '17.5',
  model: 'iPhone15,2',
});
type Device = ReturnType<typeof newDevice>;
const headersOf = (d: Device, extra: Record<string, string> = {}) => ({
  deviceId: d.deviceId,
  version: d.version,
  idfv: d.idfv,
  idfa: d.idfa,
  sdkVersion: '17.5',
  brand: 'Apple',
  ...extra,
});

/** The device info as the lender's app sends it: signed now (sandbox clock) with a fresh nonce. */
function signedInfo(d: Device, opts: { at?: number; nonce?: string; secret?: string } = {}) {
  const info = { ...d, timestamp: String(Math.floor((opts.at ?? h.clock.now().getTime()) / 1000)), nonce: opts.nonce ?? crypto.randomBytes(16).toString('hex') };
  return { ...info, sign: signDevice(info, opts.secret) };
}

type App = Harness['app'];
async function post(app: App, path: string, body: unknown, headers: Record<string, string>, opts: { token?: string; address?: string } = {}): Promise<Envelope> {
  const res = await app.request(
    `/api1${path}`,
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers, ...(opts.token ? { token: opts.token } : {}) }, body: JSON.stringify(body) },
    opts.address === undefined ? undefined : fromAddress(opts.address),
  );
  return (await res.json()) as Envelope;
}
const signedLogin = (body: unknown, headers: Record<string, string>, opts: { token?: string; address?: string; app?: App } = {}) =>
  post(opts.app ?? h.app, '/user/v1/user-login', body, headers, opts);
const unsignedLogin = (body: unknown, headers: Record<string, string>, opts: { address?: string; app?: App } = {}) =>
  post(opts.app ?? h.app, '/tripartite/v1/user-login', body, headers, opts);

/** Whose a token is (its phone), '' when it is no session. */
async function phoneOf(token: string): Promise<string> {
  const res = await h.db.query<{ phone: string }>('SELECT u.phone FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1', [
    crypto.createHash('sha256').update(token).digest('hex'),
  ]);
  return res.rows[0]?.phone ?? '';
}
const works = async (token: string) => (await api(h.app, 'GET', '/home/v1/index', { token })).code === 0;
const bind = (deviceId: string, phone: string) =>
  h.app.request('/sandbox/api/devices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deviceId, phone }) });
const refusedWith = (msg: string): Envelope => ({ code: 1, msg, data: null });
const borrowersMade = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;

/** An app on the file's database with these limits. */
const appWith = (limits: Partial<LimitSettings>) => createApp({ db: h.db, clock: h.clock, limits, log: () => {} });

describe('the signature', () => {
  it('is HMAC-SHA256 (hex) of the canonical device string, timestamp and nonce included, with the shell secret', () => {
    const d = { deviceId: 'abc', version: '1.0', idfv: 'V', idfa: 'A', systemVersion: '17', model: 'iPhone', timestamp: '1768458600', nonce: 'n-0123456789abcdef' };
    expect(canonicalDevice(d)).toBe('deviceId=abc&version=1.0&idfv=V&idfa=A&systemVersion=17&model=iPhone&timestamp=1768458600&nonce=n-0123456789abcdef');
    expect(canonicalDevice({ deviceId: 'abc' })).toBe('deviceId=abc&version=&idfv=&idfa=&systemVersion=&model=&timestamp=&nonce=');
    const expected = crypto.createHmac('sha256', DEFAULT_SHELL_SECRET).update(canonicalDevice(d)).digest('hex');
    expect(signDevice(d)).toBe(expected);
    // The worked example of server/README.md.
    expect(signDevice(d)).toBe('8c49bf0f98b2e3133662e3a42bce86cd5e702446706f7cb8acd61af64380077f');
  });
});

describe('POST /user/v1/user-login (signed)', () => {
  it('signs a new device in as a new borrower, without a token; isRegister 1, then 0 with a fresh signature', async () => {
    const d = newDevice();
    const first = parsed(LoginResponse, await signedLogin(signedInfo(d), headersOf(d)));
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect(first.isRegister).toBe(1);
    const phone = await phoneOf(first.token);
    expect(phone.startsWith(NEW_DEVICE_PHONE_PREFIX)).toBe(true);
    expect(await works(first.token)).toBe(true);
    // The same device again: the same borrower, a new token; the sign may be upper-case hex.
    const info = signedInfo(d);
    const again = parsed(LoginResponse, await signedLogin({ ...info, sign: info.sign.toUpperCase() }, headersOf(d)));
    expect(again.isRegister).toBe(0);
    expect(again.token).not.toBe(first.token);
    expect(await phoneOf(again.token)).toBe(phone);
    // Both sessions stay: a signed login ends none.
    expect(await works(first.token)).toBe(true);
  });

  it.each([
    ['a missing sign', (i: ReturnType<typeof signedInfo>) => ({ ...i, sign: undefined }), BRIDGE_LOGIN_MESSAGES.noSign],
    ['an empty sign', (i: ReturnType<typeof signedInfo>) => ({ ...i, sign: ' ' }), BRIDGE_LOGIN_MESSAGES.noSign],
    ['no timestamp', (i: ReturnType<typeof signedInfo>) => ({ ...i, timestamp: undefined }), BRIDGE_LOGIN_MESSAGES.noFreshness],
    ['no nonce', (i: ReturnType<typeof signedInfo>) => ({ ...i, nonce: '' }), BRIDGE_LOGIN_MESSAGES.noFreshness],
    ['a timestamp in milliseconds written as a date', (i: ReturnType<typeof signedInfo>) => ({ ...i, timestamp: '2026-01-15T06:30:00Z' }), BRIDGE_LOGIN_MESSAGES.noFreshness],
    ['a nonce too short', (i: ReturnType<typeof signedInfo>) => ({ ...i, nonce: 'abc' }), BRIDGE_LOGIN_MESSAGES.noFreshness],
    ['a wrong sign', (i: ReturnType<typeof signedInfo>) => ({ ...i, sign: '0'.repeat(64) }), BRIDGE_LOGIN_MESSAGES.badSign],
    ['a sign that is not hex', (i: ReturnType<typeof signedInfo>) => ({ ...i, sign: 'not a signature' }), BRIDGE_LOGIN_MESSAGES.badSign],
    ['a field changed after signing', (i: ReturnType<typeof signedInfo>) => ({ ...i, model: 'Pixel 8' }), BRIDGE_LOGIN_MESSAGES.badSign],
    ['the timestamp changed after signing', (i: ReturnType<typeof signedInfo>) => ({ ...i, timestamp: String(Number(i.timestamp) + 1) }), BRIDGE_LOGIN_MESSAGES.badSign],
    ['the nonce changed after signing', (i: ReturnType<typeof signedInfo>) => ({ ...i, nonce: `${i.nonce}x` }), BRIDGE_LOGIN_MESSAGES.badSign],
  ])('refuses %s with a clear msg, and makes no borrower', async (_, tamper, msg) => {
    const d = newDevice();
    const before = await borrowersMade();
    expect(await signedLogin(tamper(signedInfo(d)), headersOf(d))).toEqual(refusedWith(msg));
    expect(await borrowersMade()).toBe(before);
  });

  it('refuses a signature made with another secret', async () => {
    const d = newDevice();
    expect(await signedLogin(signedInfo(d, { secret: 'another secret' }), headersOf(d))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.badSign));
  });

  it('is fresh within 5 minutes of the sandbox clock, either way; older or newer is stale', async () => {
    const now = h.clock.now().getTime();
    for (const at of [now - SIGNATURE_WINDOW_MS, now + SIGNATURE_WINDOW_MS]) {
      const d = newDevice();
      expect((await signedLogin(signedInfo(d, { at }), headersOf(d))).code, new Date(at).toISOString()).toBe(0);
    }
    for (const at of [now - SIGNATURE_WINDOW_MS - 1000, now + SIGNATURE_WINDOW_MS + 1000, now - 86_400_000, 0]) {
      const d = newDevice();
      expect(await signedLogin(signedInfo(d, { at }), headersOf(d)), new Date(at).toISOString()).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.stale));
    }
  });

  it('refuses a replayed login: each nonce signs in once, whatever the device; the first session is not affected', async () => {
    const d = newDevice();
    const info = signedInfo(d);
    const first = parsed(LoginResponse, await signedLogin(info, headersOf(d)));
    expect(await signedLogin(info, headersOf(d))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.replayed));
    // The nonce again, signed afresh for another device: still used.
    const other = newDevice();
    expect(await signedLogin(signedInfo(other, { nonce: info.nonce }), headersOf(other))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.replayed));
    expect(await works(first.token)).toBe(true);
    // Once its window has passed, a captured login is stale rather than replayed, and its nonce is forgotten.
    await h.clock.advance(SIGNATURE_WINDOW_MS + 1000);
    expect(await signedLogin(info, headersOf(d))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.stale));
    expect((await signedLogin(signedInfo(newDevice()), headersOf(d))).code).toBe(1); // header mismatch: no nonce spent
    const fresh = newDevice();
    expect((await signedLogin(signedInfo(fresh), headersOf(fresh))).code).toBe(0);
    const kept = await h.db.query('SELECT 1 FROM bridge_nonces WHERE nonce = $1', [info.nonce]);
    expect(kept.rowCount).toBe(0);
  });

  it('20 copies of one signed login at once: one session, one borrower', async () => {
    const d = newDevice();
    const info = signedInfo(d);
    const before = await borrowersMade();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signedLogin(info, headersOf(d))));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0)).toEqual(Array(19).fill(refusedWith(BRIDGE_LOGIN_MESSAGES.replayed)));
    expect(await borrowersMade()).toBe(before + 1);
  });

  it('signs a bound device in as its borrower (the sandbox shell binds it), a token sent or not', async () => {
    const phone = freshPhone();
    const { token: own } = await signIn(h, phone);
    const d = newDevice();
    const bound = await bind(d.deviceId, phone.slice(2));
    expect(bound.status).toBe(200);
    expect(await bound.json()).toMatchObject({ deviceId: d.deviceId, phone });
    // A token of someone else is not what decides: the device is.
    const other = await signIn(h, freshPhone());
    const res = parsed(LoginResponse, await signedLogin(signedInfo(d), headersOf(d), { token: other.token }));
    expect(res.isRegister).toBe(0);
    expect(await phoneOf(res.token)).toBe(phone);
    expect(res.token).not.toBe(own);
    // What the device sent is kept for QA.
    const seen = (await (await h.app.request(`/sandbox/api/devices?deviceId=${d.deviceId}`)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ phone, boundBy: 'qa', unsignedReaches: false, lastSigned: true, lastSent: { deviceId: d.deviceId, model: 'iPhone15,2', headers: { brand: 'Apple', sdkVersion: '17.5' } } });
  });
});

describe('POST /tripartite/v1/user-login (unsigned)', () => {
  it('the reported attack: a device id bound to a borrower, without a signature or a code, gets no token', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const d = newDevice();
    await bind(d.deviceId, phone.slice(2));
    expect(await unsignedLogin(d, headersOf(d))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.needsProof));
    // A sign sent to the unsigned login proves nothing either.
    expect(await unsignedLogin({ ...d, sign: 'a'.repeat(64) }, headersOf(d))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.needsProof));
    const sessions = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.phone = $1', [phone]);
    expect(sessions.rows[0]?.n).toBe(1);
    expect(await works(token)).toBe(true);
  });

  it('never reaches a device the signed login made or proved, nor a seeded persona bound by QA', async () => {
    const signedDevice = newDevice();
    expect((await signedLogin(signedInfo(signedDevice), headersOf(signedDevice))).code).toBe(0);
    expect(await unsignedLogin(signedDevice, headersOf(signedDevice))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.needsProof));

    const partner = newDevice();
    expect((await unsignedLogin(partner, headersOf(partner))).code).toBe(0);
    expect((await signedLogin(signedInfo(partner), headersOf(partner))).code).toBe(0);
    expect(await unsignedLogin(partner, headersOf(partner))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.needsProof));

    const asha = newDevice();
    await bind(asha.deviceId, '9000000001');
    expect(await unsignedLogin(asha, headersOf(asha))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.needsProof));
  });

  it('makes a new, empty borrower for a new device; the same device again while it holds nothing, ending the earlier session', async () => {
    const d = newDevice();
    const first = parsed(LoginResponse, await unsignedLogin(d, headersOf(d)));
    expect(first.isRegister).toBe(1);
    const phone = await phoneOf(first.token);
    expect(phone.startsWith(NEW_DEVICE_PHONE_PREFIX)).toBe(true);
    const again = parsed(LoginResponse, await unsignedLogin({ ...d, sign: 'ignored' }, headersOf(d)));
    expect(again.isRegister).toBe(0);
    expect(await phoneOf(again.token)).toBe(phone);
    // Whoever held the first token holds nothing now: only the newest session can add to the borrower.
    expect(await works(first.token)).toBe(false);
    expect(await works(again.token)).toBe(true);
    const seen = (await (await h.app.request(`/sandbox/api/devices?deviceId=${d.deviceId}`)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ phone, boundBy: 'unsigned', unsignedReaches: true, lastSigned: false });
  });

  const postJson = (path: string, token: string, json: unknown) => api(h.app, 'POST', path, { token, json });
  const holdSomething: [string, (token: string, phone: string) => Promise<unknown>][] = [
    ['feedback', async (token) => expect((await postJson('/opinion-record/v1/save', token, { content: 'Nice app' })).code).toBe(0)],
    ['a bank account', async (token) =>
      expect((await postJson('/bank/v1/bind-card', token, { bankCode: 'SBIN0333791', cardNo: '50100777700001', confirmCardNo: '50100777700001', productId: 1, clientId: 'web' })).code).toBe(0)],
    ['an Aadhaar OTP sent', async (token, phone) =>
      expect((await postJson('/auth/v2/aadhaar/send-otp', token, { aadhaar: aadhaarForPhone(phone) })).code).toBe(0)],
    ['a verification step QA marked done', async (_, phone) =>
      expect((await h.app.request('/sandbox/api/verification', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, flags: { basic: 1 } }) })).status).toBe(200)],
    ['a sign-in with a phone code', (_, phone) => signIn(h, phone)],
  ];

  it.each(holdSomething)('once its borrower holds %s, the device needs a verified sign-in', async (_, hold) => {
    const d = newDevice();
    const { token } = parsed(LoginResponse, await unsignedLogin(d, headersOf(d)));
    const phone = await phoneOf(token);
    await hold(token, phone);
    expect(await unsignedLogin(d, headersOf(d))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.needsProof));
    // The signed login (the lender's app) still opens it.
    expect(await phoneOf(parsed(LoginResponse, await signedLogin(signedInfo(d), headersOf(d))).token)).toBe(phone);
  });

  it('a second device bound to its borrower makes it unreachable unsigned', async () => {
    const d = newDevice();
    const { token } = parsed(LoginResponse, await unsignedLogin(d, headersOf(d)));
    await bind(newDevice().deviceId, (await phoneOf(token)).slice(2));
    expect(await unsignedLogin(d, headersOf(d))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.needsProof));
  });

  it('20 unsigned logins of one new device at once make one borrower', async () => {
    const d = newDevice();
    const before = await borrowersMade();
    const answers = await Promise.all(Array.from({ length: 20 }, () => unsignedLogin(d, headersOf(d))));
    const ok = answers.filter((a) => a.code === 0).map((a) => parsed(LoginResponse, a));
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.filter((a) => a.isRegister === 1)).toHaveLength(1);
    expect(await borrowersMade()).toBe(before + 1);
  });
});

describe('new devices are limited per client address and in total', () => {
  // Each test's app stands for a lender with its own limits; the counts live in the database, so each starts from none.
  beforeEach(async () => {
    await h.db.query('DELETE FROM rate_limit_counts');
  });
  it('the reported attack (50 new devices from one address at once) makes 10 borrowers, by default; another address is not affected', async () => {
    const app = appWith({});
    const before = await borrowersMade();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => {
        const d = newDevice();
        return unsignedLogin(d, headersOf(d), { app, address: '203.0.113.50' });
      }),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(DEFAULT_LIMITS.deviceSignupPerIpMinute);
    expect(answers.filter((a) => a.code !== 0)[0]).toEqual(refusedWith(LIMIT_MESSAGES.deviceSignupPerIpMinute(60)));
    expect(await borrowersMade()).toBe(before + DEFAULT_LIMITS.deviceSignupPerIpMinute);
    const d = newDevice();
    expect((await unsignedLogin(d, headersOf(d), { app, address: '198.51.100.50' })).code).toBe(0);
    await h.clock.advance(60_000);
    const later = newDevice();
    expect((await unsignedLogin(later, headersOf(later), { app, address: '203.0.113.50' })).code).toBe(0);
  });

  it('only new borrowers count: a known device, a refusal and a signed login of a bound device take nothing', async () => {
    const app = appWith({ deviceSignupPerIpMinute: 1 });
    const d = newDevice();
    expect((await unsignedLogin(d, headersOf(d), { app, address: '192.0.2.60' })).code).toBe(0);
    for (let i = 0; i < 3; i++) expect((await unsignedLogin(d, headersOf(d), { app, address: '192.0.2.60' })).code).toBe(0);
    const bad = newDevice();
    expect((await signedLogin({ ...signedInfo(bad), sign: '0'.repeat(64) }, headersOf(bad), { app, address: '192.0.2.60' })).msg).toBe(BRIDGE_LOGIN_MESSAGES.badSign);
    const next = newDevice();
    expect(await unsignedLogin(next, headersOf(next), { app, address: '192.0.2.60' })).toEqual(refusedWith(LIMIT_MESSAGES.deviceSignupPerIpMinute(60)));
  });

  it('the signed login makes borrowers under the same limits (the sandbox’s test secret is published)', async () => {
    const app = appWith({ deviceSignupPerIpMinute: 2 });
    for (let i = 0; i < 2; i++) {
      const d = newDevice();
      expect((await signedLogin(signedInfo(d), headersOf(d), { app, address: '192.0.2.61' })).code).toBe(0);
    }
    const d = newDevice();
    expect(await signedLogin(signedInfo(d), headersOf(d), { app, address: '192.0.2.61' })).toEqual(refusedWith(LIMIT_MESSAGES.deviceSignupPerIpMinute(60)));
  });

  it('per day per address, and in total per minute and per day', async () => {
    const perDay = appWith({ deviceSignupPerIpDay: 2 });
    h.clock.set('2026-04-01T18:00:00.000Z'); // 23:30 IST
    for (let i = 0; i < 2; i++) {
      const d = newDevice();
      expect((await unsignedLogin(d, headersOf(d), { app: perDay, address: '192.0.2.62' })).code).toBe(0);
    }
    const d = newDevice();
    expect(await unsignedLogin(d, headersOf(d), { app: perDay, address: '192.0.2.62' })).toEqual(refusedWith(LIMIT_MESSAGES.deviceSignupPerIpDay(0)));
    h.clock.set('2026-04-01T18:30:00.000Z'); // 00:00 IST
    expect((await unsignedLogin(d, headersOf(d), { app: perDay, address: '192.0.2.62' })).code).toBe(0);

    // Another lender's limits from here: its total counts start from none.
    await h.db.query('DELETE FROM rate_limit_counts');
    const total = appWith({ deviceSignupTotalMinute: 2, deviceSignupTotalDay: 3 });
    const from = (address: string) => {
      const x = newDevice();
      return unsignedLogin(x, headersOf(x), { app: total, address });
    };
    expect((await from('192.0.2.63')).code).toBe(0);
    expect((await from('192.0.2.64')).code).toBe(0);
    expect(await from('192.0.2.65')).toEqual(refusedWith(LIMIT_MESSAGES.deviceSignupTotalMinute(60)));
    await h.clock.advance(60_000);
    expect((await from('192.0.2.66')).code).toBe(0);
    await h.clock.advance(60_000);
    expect(await from('192.0.2.67')).toEqual(refusedWith(LIMIT_MESSAGES.deviceSignupTotalDay(0)));
  });
});

describe.each([
  ['/user/v1/user-login', true],
  ['/tripartite/v1/user-login', false],
])('%s: headers and bad input', (path, signed) => {
  const body = (d: Device) => (signed ? signedInfo(d) : d);
  const send = (json: unknown, headers: Record<string, string>, raw?: string) =>
    api(h.app, 'POST', path, raw === undefined ? { json, headers } : { body: raw, headers });

  it('needs the deviceId header, the same as the body', async () => {
    const d = newDevice();
    const { deviceId: _, ...noDevice } = headersOf(d);
    expect(await send(body(d), noDevice)).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.noDeviceHeader));
    expect(await send(body(d), headersOf(d, { deviceId: 'another' }))).toEqual(refusedWith(BRIDGE_LOGIN_MESSAGES.deviceMismatch));
    // The other headers are recorded, not required.
    expect((await send(body(d), { deviceId: d.deviceId })).code).toBe(0);
  });

  it.each([
    ['no deviceId', (d: Device) => ({ ...body(d), deviceId: undefined }), 'deviceId is required'],
    ['an empty deviceId', (d: Device) => ({ ...body(d), deviceId: '  ' }), 'deviceId is required'],
    ['a deviceId that is a number', (d: Device) => ({ ...body(d), deviceId: 5 }), 'deviceId is required'],
    ['a model that is an object', (d: Device) => ({ ...body(d), model: { a: 1 } }), 'model'],
    ['a deviceId too long', (d: Device) => ({ ...body(d), deviceId: 'x'.repeat(200) }), 'deviceId is at most 128 characters'],
    ['a timestamp that is an object', (d: Device) => ({ ...body(d), timestamp: { a: 1 } }), 'timestamp'],
  ])('answers %s with the envelope naming the field', async (_, make, msg) => {
    const d = newDevice();
    const res = await send(make(d), headersOf(d));
    expect(res.code).toBe(1);
    expect(res.msg).toContain(msg);
  });

  it('answers a body that is not JSON, or NUL in a field, with the envelope', async () => {
    const d = newDevice();
    expect((await send(undefined, headersOf(d), '{')).msg).toBe('The request body must be JSON.');
    expect((await send({ ...body(d), model: 'a\u0000b' }, headersOf(d))).msg).toBe('The request contains characters that cannot be stored.');
  });
});

describe('the sandbox shell', () => {
  it('serves its page, script and style under the page CSP, and signs device info as a native app does', async () => {
    const page = await h.app.request('/sandbox/shell');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/sandbox/shell.js" defer></script>');
    expect(html).not.toMatch(/<script>|<style>|style="/);
    for (const answer of ['signed', 'unsigned', 'bad-sign', 'stale', 'replay', 'refuse', 'timeout']) expect(html).toContain(`value="${answer}"`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await h.app.request('/sandbox/shell.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('borrowerBridgeReceive');
    expect((await h.app.request('/sandbox/shell.css')).headers.get('content-type')).toContain('text/css');

    const sign = (json: unknown) => h.app.request('/sandbox/api/shell/sign', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
    const d = newDevice();
    // Now on the sandbox clock, with a fresh nonce each time: a login with it is accepted.
    const signed = (await (await sign(d)).json()) as { sign: string; canonical: string; timestamp: string; nonce: string };
    expect(signed.timestamp).toBe(String(Math.floor(h.clock.now().getTime() / 1000)));
    expect(signed.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(signed.sign).toBe(signDevice({ ...d, timestamp: signed.timestamp, nonce: signed.nonce }));
    expect(signed.canonical).toBe(canonicalDevice({ ...d, timestamp: signed.timestamp, nonce: signed.nonce }));
    expect(((await (await sign(d)).json()) as { nonce: string }).nonce).not.toBe(signed.nonce);
    expect((await signedLogin({ ...d, ...signed }, headersOf(d))).code).toBe(0);
    // Given a time and a nonce, it signs those (the page's "signed 10 minutes ago").
    const given = (await (await sign({ ...d, timestamp: '1768458000', nonce: 'n-0123456789abcdef' })).json()) as { sign: string };
    expect(given.sign).toBe(signDevice({ ...d, timestamp: '1768458000', nonce: 'n-0123456789abcdef' }));

    expect((await h.app.request('/sandbox/api/shell/sign', { method: 'POST', body: '{' })).status).toBe(400);
    expect((await sign({ ...d, nonce: 'short' })).status).toBe(400);
    const badBind = await h.app.request('/sandbox/api/devices', { method: 'POST', body: JSON.stringify({ deviceId: 'x', phone: '12345' }) });
    expect(badBind.status).toBe(400);
    expect(((await badBind.json()) as { error: string }).error).toContain('phone');
  });

  it('is a sandbox control: this computer only (the logins themselves answer anyone)', async () => {
    for (const [method, path] of [['GET', '/sandbox/shell'], ['GET', '/sandbox/shell.js'], ['GET', '/sandbox/shell.css'], ['POST', '/sandbox/api/shell/sign'], ['POST', '/sandbox/api/devices'], ['GET', '/sandbox/api/devices?deviceId=x']] as const) {
      const res = await h.app.request(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) }, fromAddress('192.168.1.20'));
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toContain(CONTROLS_MESSAGES.notLoopback);
    }
    const d = newDevice();
    const res = await h.app.request('/api1/tripartite/v1/user-login', { method: 'POST', headers: { 'content-type': 'application/json', deviceId: d.deviceId }, body: JSON.stringify(d) }, fromAddress('192.168.1.21'));
    expect(((await res.json()) as { code: number }).code).toBe(0);
  });

  it('is linked from the sandbox page', async () => {
    expect(await (await h.app.request('/sandbox')).text()).toContain('href="/sandbox/shell"');
  });
});
