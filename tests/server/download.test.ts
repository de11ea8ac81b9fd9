/** The download check (server/src/routes/download.ts; docs/sandbox/native-shell.md 'The download check'). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadCheck } from '../../contract/device';
import { isOk } from '../../machines/shared/download';
import { api, freshPhone, parsed, signIn, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const check = async (path = '/client/v1/download-check', opts: { token?: string; headers?: Record<string, string> } = {}) =>
  parsed(DownloadCheck, await api(h.app, 'GET', path, opts));

describe('GET /client/v1/download-check', () => {
  it('needs no session and accords by default; with a session too', async () => {
    expect(await check()).toEqual({ accordWith: true });
    const { token } = await signIn(h, freshPhone());
    expect(await check(undefined, { token })).toEqual({ accordWith: true });
  });

  it('QA asks for either answer with the query or the X-Sandbox-Accord-With header (the query wins)', async () => {
    expect(await check('/client/v1/download-check?accordWith=false')).toEqual({ accordWith: false });
    expect(await check('/client/v1/download-check?accordWith=0')).toEqual({ accordWith: false });
    expect(await check(undefined, { headers: { 'X-Sandbox-Accord-With': 'false' } })).toEqual({ accordWith: false });
    expect(await check(undefined, { headers: { 'x-sandbox-accord-with': '0' } })).toEqual({ accordWith: false });
    expect(await check('/client/v1/download-check?accordWith=true', { headers: { 'X-Sandbox-Accord-With': 'false' } })).toEqual({ accordWith: true });
  });

  it('anything else in them is ignored (never an error)', async () => {
    for (const q of ['maybe', '', '%00', '2', 'x'.repeat(5000)]) {
      expect(await check(`/client/v1/download-check?accordWith=${q}`)).toEqual({ accordWith: true });
    }
  });

  it('what the app makes of it: is_ok 1 only for ios-h5', async () => {
    const answer = await check(undefined, { headers: { os: 'ios-h5' } });
    expect(isOk(answer, 'ios-h5')).toBe(1);
    expect(isOk(answer, 'android-h5')).toBe(2);
    expect(isOk(await check('/client/v1/download-check?accordWith=false'), 'ios-h5')).toBe(2);
  });

  it('is a GET: a POST is the envelope, not a 5xx', async () => {
    const res = await h.app.request('/api1/client/v1/download-check', { method: 'POST' });
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { code: number };
    expect(body.code).not.toBe(0);
  });
});
