/**
 * Calls beyond the spec (contract/beyond-spec.ts, src/api/offered.ts): a backend without the call answers
 * "not offered" (HTTP 404 with or without an envelope, or the envelope's unknown-path answer), never
 * an error to show; every other outcome is the usual one. A call that ends a session (Quit) goes with
 * the token it ends, whatever another tab did, is never a wait, and a -4 to it ends nothing. The
 * signed-in devices' answer is read leniently.
 */
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { answersNotOffered, BEYOND_SPEC, UNKNOWN_PATH_MSG } from '../../contract/beyond-spec';
import { PaymentList } from '../../contract/payments';
import { SessionList } from '../../contract/sessions';
import { ApiError, createApiClient, waits } from '../../src/api/client';
import { offered } from '../../src/api/offered';
import { endSession } from '../../src/api/sessions';

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

describe('offered', () => {
  it.each([
    ['the sandbox: HTTP 404 with its envelope', () => json({ code: 1, msg: 'Not found', data: null }, 404)],
    ['a web server: HTTP 404, a page', () => new Response('<h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } })],
    ['HTTP 404, no body', () => new Response(null, { status: 404 })],
    ['a gateway: HTTP 200 with the unknown-path envelope', () => json({ code: 1, msg: 'Not found', data: null })],
  ])('%s → { offered: false }, and nothing else happens', async (_, answer) => {
    const { api, onSessionExpired } = client(answer);
    await expect(offered(BEYOND_SPEC.listSessions, {}, api)).resolves.toEqual({ offered: false });
    await expect(offered(BEYOND_SPEC.revokeSession, { json: { id: 'a1' } }, api)).resolves.toEqual({ offered: false });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('an answer → { offered: true, value } parsed by the table’s schema; the method and path are the table’s', async () => {
    const { api, requests } = client(() => json({ code: 0, msg: 'success', data: { sessions: [item] } }));
    const answer = await offered(BEYOND_SPEC.listSessions, {}, api);
    expect(answer).toEqual({ offered: true, value: { sessions: [item] } });
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe('http://api.test/api1/user/v1/sessions');
    await offered(BEYOND_SPEC.revokeSession, { json: { id: 'a1' } }, api);
    expect(requests[1]?.method).toBe('POST');
    expect(await requests[1]?.json()).toEqual({ id: 'a1' });
  });

  it('every other failure is thrown as usual: a business error, a -4 (which ends the session), the network', async () => {
    const busy = client(() => json({ code: 1, msg: 'Service busy', data: null }));
    await expect(offered(BEYOND_SPEC.listSessions, {}, busy.api)).rejects.toMatchObject({ kind: 'server', message: 'Service busy' });
    const expired = client(() => json({ code: -4, msg: 'Your session has expired.', data: null }, 404));
    await expect(offered(BEYOND_SPEC.listSessions, {}, expired.api)).rejects.toMatchObject({ kind: 'session' });
    expect(expired.onSessionExpired).toHaveBeenCalledTimes(1);
    const offline = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offered(BEYOND_SPEC.listSessions, {}, offline.api)).rejects.toMatchObject({ kind: 'network' });
    const down = client(() => new Response('Bad gateway', { status: 502 }));
    await expect(offered(BEYOND_SPEC.listSessions, {}, down.api)).rejects.toMatchObject({ kind: 'http' });
  });

  it("a call of the spec's answered 404 stays an error: only calls beyond the spec may be missing", async () => {
    const { api } = client(() => json({ code: 1, msg: 'Not found', data: null }, 404));
    const error = (await api.get('home/v1/index', v.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', message: 'Not found' });
  });
});

describe('the call that ends a session (Quit)', () => {
  type Seen = { token: string | null; keepalive: boolean; url: string; method: string };
  function lender(answer: () => Response | Promise<Response>) {
    const seen: Seen[] = [];
    const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      seen.push({ token: req.headers.get('token'), keepalive: req.keepalive, url: req.url, method: req.method });
      return answer();
    };
    return { seen, transport: { base: 'http://api.test/api1', fetch: fetchFn as typeof fetch } };
  }

  it('goes with the token it ends, kept alive over an unload', async () => {
    const { seen, transport } = lender(() => json({ code: 0, msg: 'success', data: null }));
    await expect(endSession('old-token', transport)).resolves.toBeUndefined();
    expect(seen).toEqual([{ token: 'old-token', keepalive: true, url: 'http://api.test/api1/user/v1/logout', method: 'POST' }]);
  });

  it.each([
    ['a -4 (the token had already ended)', () => json({ code: -4, msg: 'Your session has expired.', data: null })],
    ['a lender without the call', () => json({ code: 1, msg: 'Not found', data: null }, 404)],
    ['a business error', () => json({ code: 1, msg: 'Service busy', data: null })],
    ['offline', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('never fails: %s', async (_, answer) => {
    const { transport } = lender(answer);
    await expect(endSession('old-token', transport)).resolves.toBeUndefined();
  });

  it("is never one of the app's waits ('Still trying…')", async () => {
    vi.useFakeTimers();
    try {
      const { transport } = lender(() => new Promise<Response>(() => {}));
      void endSession('old-token', transport);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(waits.slow()).toBe(false);
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

describe("an order's payments, read leniently", () => {
  const record = { id: 'pay_1', orderId: 9, orderNo: 'BW1', purpose: 'repayment', status: 'received', amount: '21638', paidAmount: 4000, paidAt: '2026-05-02 09:30:00', reference: 'gw_1', receiptNo: 'RC1', paidOff: { principal: 2362, interest: '1638', fees: 0, penalCharge: 0 }, dueAfter: 17638 };

  it('asks GET /pay-order/v1/payments with the order, and reads the list', async () => {
    const { api, requests } = client(() => json({ code: 0, msg: 'success', data: { payments: [record] } }));
    const answer = await offered(BEYOND_SPEC.listPayments, { searchParams: { orderId: '9' } }, api);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe('http://api.test/api1/pay-order/v1/payments?orderId=9');
    expect(answer.offered && answer.value.payments[0]).toMatchObject({ id: 'pay_1', orderId: '9', amount: 21638, paidOff: { interest: 1638 } });
  });

  it("a missing or null list is none; an item without an id is left out; a word the app does not know is null, never a fact", () => {
    expect(v.parse(PaymentList, {}).payments).toEqual([]);
    expect(v.parse(PaymentList, { payments: null }).payments).toEqual([]);
    const read = v.parse(PaymentList, {
      payments: [record, { status: 'received' }, { id: 'pay_2', status: 'SUCCESS', purpose: 3, paidOff: 'all', amount: 'a lot' }, 'x'],
    });
    expect(read.payments.map((p) => [p.id, p.status, p.purpose, p.paidOff, p.amount, p.reference])).toEqual([
      ['pay_1', 'received', 'repayment', { principal: 2362, interest: 1638, fees: 0, penalCharge: 0 }, 21638, 'gw_1'],
      ['pay_2', null, null, null, null, ''],
    ]);
  });
});
