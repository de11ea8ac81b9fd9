/**
 * Device data and the country (server/src/routes/device.ts), and the sandbox's QA views of them and of
 * analytics (/sandbox/api/device, /sandbox/api/analytics).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../contract/analytics';
import { Ignored } from '../../contract/common';
import { NeedUpload } from '../../contract/device';
import { api, freshPhone, fromAddress, parsed, signIn, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function control(method: 'GET' | 'POST', path: string, body?: unknown, address?: string) {
  const res = await h.app.request(
    path,
    { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    address === undefined ? undefined : fromAddress(address),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const LOCATION = { gps: { address: '', latitude: 12.9716, longitude: 77.5946 } };

describe('POST /device/v1/needUpload', () => {
  it('needs a session', async () => {
    expect((await api(h.app, 'POST', '/device/v1/needUpload')).code).toBe(-4);
  });

  it('wants no location by default; QA turns it on; one location received turns it off', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    expect(parsed(NeedUpload, await api(h.app, 'POST', '/device/v1/needUpload', { token }))).toEqual([{ type: 'gps', needUpload: 0 }]);

    expect((await control('POST', '/sandbox/api/device', { phone, gps: 1 })).body).toMatchObject({ phone, gps: 1, locations: [] });
    // A body is not read (the spec's call has none); one sent anyway changes nothing.
    expect(parsed(NeedUpload, await api(h.app, 'POST', '/device/v1/needUpload', { token, json: { anything: 1 } }))).toEqual([{ type: 'gps', needUpload: 1 }]);

    parsed(Ignored, await api(h.app, 'POST', '/device/v1/upload/device_info', { token, json: LOCATION }));
    expect(parsed(NeedUpload, await api(h.app, 'POST', '/device/v1/needUpload', { token }))).toEqual([{ type: 'gps', needUpload: 0 }]);
    const view = (await control('GET', `/sandbox/api/device?phone=${phone}`)).body;
    expect(view).toEqual({ phone, gps: 0, locations: [{ latitude: 12.9716, longitude: 77.5946, address: '', receivedAt: h.clock.now().toISOString() }] });
  });

  it('QA may set it for a number that has not signed in yet (the borrower is created), as 10 digits too', async () => {
    const phone = freshPhone();
    expect((await control('POST', '/sandbox/api/device', { phone, gps: 1 })).body).toMatchObject({ phone, gps: 1 });
    const { token } = await signIn(h, phone);
    expect(parsed(NeedUpload, await api(h.app, 'POST', '/device/v1/needUpload', { token }))).toEqual([{ type: 'gps', needUpload: 1 }]);
    expect((await control('GET', `/sandbox/api/device?phone=${phone.slice(2)}`)).body).toMatchObject({ phone, gps: 1 });
  });
});

describe('POST /device/v1/upload/device_info', () => {
  it('needs a session, and names what is wrong in a bad body', async () => {
    expect((await api(h.app, 'POST', '/device/v1/upload/device_info', { json: LOCATION })).code).toBe(-4);
    const { token } = await signIn(h, freshPhone());
    const bad = async (json: unknown) => (await api(h.app, 'POST', '/device/v1/upload/device_info', { token, json })).msg;
    expect(await bad({})).toBe('gps is required');
    expect(await bad({ gps: { latitude: 100, longitude: 1 } })).toBe('gps.latitude: must be between -90 and 90');
    expect(await bad({ gps: { latitude: 1, longitude: -181 } })).toBe('gps.longitude: must be between -180 and 180');
    expect(await bad({ gps: { latitude: 'x', longitude: 1 } })).toMatch(/latitude/);
    // Numbers as numeric strings and a missing address are fine (the contract's leniency).
    expect((await api(h.app, 'POST', '/device/v1/upload/device_info', { token, json: { gps: { latitude: '12.5', longitude: '77' } } })).code).toBe(0);
  });
});

describe('GET /system/get-country', () => {
  it('answers the country without a session: IN unless a CF-IPCountry header says otherwise', async () => {
    expect(parsed(Country, await api(h.app, 'GET', '/system/get-country'))).toBe('IN');
    expect(parsed(Country, await api(h.app, 'GET', '/system/get-country', { headers: { 'cf-ipcountry': 'gb' } }))).toBe('GB');
    for (const unknown of ['XX', 'T1', '', 'India']) {
      expect(parsed(Country, await api(h.app, 'GET', '/system/get-country', { headers: { 'cf-ipcountry': unknown } })), unknown).toBe('IN');
    }
  });

  it('the contract reads a code, {country} or {countryCode}; anything else is unknown (null)', async () => {
    const { parse } = await import('valibot');
    expect(parse(Country, 'in')).toBe('IN');
    expect(parse(Country, { countryCode: 'IN' })).toBe('IN');
    expect(parse(Country, { country: 'India' })).toBeNull();
    expect(parse(Country, null)).toBeNull();
  });
});

describe('the sandbox controls for device data and analytics', () => {
  it('/sandbox/api/analytics lists every event received, oldest first, after an id', async () => {
    const before = (await control('GET', '/sandbox/api/analytics')).body.events as { id: number }[];
    const last = before.at(-1)?.id ?? 0;
    for (const behavior of ['page_view', 'apply']) {
      await api(h.app, 'POST', '/burying-point/v2/burying-point', { json: { projectName: 'borrower-h5', pageName: '/', behavior, eventTime: 1 } });
    }
    const after = (await control('GET', `/sandbox/api/analytics?afterId=${last}`)).body.events as { event: { behavior: string }; signedIn: boolean }[];
    expect(after.map((e) => [e.event.behavior, e.signedIn])).toEqual([
      ['page_view', false],
      ['apply', false],
    ]);
    expect((await control('GET', '/sandbox/api/analytics?afterId=x')).status).toBe(400);
  });

  it('refuse bad input with a 400 that says what to send, an unknown borrower with a 404', async () => {
    expect((await control('POST', '/sandbox/api/device', { phone: '12', gps: 1 })).status).toBe(400);
    const res = await control('POST', '/sandbox/api/device', { phone: freshPhone(), gps: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/send \{"phone"/);
    expect((await control('GET', '/sandbox/api/device?phone=919999988888')).status).toBe(404);
    expect((await control('GET', '/sandbox/api/device')).status).toBe(400);
  });

  it('answer only on this computer, like every control', async () => {
    for (const [method, path] of [
      ['GET', '/sandbox/api/analytics'],
      ['GET', '/sandbox/api/device?phone=919000000001'],
      ['POST', '/sandbox/api/device'],
    ] as const) {
      expect((await control(method, path, method === 'POST' ? { phone: '919000000001', gps: 1 } : undefined, '192.168.1.20')).status, path).toBe(403);
    }
  });
});
