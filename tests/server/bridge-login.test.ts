/**
 * The native shell logins (server/README.md 'Native shell logins'): POST /user/v1/user-login
 * (signed: HMAC-SHA256 over the canonical device string with the shell secret) and POST
 * /tripartite/v1/user-login (unsigned); the deviceId header; devices bound to borrowers (the sandbox
 * shell's control) or new borrowers; no token needed; bad input answered with the envelope.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse } from '../../contract/auth';
import { BRIDGE_LOGIN_MESSAGES, canonicalDevice, DEFAULT_SHELL_SECRET, NEW_DEVICE_PHONE_PREFIX, signDevice } from '../../server/src/routes/bridge-login';
import { CONTROLS_MESSAGES } from '../../server/src/network';
import { api, freshPhone, fromAddress, parsed, signIn, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
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
const signedLogin = (body: unknown, headers: Record<string, string>, token?: string) =>
  api(h.app, 'POST', '/user/v1/user-login', { json: body, headers, ...(token ? { token } : {}) });
const unsignedLogin = (body: unknown, headers: Record<string, string>) => api(h.app, 'POST', '/tripartite/v1/user-login', { json: body, headers });

/** Who a token belongs to, through an authenticated call. */
async function phoneOf(token: string): Promise<string> {
  const res = await h.db.query<{ phone: string }>(
    'SELECT u.phone FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1',
    [crypto.createHash('sha256').update(token).digest('hex')],
  );
  return res.rows[0]?.phone ?? '';
}

describe('the signature', () => {
  it('is HMAC-SHA256 (hex) of the canonical device string with the shell secret', () => {
    const d = { deviceId: 'abc', version: '1.0', idfv: 'V', idfa: 'A', systemVersion: '17', model: 'iPhone' };
    expect(canonicalDevice(d)).toBe('deviceId=abc&version=1.0&idfv=V&idfa=A&systemVersion=17&model=iPhone');
    expect(canonicalDevice({ deviceId: 'abc' })).toBe('deviceId=abc&version=&idfv=&idfa=&systemVersion=&model=');
    const expected = crypto.createHmac('sha256', DEFAULT_SHELL_SECRET).update(canonicalDevice(d)).digest('hex');
    expect(signDevice(d)).toBe(expected);
    // The worked example of server/README.md.
    expect(signDevice(d)).toBe('ec490211aebfd39fec77eff00d17aba0fc4257e6911faf39109e79a806568d97');
  });
});

