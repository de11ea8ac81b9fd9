/**
 * The "token everywhere" setting (SANDBOX_TOKEN_EVERYWHERE=1, server/README.md): the sandbox plays a
 * lender that keeps every /api1 call but sign-in behind a token. Without a valid token every other
 * call, the public ones included, answers -4; the four sign-in calls answer as usual, and a token they
 * give opens the rest. Off by default.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AboutUs, ClientConfig } from '../../contract/content';
import { LoginResponse } from '../../contract/auth';
import { signDevice } from '../../server/src/routes/bridge-login';
import { tokenEverywhereFromEnv } from '../../server/src/auth';
import { api, freshPhone, latestCode, parsed, sendCode, signIn, startHarness, type Harness } from './helpers';

const EXPIRED = { code: -4, msg: 'Your session has expired. Please sign in again.', data: null };

/** Every kind of call a visitor of the open pages may make, and a few a borrower makes. */
const CALLS: [method: 'GET' | 'POST', path: string, json?: unknown][] = [
  ['GET', '/client/v1/about-us'],
  ['GET', '/client/v1/config'],
  ['GET', '/client/v1/faq'],
  ['GET', '/client/v1/download-check'],
  ['GET', '/system/get-country'],
  ['POST', '/burying-point/v2/burying-point', { projectName: 'borrower-h5', pageName: '/alert', behavior: 'page_view', eventTime: 1 }],
  ['GET', '/order/v1/detail?orderId=1'],
  ['GET', '/home/v1/index'],
  ['GET', '/no/such/call'],
];

describe('token everywhere', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ tokenEverywhere: true });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(CALLS)('%s %s without a token answers -4', async (method, path, json) => {
    expect(await api(h.app, method, path, json === undefined ? {} : { json })).toEqual(EXPIRED);
  });

  it('an unknown or malformed token is no token', async () => {
    for (const token of ['0'.repeat(64), 'not-a-token']) {
      expect(await api(h.app, 'GET', '/client/v1/about-us', { token })).toEqual(EXPIRED);
    }
  });

  it('sendCode and login answer without a token, and the token they give opens every call', async () => {
    const phone = freshPhone();
    expect((await sendCode(h.app, phone)).code).toBe(0);
    const code = await latestCode(h.app, phone);
    const login = parsed(LoginResponse, await api(h.app, 'POST', '/user/v1/login', { json: { phone, code } }));
    const about = parsed(AboutUs, await api(h.app, 'GET', '/client/v1/about-us', { token: login.token }));
    expect(about.appName).toBe('Sandbox Loans');
    parsed(ClientConfig, await api(h.app, 'GET', '/client/v1/config', { token: login.token }));
    expect((await api(h.app, 'GET', '/home/v1/index', { token: login.token })).code).toBe(0);
  });

  it('the two native-bridge logins answer without a token', async () => {
    const device = { deviceId: `token-everywhere-${process.pid}`, version: '1.4.0', idfv: 'V', idfa: 'A', systemVersion: '17.5', model: 'iPhone15,2' };
    const headers = { deviceId: device.deviceId, version: '1.4.0', idfv: 'V', idfa: 'A', sdkVersion: '17.5', brand: 'Apple' };
    // Signed with a fresh time and nonce (the sandbox refuses a stale or replayed signature).
    const fresh = { ...device, timestamp: String(Math.floor(h.clock.now().getTime() / 1000)), nonce: crypto.randomBytes(16).toString('hex') };
    const signed = await api(h.app, 'POST', '/user/v1/user-login', { json: { ...fresh, sign: signDevice(fresh) }, headers });
    expect(signed.code, signed.msg).toBe(0);
    parsed(LoginResponse, signed);
    // Another device: an unsigned login never reaches a device a signed login has bound.
    const partner = { ...device, deviceId: `${device.deviceId}-partner` };
    const unsigned = await api(h.app, 'POST', '/tripartite/v1/user-login', { json: partner, headers: { ...headers, deviceId: partner.deviceId } });
    expect(unsigned.code, unsigned.msg).toBe(0);
  });

  it('a refused sign-in is its own answer, never -4', async () => {
    const refused = await api(h.app, 'GET', '/sms/v1/sendCode?phone=123');
    expect(refused.code).toBe(1);
  });
});

describe('token everywhere is off by default', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('About us and the config answer without a token; a protected call still needs one', async () => {
    parsed(AboutUs, await api(h.app, 'GET', '/client/v1/about-us'));
    parsed(ClientConfig, await api(h.app, 'GET', '/client/v1/config'));
    expect(await api(h.app, 'GET', '/home/v1/index')).toEqual(EXPIRED);
    const { token } = await signIn(h, freshPhone());
    expect((await api(h.app, 'GET', '/home/v1/index', { token })).code).toBe(0);
  });
});

describe('SANDBOX_TOKEN_EVERYWHERE', () => {
  it('is 0 or 1, off when unset; anything else stops the start', () => {
    expect(tokenEverywhereFromEnv({})).toBe(false);
    expect(tokenEverywhereFromEnv({ SANDBOX_TOKEN_EVERYWHERE: '' })).toBe(false);
    expect(tokenEverywhereFromEnv({ SANDBOX_TOKEN_EVERYWHERE: '0' })).toBe(false);
    expect(tokenEverywhereFromEnv({ SANDBOX_TOKEN_EVERYWHERE: '1' })).toBe(true);
    expect(() => tokenEverywhereFromEnv({ SANDBOX_TOKEN_EVERYWHERE: 'yes' })).toThrow(/SANDBOX_TOKEN_EVERYWHERE must be 0 or 1/);
  });
});
