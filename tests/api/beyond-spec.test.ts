/**
 * Calls beyond the spec (contract/beyond-spec.ts, `api.offered`): a backend without the call answers
 * "not offered" (HTTP 404 with or without an envelope, or the envelope's unknown-path answer), never
 * an error to show; every other outcome is the usual one. A call that ends a session (Quit) goes with
 * the token it ends, whatever another tab did, is never a wait, and a -4 to it ends nothing. The
 * signed-in devices' answer is read leniently.
 */
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { answersNotOffered, BEYOND_SPEC, UNKNOWN_PATH_MSG } from '../../contract/beyond-spec';
import { SessionList } from '../../contract/sessions';
import { ApiError, createApiClient, createWaits } from '../../src/api/client';

type Handler = (req: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(handler: Handler, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const requests: Request[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    requests.push(req.clone());
    return handler(req);
  });
  const onSessionExpired = vi.fn();
  const api = createApiClient({
    base: 'http://api.test/api1',
    fetch: fetchFn as unknown as typeof fetch,
    headers: () => ({ token: 'tab-token', os: 'android-h5', packageName: 'in.borrower.h5' }),
    onSessionExpired,
    retries: 0,
    ...extra,
  });
  return { api, requests, onSessionExpired };
}

const item = { id: 'a1', current: true, method: 'code', browser: 'Chrome', os: 'Android', model: '', signedInAt: '2026-05-01 10:00:00', lastUsedAt: '2026-05-02 09:30:00' };

describe('what says "not offered"', () => {
  it('HTTP 404 whatever its body, or a failing envelope with the unknown-path msg; nothing else', () => {
    expect(answersNotOffered(404, null)).toBe(true);
    expect(answersNotOffered(404, { code: 1, msg: 'Not found' })).toBe(true);
    expect(answersNotOffered(404, { code: 0, msg: '' })).toBe(true);
    expect(answersNotOffered(200, { code: 1, msg: UNKNOWN_PATH_MSG })).toBe(true);
    expect(answersNotOffered(200, { code: 500, msg: ' Not found ' })).toBe(true);
    expect(answersNotOffered(200, { code: 0, msg: 'Not found' })).toBe(false);
    expect(answersNotOffered(200, { code: 1, msg: 'Order not found' })).toBe(false);
    expect(answersNotOffered(200, { code: 1, msg: null })).toBe(false);
    expect(answersNotOffered(500, null)).toBe(false);
    expect(answersNotOffered(405, null)).toBe(false);
  });
});

describe('api.offered', () => {
  it.each([
    ['the sandbox: HTTP 404 with its envelope', () => json({ code: 1, msg: 'Not found', data: null }, 404)],
    ['a web server: HTTP 404, a page', () => new Response('<h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } })],
    ['HTTP 404, no body', () => new Response(null, { status: 404 })],
    ['a gateway: HTTP 200 with the unknown-path envelope', () => json({ code: 1, msg: 'Not found', data: null })],
  ])('%s → { offered: false }, and nothing else happens', async (_, answer) => {
    const { api, onSessionExpired } = client(answer);
    await expect(api.offered(BEYOND_SPEC.listSessions)).resolves.toEqual({ offered: false });
    await expect(api.offered(BEYOND_SPEC.revokeSession, { json: { id: 'a1' } })).resolves.toEqual({ offered: false });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('an answer → { offered: true, value } parsed by the table’s schema; the method and path are the table’s', async () => {
    const { api, requests } = client(() => json({ code: 0, msg: 'success', data: { sessions: [item] } }));
    const answer = await api.offered(BEYOND_SPEC.listSessions);
    expect(answer).toEqual({ offered: true, value: { sessions: [item] } });
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe('http://api.test/api1/user/v1/sessions');
    await api.offered(BEYOND_SPEC.revokeSession, { json: { id: 'a1' } });
    expect(requests[1]?.method).toBe('POST');
    expect(await requests[1]?.json()).toEqual({ id: 'a1' });
  });

  it('every other failure is thrown as usual: a business error, a -4 (which ends the session), the network', async () => {
    const busy = client(() => json({ code: 1, msg: 'Service busy', data: null }));
    await expect(busy.api.offered(BEYOND_SPEC.listSessions)).rejects.toMatchObject({ kind: 'server', message: 'Service busy' });
    const expired = client(() => json({ code: -4, msg: 'Your session has expired.', data: null }, 404));
    await expect(expired.api.offered(BEYOND_SPEC.listSessions)).rejects.toMatchObject({ kind: 'session' });
    expect(expired.onSessionExpired).toHaveBeenCalledTimes(1);
    const offline = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.api.offered(BEYOND_SPEC.listSessions)).rejects.toMatchObject({ kind: 'network' });
    const down = client(() => new Response('Bad gateway', { status: 502 }));
    await expect(down.api.offered(BEYOND_SPEC.listSessions)).rejects.toMatchObject({ kind: 'http' });
  });

  it("a call of the spec's answered 404 stays an error: only calls beyond the spec may be missing", async () => {
    const { api } = client(() => json({ code: 1, msg: 'Not found', data: null }, 404));
    const error = (await api.get('home/v1/index', v.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', message: 'Not found' });
  });
});

describe('a call that ends a session (Quit)', () => {
  it('goes with the token it ends, kept alive over an unload, even when the stored session changed; a -4 to it ends nothing', async () => {
    const waits = createWaits(0);
    const { api, requests, onSessionExpired } = client(() => json({ code: -4, msg: 'Your session has expired.', data: null }), {
      sessionChanged: () => true,
      waits,
    });
    await expect(api.offered(BEYOND_SPEC.logout, { endingToken: 'old-token' })).rejects.toMatchObject({ kind: 'server', details: { code: -4 } });
    expect(requests[0]?.headers.get('token')).toBe('old-token');
    expect(requests[0]?.keepalive).toBe(true);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(waits.slow()).toBe(false);
    // Any other call of that tab is still refused before it is sent.
    await expect(api.offered(BEYOND_SPEC.listSessions)).rejects.toMatchObject({ kind: 'session-changed' });
    expect(requests).toHaveLength(1);
  });

  it('is never reported as a wait', async () => {
    vi.useFakeTimers();
    try {
      const waits = createWaits(10);
      const { api } = client(() => new Promise<Response>(() => {}), { waits });
      void api.offered(BEYOND_SPEC.logout, { endingToken: 'old-token' });
      await vi.advanceTimersByTimeAsync(50);
      expect(waits.slow()).toBe(false);
      void api.offered(BEYOND_SPEC.listSessions);
      await vi.advanceTimersByTimeAsync(50);
      expect(waits.slow()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the signed-in devices, read leniently', () => {
  it('a missing or null list is none; an item without an id is left out; flags as 1/0, "1", true', () => {
    expect(v.parse(SessionList, {}).sessions).toEqual([]);
    expect(v.parse(SessionList, { sessions: null }).sessions).toEqual([]);
    const read = v.parse(SessionList, {
      sessions: [
        { ...item, current: 1, extra: 'kept aside' },
        { browser: 'Firefox' },
        { id: 7, current: '0', browser: null, method: 'biometric' },
        { id: '', current: 'true' },
        'not an object',
      ],
    });
    expect(read.sessions.map((s) => [s.id, s.current, s.browser, s.method])).toEqual([
      ['a1', true, 'Chrome', 'code'],
      ['7', false, '', 'biometric'],
    ]);
  });
});