describe('POST /user/v1/user-login (signed)', () => {
  it('signs a new device in as a new borrower, without a token; isRegister 1, then 0', async () => {
    const d = newDevice();
    const first = parsed(LoginResponse, await signedLogin({ ...d, sign: signDevice(d) }, headersOf(d)));
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect(first.isRegister).toBe(1);
    const phone = await phoneOf(first.token);
    expect(phone.startsWith(NEW_DEVICE_PHONE_PREFIX)).toBe(true);
    // The token works on the API.
    expect((await api(h.app, 'GET', '/home/v1/index', { token: first.token })).code).toBe(0);
    // The same device again: the same borrower, a new token; the sign may be upper-case hex.
    const again = parsed(LoginResponse, await signedLogin({ ...d, sign: signDevice(d).toUpperCase() }, headersOf(d)));
    expect(again.isRegister).toBe(0);
    expect(again.token).not.toBe(first.token);
    expect(await phoneOf(again.token)).toBe(phone);
  });

  it.each([
    ['missing', undefined, BRIDGE_LOGIN_MESSAGES.noSign],
    ['empty', '', BRIDGE_LOGIN_MESSAGES.noSign],
    ['wrong', '0'.repeat(64), BRIDGE_LOGIN_MESSAGES.badSign],
    ['not hex', 'not a signature', BRIDGE_LOGIN_MESSAGES.badSign],
  ])('refuses a %s signature with a clear msg', async (_, sign, msg) => {
    const d = newDevice();
    const res = await signedLogin(sign === undefined ? d : { ...d, sign }, headersOf(d));
    expect(res).toEqual({ code: 1, msg, data: null });
  });

  it('refuses a signature made for other fields or with another secret', async () => {
    const d = newDevice();
    expect((await signedLogin({ ...d, model: 'Pixel 8', sign: signDevice(d) }, headersOf(d))).msg).toBe(BRIDGE_LOGIN_MESSAGES.badSign);
    expect((await signedLogin({ ...d, sign: signDevice(d, 'another secret') }, headersOf(d))).msg).toBe(BRIDGE_LOGIN_MESSAGES.badSign);
  });

  it('signs a bound device in as its borrower (the sandbox shell binds it), a token sent or not', async () => {
    const phone = freshPhone();
    const { token: own } = await signIn(h, phone);
    const d = newDevice();
    const bind = await h.app.request('/sandbox/api/devices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: d.deviceId, phone: phone.slice(2) }) });
    expect(bind.status).toBe(200);
    expect(await bind.json()).toMatchObject({ deviceId: d.deviceId, phone });
    // A token of someone else is not what decides: the device is.
    const other = await signIn(h, freshPhone());
    const res = parsed(LoginResponse, await signedLogin({ ...d, sign: signDevice(d) }, headersOf(d), other.token));
    expect(res.isRegister).toBe(0);
    expect(await phoneOf(res.token)).toBe(phone);
    expect(res.token).not.toBe(own);
    // What the device sent is kept for QA.
    const seen = (await (await h.app.request(`/sandbox/api/devices?deviceId=${d.deviceId}`)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ phone, lastSigned: true, lastSent: { deviceId: d.deviceId, model: 'iPhone15,2', headers: { brand: 'Apple', sdkVersion: '17.5' } } });
  });
});

describe('POST /tripartite/v1/user-login (unsigned)', () => {
  it('accepts device info without a sign (and ignores one)', async () => {
    const d = newDevice();
    const res = parsed(LoginResponse, await unsignedLogin(d, headersOf(d)));
    expect(res.isRegister).toBe(1);
    const withSign = parsed(LoginResponse, await unsignedLogin({ ...d, sign: 'whatever' }, headersOf(d)));
    expect(await phoneOf(withSign.token)).toBe(await phoneOf(res.token));
  });
});

describe.each([
  ['/user/v1/user-login', true],
  ['/tripartite/v1/user-login', false],
])('%s: headers and bad input', (path, signed) => {
  const body = (d: Device) => (signed ? { ...d, sign: signDevice(d) } : d);
  const post = (json: unknown, headers: Record<string, string>, raw?: string) =>
    api(h.app, 'POST', path, raw === undefined ? { json, headers } : { body: raw, headers });

  it('needs the deviceId header, the same as the body', async () => {
    const d = newDevice();
    const { deviceId: _, ...noDevice } = headersOf(d);
    expect(await post(body(d), noDevice)).toEqual({ code: 1, msg: BRIDGE_LOGIN_MESSAGES.noDeviceHeader, data: null });
    expect(await post(body(d), headersOf(d, { deviceId: 'another' }))).toEqual({ code: 1, msg: BRIDGE_LOGIN_MESSAGES.deviceMismatch, data: null });
    // The other headers are recorded, not required.
    expect((await post(body(d), { deviceId: d.deviceId })).code).toBe(0);
  });

  it.each([
    ['no deviceId', (d: Device) => ({ ...body(d), deviceId: undefined }), 'deviceId is required'],
    ['an empty deviceId', (d: Device) => ({ ...body(d), deviceId: '  ' }), 'deviceId is required'],
    ['a deviceId that is a number', (d: Device) => ({ ...body(d), deviceId: 5 }), 'deviceId is required'],
    ['a model that is an object', (d: Device) => ({ ...body(d), model: { a: 1 } }), 'model'],
    ['a deviceId too long', (d: Device) => ({ ...body(d), deviceId: 'x'.repeat(200) }), 'deviceId is at most 128 characters'],
  ])('answers %s with the envelope naming the field', async (_, make, msg) => {
    const d = newDevice();
    const res = await post(make(d), headersOf(d));
    expect(res.code).toBe(1);
    expect(res.msg).toContain(msg);
  });

  it('answers a body that is not JSON, or NUL in a field, with the envelope', async () => {
    const d = newDevice();
    expect((await post(undefined, headersOf(d), '{')).msg).toBe('The request body must be JSON.');
    expect((await post({ ...body(d), model: 'a\u0000b' }, headersOf(d))).msg).toBe('The request contains characters that cannot be stored.');
  });
});

describe('the sandbox shell', () => {
  it('serves its page, script and style under the page CSP, and signs device info for the page', async () => {
    const page = await h.app.request('/sandbox/shell');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/sandbox/shell.js" defer></script>');
    expect(html).not.toMatch(/<script>|<style>|style="/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await h.app.request('/sandbox/shell.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('borrowerBridgeReceive');
    expect((await h.app.request('/sandbox/shell.css')).headers.get('content-type')).toContain('text/css');
    const d = newDevice();
    const signed = await h.app.request('/sandbox/api/shell/sign', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(d) });
    expect(await signed.json()).toEqual({ sign: signDevice(d), canonical: canonicalDevice(d) });
    const bad = await h.app.request('/sandbox/api/shell/sign', { method: 'POST', body: '{' });
    expect(bad.status).toBe(400);
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
    const res = await h.app.request('/api1/tripartite/v1/user-login', { method: 'POST', headers: { 'content-type': 'application/json', deviceId: d.deviceId }, body: JSON.stringify(d) }, fromAddress('192.168.1.20'));
    expect(((await res.json()) as { code: number }).code).toBe(0);
  });

  it('is linked from the sandbox page', async () => {
    expect(await (await h.app.request('/sandbox')).text()).toContain('href="/sandbox/shell"');
  });
});
