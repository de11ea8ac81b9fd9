import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiError, createApiClient, createWaits, MESSAGES, RETRY_DELAYS_MS, SLOW_AFTER_MS, TIMEOUT_MS } from '../../src/api/client';
import { osFromUserAgent, readCookie, requestHeaders } from '../../src/api/headers';
import { HomeResponse } from '../../contract/home';
import { ProductInfo } from '../../contract/products';

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
    headers: () => ({ token: 'tok-123', os: 'android-h5', packageName: 'in.borrower.h5' }),
    onSessionExpired,
    retries: 0,
    ...extra,
  });
  return { api, requests, fetchFn, onSessionExpired };
}

const home = { userStatus: 1, homeProductVos: [{ id: 7, name: 'Quick Cash', logo: '', maxAmount: '5000', period: 7, rate: 0.001, isFull: 0 }], undwayList: null };

describe('the envelope', () => {
  it('code 0: returns data parsed by the schema (numeric strings, ids, null lists normalised)', async () => {
    const { api, requests } = client(() => json({ code: 0, msg: 'ok', data: home }));
    const out = await api.get('/home/v1/index', HomeResponse);
    expect(out.homeProductVos[0]).toMatchObject({ id: '7', maxAmount: 5000, h5Href: '' });
    expect(out.undwayList).toEqual([]);
    expect(requests[0]?.url).toBe('http://api.test/api1/home/v1/index');
  });

  it('accepts extra fields the backend adds', async () => {
    const { api } = client(() => json({ code: 0, msg: '', data: { ...home, brandNew: true }, traceId: 'x' }));
    await expect(api.get('home/v1/index', HomeResponse)).resolves.toMatchObject({ userStatus: 1 });
  });

  it('-4: calls the session-expired handler once and throws a session error', async () => {
    const { api, onSessionExpired } = client(() => json({ code: -4, msg: 'token invalid', data: null }));
    const err = await api.get('home/v1/index', HomeResponse).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('session');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('-4 to a call sent without a token: nothing to end (no handler), a failure carrying the server\'s msg', async () => {
    const { api, onSessionExpired, requests } = client(() => json({ code: -4, msg: 'Please sign in first', data: null }), {
      headers: () => ({ os: 'android-h5', packageName: 'in.borrower.h5' }),
    });
    const err = (await api.get('client/v1/about-us', v.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(requests[0]?.headers.has('token')).toBe(false);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'server', message: 'Please sign in first', details: { code: -4 } });
    expect(onSessionExpired).not.toHaveBeenCalled();
    // Without a msg, the app's own words for a failed code (never 'Your session has expired').
    const bare = client(() => json({ code: -4, msg: '', data: null }), { headers: () => ({ os: 'ios-h5' }) });
    await expect(bare.api.get('client/v1/config', v.unknown())).rejects.toMatchObject({ kind: 'server', message: 'Request failed (code -4).' });
    expect(bare.onSessionExpired).not.toHaveBeenCalled();
  });

  it('whether a call carried a token is read per call: a sign-in between two calls makes the next -4 end the session', async () => {
    let token: string | null = null;
    const { api, onSessionExpired } = client(() => json({ code: -4, msg: 'token invalid', data: null }), {
      headers: () => ({ os: 'ios-h5', ...(token ? { token } : {}) }),
    });
    await expect(api.get('client/v1/about-us', v.unknown())).rejects.toMatchObject({ kind: 'server' });
    expect(onSessionExpired).not.toHaveBeenCalled();
    token = 'tok-9';
    await expect(api.get('client/v1/about-us', v.unknown())).rejects.toMatchObject({ kind: 'session' });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('any other code: a typed error carrying msg', async () => {
    const { api, onSessionExpired } = client(() => json({ code: 1, msg: 'Please wait 42 seconds', data: null }));
    const err = (await api.get('sms/v1/sendCode', v.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'server', message: 'Please wait 42 seconds', details: { code: 1 } });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a missing required field is a clear schema error that names the field, never a crash', async () => {
    const broken = { ...home, homeProductVos: [{ name: 'Rupee Rise', logo: '', maxAmount: 1, period: 7, rate: 0, isFull: 0 }] };
    const { api } = client(() => json({ code: 0, msg: '', data: broken }));
    const err = (await api.get('home/v1/index', HomeResponse).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('schema');
    expect(err.message).toContain(MESSAGES.schema);
    expect(err.message).toContain('homeProductVos.0.id');
  });

  it('a field whose shape the spec does not give is read leniently: a product without a readable name still loads', async () => {
    const odd = { ...home, homeProductVos: [{ id: 1, name: { en: 'Rupee Rise' }, logo: null, maxAmount: 1, period: 7, rate: 0, isFull: 'no' }] };
    const { api } = client(() => json({ code: 0, msg: { text: 'ok' }, data: odd }));
    const answer = await api.get('home/v1/index', HomeResponse);
    expect(answer.homeProductVos[0]).toMatchObject({ id: '1', name: '', logo: '', isFull: 0 });
  });

  it('a body that is not an envelope, or not JSON, is a schema error', async () => {
    const a = client(() => json({ hello: 'world' }));
    await expect(a.api.get('x', v.unknown())).rejects.toMatchObject({ kind: 'schema' });
    const b = client(() => new Response('<html>oops</html>', { status: 200 }));
    await expect(b.api.get('x', v.unknown())).rejects.toMatchObject({ kind: 'schema' });
  });

  it('an HTTP error without an envelope is an http error; with one, its msg wins', async () => {
    const a = client(() => new Response('Bad gateway', { status: 502 }));
    await expect(a.api.get('x', v.unknown())).rejects.toMatchObject({ kind: 'http', message: MESSAGES.http });
    const b = client(() => json({ code: 1, msg: 'Maintenance until 2 am' }, 503));
    await expect(b.api.post('x', v.unknown())).rejects.toMatchObject({ kind: 'server', message: 'Maintenance until 2 am' });
  });

  it('a network failure is a network error with a readable message', async () => {
    const { api } = client(() => {
      throw new TypeError('fetch failed');
    });
    await expect(api.get('x', v.unknown())).rejects.toMatchObject({ kind: 'network', message: MESSAGES.network });
  });

  it('parses product info: ascending amountList, detail lines from a list or a text', async () => {
    const data = { amountList: [5000, 1000, '3000'], period: 7, interestRate: '0.001', detail: [{ content: 'a\nb' }, { content: ['c'] }] };
    const { api } = client(() => json({ code: 0, msg: '', data }));
    const info = await api.get('product/v1/product-info', ProductInfo, { searchParams: { id: 3 } });
    expect(info.amountList).toEqual([1000, 3000, 5000]);
    expect(info.detail.map((d) => d.content)).toEqual([['a', 'b'], ['c']]);
  });
});

describe('requests', () => {
  it('sends the headers on every request, JSON bodies and query strings', async () => {
    const { api, requests } = client(() => json({ code: 0, msg: '', data: null }));
    await api.post('user/v1/login', v.unknown(), { json: { phone: '919876543210', code: '1234' } });
    await api.get('sms/v1/sendCode', v.unknown(), { searchParams: { phone: '919876543210' } });
    const [login, send] = requests;
    expect(login?.headers.get('token')).toBe('tok-123');
    expect(login?.headers.get('os')).toBe('android-h5');
    expect(login?.headers.get('packageName')).toBe('in.borrower.h5');
    expect(await login?.json()).toEqual({ phone: '919876543210', code: '1234' });
    expect(send?.url).toBe('http://api.test/api1/sms/v1/sendCode?phone=919876543210');
  });

  it('sends an Idempotency-Key when given (money-moving calls)', async () => {
    const { api, requests } = client(() => json({ code: 0, msg: '', data: null }));
    await api.post('order/v1/apply', v.unknown(), { json: {}, idempotencyKey: 'k-1' });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('k-1');
  });

  it('retries GETs on a 503 but never retries a POST', async () => {
    let calls = 0;
    const flaky: Handler = () => (++calls === 1 ? new Response('busy', { status: 503 }) : json({ code: 0, msg: '', data: 1 }));
    const g = client(flaky, { retries: 1 });
    await expect(g.api.get('x', v.number())).resolves.toBe(1);
    expect(g.fetchFn).toHaveBeenCalledTimes(2);
    calls = 0;
    const p = client(flaky, { retries: 1 });
    await expect(p.api.post('x', v.number())).rejects.toMatchObject({ kind: 'http' });
    expect(p.fetchFn).toHaveBeenCalledTimes(1);
  }, 10_000);

  it('an aborted request is reported as aborted, not as a failure to show', async () => {
    const controller = new AbortController();
    const { api } = client(
      (req) =>
        new Promise<Response>((_, reject) => {
          if (req.signal.aborted) reject(new DOMException('aborted', 'AbortError'));
          req.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('x', v.unknown(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('headers', () => {
  it('derives os from the user agent', () => {
    expect(osFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios-h5');
    expect(osFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios-h5');
    expect(osFromUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android-h5');
  });

  it('reads fbp, fbc and fbUserId from cookies where present, and the token when signed in', () => {
    const h = requestHeaders({
      userAgent: 'Android',
      maxTouchPoints: 0,
      cookies: '_fbp=fb.1.123.456; other=1; _fbc=fb.1.999.abc; fbUserId=u%2042',
      packageName: 'pkg',
      token: 't',
    });
    expect(h).toEqual({ os: 'android-h5', packageName: 'pkg', token: 't', fbp: 'fb.1.123.456', fbc: 'fb.1.999.abc', fbUserId: 'u 42' });
    const anon = requestHeaders({ userAgent: '', maxTouchPoints: 0, cookies: '', packageName: 'pkg', token: null });
    expect(anon).toEqual({ os: 'android-h5', packageName: 'pkg' });
    expect(readCookie('a=1; b=2', 'c')).toBeNull();
  });
});

describe('a tab whose session changed elsewhere sends nothing', () => {
  it('every call is refused with a typed error before anything is sent: GET, POST and upload', async () => {
    const { api, fetchFn } = client(() => json({ code: 0, msg: '', data: null }), { sessionChanged: () => true });
    for (const pending of [api.get('x', v.unknown()), api.post('auth/v1/baseInfo', v.unknown(), { json: { email: 'a@example.com' }, idempotencyKey: 'k' })]) {
      const err = (await pending.catch((e: unknown) => e)) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ kind: 'session-changed', message: MESSAGES.sessionChanged });
    }
    const xhr = vi.fn();
    const uploading = client(() => json({}), { sessionChanged: () => true, xhr: xhr as unknown as typeof XMLHttpRequest });
    await expect(uploading.api.upload('upload', v.unknown(), { form: { type: '1' } })).rejects.toMatchObject({ kind: 'session-changed' });
    expect(fetchFn).not.toHaveBeenCalled();
    expect(xhr).not.toHaveBeenCalled();
  });

  it('a change between a GET’s attempts stops it: no retry goes out under the other session', async () => {
    let changed = false;
    const { api, fetchFn } = client(
      () => {
        changed = true; // another tab signs in while the first attempt fails
        return new Response('busy', { status: 503 });
      },
      { retries: 2, sessionChanged: () => changed },
    );
    await expect(api.get('x', v.unknown())).rejects.toMatchObject({ kind: 'session-changed' });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});

describe('waits are bounded: one 100 s deadline per call, quick failures retried within it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A server that never answers (the request rejects only when aborted). */
  const hang: Handler = (req) =>
    new Promise<Response>((_, reject) => req.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

  /** Settles `promise` while moving the fake clock; returns the outcome and the simulated time it took. */
  async function timed<T>(promise: Promise<T>): Promise<{ outcome: T | ApiError; ms: number }> {
    const t0 = Date.now();
    let done = false;
    const outcome = promise.catch((e: unknown) => e as ApiError).finally(() => (done = true));
    while (!done && Date.now() - t0 < 10 * TIMEOUT_MS) await vi.advanceTimersByTimeAsync(100);
    return { outcome: await outcome, ms: Date.now() - t0 };
  }

  it('a GET that hangs ends as a timeout after 100 s, tried once: a timeout is never retried', async () => {
    const { api, fetchFn } = client(hang, { retries: 2 });
    const { outcome, ms } = await timed(api.get('x', v.unknown()));
    expect(outcome).toMatchObject({ kind: 'timeout', message: MESSAGES.timeout });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(ms).toBeLessThanOrEqual(TIMEOUT_MS + 100);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('an answer whose body never ends is a timeout at the same deadline, not a hang', async () => {
    const { api } = client((req) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"code":0,'));
          req.signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200 });
    });
    const { outcome, ms } = await timed(api.get('x', v.unknown()));
    expect(outcome).toMatchObject({ kind: 'timeout' });
    expect(ms).toBeLessThanOrEqual(TIMEOUT_MS + 100);
  });

  it('network errors and 5xx are retried after 1 s and 2 s, then answered', async () => {
    let calls = 0;
    const { api, fetchFn } = client(
      () => {
        calls++;
        if (calls === 1) throw new TypeError('fetch failed');
        if (calls === 2) return new Response('Bad gateway', { status: 502 });
        return json({ code: 0, msg: '', data: 7 });
      },
      { retries: 2 },
    );
    const { outcome, ms } = await timed(api.get('x', v.number()));
    expect(outcome).toBe(7);
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(ms).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]);
    expect(ms).toBeLessThan(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1] + 500);
  });

  it('retries never stack past the deadline: a slow failure near it ends the call at 100 s as a timeout', async () => {
    let calls = 0;
    const { api, fetchFn } = client(
      (req) => {
        calls++;
        // The first attempt fails after 99.5 s: its retry's 1 s pause would end after the deadline.
        return new Promise<Response>((_, reject) => {
          const timer = setTimeout(() => reject(new TypeError('fetch failed')), TIMEOUT_MS - 500);
          req.signal.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('aborted', 'AbortError'))));
        });
      },
      { retries: 2 },
    );
    const { outcome, ms } = await timed(api.get('x', v.unknown()));
    expect(outcome).toMatchObject({ kind: 'timeout' });
    expect(ms).toBeLessThanOrEqual(TIMEOUT_MS + 100);
    expect(calls).toBe(1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('a POST is never retried, not even after a network error; a 5xx that carries an envelope is an answer, not retried', async () => {
    const p = client(() => {
      throw new TypeError('fetch failed');
    }, { retries: 2 });
    const { outcome } = await timed(p.api.post('x', v.unknown()));
    expect(outcome).toMatchObject({ kind: 'network' });
    expect(p.fetchFn).toHaveBeenCalledTimes(1);
    const g = client(() => json({ code: 1, msg: 'Maintenance until 2 am' }, 503), { retries: 2 });
    expect((await timed(g.api.get('x', v.unknown()))).outcome).toMatchObject({ kind: 'server', message: 'Maintenance until 2 am' });
    expect(g.fetchFn).toHaveBeenCalledTimes(1);
  });

  it("a call waiting longer than SLOW_AFTER_MS is reported slow until it ends ('Still trying…')", async () => {
    const waits = createWaits();
    const seen: boolean[] = [];
    waits.subscribe(() => seen.push(waits.slow()));
    const controller = new AbortController();
    const { api } = client(hang, { waits });
    const pending = api.get('x', v.unknown(), { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SLOW_AFTER_MS - 1);
    expect(waits.slow()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waits.slow()).toBe(true);
    controller.abort();
    await expect(pending).resolves.toMatchObject({ kind: 'aborted' });
    expect(waits.slow()).toBe(false);
    expect(seen).toEqual([true, false]);
    // A quick answer never shows it.
    const quick = client(() => json({ code: 0, msg: '', data: 1 }), { waits });
    await quick.api.get('x', v.number());
    await vi.advanceTimersByTimeAsync(SLOW_AFTER_MS * 2);
    expect(seen).toEqual([true, false]);
  });
});
