/**
 * src/lib/analytics.ts: the sanitiser (no phone, Aadhaar, PAN, account number, e-mail, token or query
 * string ever leaves), the batches (every 10 s, at 20 events, on hide) sent with sendBeacon one event
 * per request, the project names, and the key actions read from the machines' inspection stream.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { BuryingPoint } from '../../contract/analytics';
import { applicationMachine } from '../../machines/application/application.machine';
import { extensionMachine } from '../../machines/extension/extension.machine';
import { feedbackMachine } from '../../machines/feedback/feedback.machine';
import { loginMachine } from '../../machines/login/login.machine';
import { orderMachine } from '../../machines/order/order.machine';
import { scheduleApplyMachine } from '../../machines/schedule/schedule-apply.machine';
import { scheduledOrderMachine } from '../../machines/schedule/scheduled-order.machine';
import { BURYING_POINT_URL, sendBuryingPoint } from '../../src/api/analytics';
import {
  createAnalytics,
  FLUSH_AT,
  FLUSH_EVERY_MS,
  KEY_ACTIONS,
  looksPersonal,
  machineEventObserver,
  MAX_QUEUE,
  NOT_FOUND_PAGE,
  PAGE_VIEW,
  projectFor,
  sanitizeEvent,
  sanitizeValue,
  type AnalyticsEnv,
} from '../../src/lib/analytics';

describe('the sanitiser', () => {
  const personal = [
    '9000000001',
    '90000 00001',
    '+91 90000 00001',
    '+919000000001',
    '919000000001',
    'call 98765-43210 now',
    '2900 0000 0018', // Aadhaar
    '290000000018',
    'ABCPE1234F', // PAN
    'pan abcpe1234f',
    '123456789', // account numbers: 9 to 18 digits
    '50100123456789',
    '123456789012345678',
    'asha@example.com',
    'a.b+c@mail.co.in',
    'f3a9c1e0b7d24c5e8a6f1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6', // a 256-bit hex token
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk', // a JWT
    'Qm9ycm93ZXJUb2tlbjEyMzQ1Njc4OTAxMjM0NTY3ODkw', // base64
  ];
  it.each(personal)('finds %s personal', (text) => {
    expect(looksPersonal(text)).toBe(true);
    expect(sanitizeValue(text)).toBeUndefined();
  });

  const fine = ['/orders/:orderId/detail', '/product/:pid/detail', PAGE_VIEW, 'extension_giveup', 'Rupee Rise', '20000', 'IN', '₹2,00,000', '91 days', '2026-01-01'];
  it.each(fine)('keeps %s', (text) => {
    expect(looksPersonal(text)).toBe(false);
    expect(sanitizeValue(text)).toBe(text);
  });

  it('cuts query strings and fragments from texts', () => {
    expect(sanitizeValue('/orders/audit?orderId=12&token=abc')).toBe('/orders/audit');
    expect(sanitizeValue('https://pay.example/x#frag')).toBe('https://pay.example/x');
  });

  it('drops long numbers and keeps small ones; objects and lists keep only what passes, keys included', () => {
    expect(sanitizeValue(9000000001)).toBeUndefined();
    expect(sanitizeValue(290000000018)).toBeUndefined();
    expect(sanitizeValue(20000)).toBe(20000);
    expect(sanitizeValue(0.09)).toBe(0.09);
    expect(sanitizeValue(Number.NaN)).toBeUndefined();
    expect(sanitizeValue({ productId: '3', phone: '9000000001', '9000000001': 'x', nested: { pan: 'ABCPE1234F', amount: 5000 } })).toEqual({
      productId: '3',
      nested: { amount: 5000 },
    });
    expect(sanitizeValue(['ok', 'asha@example.com', 7])).toEqual(['ok', 7]);
    expect(sanitizeValue({ a: { b: { c: { d: 1 } } } })).toEqual({ a: { b: {} } }); // three levels deep at most
    expect(sanitizeValue(() => 1)).toBeUndefined();
  });

  it('drops an event whose page name or behavior looks personal, and cuts the page name at its query', () => {
    const base: BuryingPoint = { projectName: 'borrower-h5', pageName: '/', behavior: PAGE_VIEW, eventTime: 1 };
    expect(sanitizeEvent({ ...base, pageName: '/orders/123456789/detail' })).toBeNull();
    expect(sanitizeEvent({ ...base, behavior: 'typed asha@example.com' })).toBeNull();
    expect(sanitizeEvent({ ...base, pageName: '/rate?token=f3a9c1e0b7d24c5e8a6f' })).toEqual({ ...base, pageName: '/rate' });
    expect(sanitizeEvent({ ...base, value: '9000000001' })).toEqual(base);
    expect(sanitizeEvent({ ...base, value: 'IN' })).toEqual({ ...base, value: 'IN' });
  });
});

describe('project names', () => {
  it('names the rating prompt, the store-review audit page, and the app', () => {
    expect(projectFor('/rate')).toBe('rating-page');
    expect(projectFor('/orders/audit')).toBe('app-store-review');
    expect(projectFor('/orders/:orderId/audit')).toBe('borrower-h5');
    expect(projectFor('/')).toBe('borrower-h5');
  });
});

/** A fake clock, document and window for one analytics instance. */
function harness() {
  let now = 1_767_225_600_000;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const listeners: Record<string, (() => void)[]> = {};
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (type: string, fn: () => void) => (listeners[type] ??= []).push(fn),
  };
  const win = { addEventListener: (type: string, fn: () => void) => (listeners[type] ??= []).push(fn) };
  const env = {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    document: doc as unknown as AnalyticsEnv['document'],
    window: win as unknown as AnalyticsEnv['window'],
    allowed: () => allowed,
  } satisfies AnalyticsEnv;
  let allowed = true;
  const sent: BuryingPoint[] = [];
  let accept = true;
  const transport = vi.fn((e: BuryingPoint) => {
    if (accept) sent.push(e);
    return accept;
  });
  return {
    analytics: createAnalytics(env),
    sent,
    transport,
    refuse: (refuse: boolean) => (accept = !refuse),
    /** The borrower withdraws (false) or gives again (true) the consent to device information. */
    consent: (given: boolean) => (allowed = given),
    advance(ms: number) {
      now += ms;
      for (const t of [...timers].sort((a, b) => a.at - b.at)) {
        if (t.at <= now && timers.includes(t)) {
          timers.splice(timers.indexOf(t), 1);
          t.fn();
        }
      }
    },
    hide(kind: 'visibilitychange' | 'pagehide') {
      doc.visibilityState = 'hidden';
      for (const fn of listeners[kind] ?? []) fn();
    },
    timers,
  };
}

describe('the queue', () => {
  it('a withdrawn consent to device information: nothing more is queued, what waits is dropped, nothing is sent', () => {
    const t = harness();
    t.analytics.start(t.transport);
    t.analytics.pageView('/');
    t.consent(false);
    t.analytics.pageView('/personal');
    t.advance(FLUSH_EVERY_MS);
    t.hide('pagehide');
    expect(t.sent).toEqual([]);
    expect(t.transport).not.toHaveBeenCalled();
    t.consent(true);
    t.analytics.pageView('/');
    t.advance(FLUSH_EVERY_MS);
    expect(t.sent.map((e) => e.pageName)).toEqual(['/']);
  });

  it('sends nothing before start; then every 10 s, one request per event, in order, with the event time of each', () => {
    const t = harness();
    t.analytics.pageView('/');
    t.advance(FLUSH_EVERY_MS * 3);
    expect(t.sent).toEqual([]);
    t.analytics.start(t.transport);
    t.advance(1_000);
    t.analytics.action('apply');
    expect(t.sent).toEqual([]);
    t.advance(FLUSH_EVERY_MS);
    expect(t.sent).toEqual([
      { projectName: 'borrower-h5', pageName: '/', behavior: PAGE_VIEW, eventTime: 1_767_225_600_000 },
      { projectName: 'borrower-h5', pageName: '/', behavior: 'apply', eventTime: 1_767_225_600_000 + 30_000 + 1_000 },
    ]);
    expect(t.transport).toHaveBeenCalledTimes(2);
    expect(t.timers).toEqual([]); // nothing waits: no timer either
  });

  it(`sends at once when ${FLUSH_AT} events wait`, () => {
    const t = harness();
    t.analytics.start(t.transport);
    for (let i = 0; i < FLUSH_AT - 1; i++) t.analytics.track('/orders', 'tap');
    expect(t.sent).toHaveLength(0);
    t.analytics.track('/orders', 'tap');
    expect(t.sent).toHaveLength(FLUSH_AT);
    expect(t.analytics.pending()).toEqual([]);
  });

  it('sends what waits when the page is hidden (visibilitychange) or left (pagehide)', () => {
    const t = harness();
    t.analytics.start(t.transport);
    t.analytics.pageView('/orders/:orderId/detail');
    t.hide('visibilitychange');
    expect(t.sent.map((e) => e.pageName)).toEqual(['/orders/:orderId/detail']);
    t.analytics.action('repay');
    t.hide('pagehide');
    expect(t.sent.map((e) => e.behavior)).toEqual([PAGE_VIEW, 'repay']);
  });

  it('keeps what the beacon refused for the next flush, and at most MAX_QUEUE events', () => {
    const t = harness();
    t.analytics.start(t.transport);
    t.refuse(true);
    t.analytics.track('/', 'a');
    t.advance(FLUSH_EVERY_MS);
    expect(t.analytics.pending()).toHaveLength(1);
    t.refuse(false);
    t.advance(FLUSH_EVERY_MS);
    expect(t.sent.map((e) => e.behavior)).toEqual(['a']);

    const u = harness();
    for (let i = 0; i < MAX_QUEUE + 5; i++) u.analytics.track('/', `b${'x'.repeat(i % 3)}`);
    expect(u.analytics.pending()).toHaveLength(MAX_QUEUE);
  });

  it('a transport that throws loses nothing and breaks nothing', () => {
    const t = harness();
    t.analytics.start(() => {
      throw new Error('no beacon');
    });
    t.analytics.track('/', 'a');
    expect(() => t.hide('pagehide')).not.toThrow();
    expect(t.analytics.pending()).toHaveLength(1);
  });

  it('key actions are counted on the last page viewed, (not found) before any', () => {
    const t = harness();
    t.analytics.action('sign_in');
    t.analytics.pageView('/product/:pid/detail?x=1');
    t.analytics.action('apply');
    expect(t.analytics.pending().map((e) => [e.pageName, e.behavior])).toEqual([
      [NOT_FOUND_PAGE, 'sign_in'],
      ['/product/:pid/detail', PAGE_VIEW],
      ['/product/:pid/detail', 'apply'],
    ]);
  });
});

describe('sendBuryingPoint', () => {
  it('posts one event as application/json with navigator.sendBeacon to /api1/burying-point/v2/burying-point', async () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    const event: BuryingPoint = { projectName: 'borrower-h5', pageName: '/', behavior: PAGE_VIEW, eventTime: 1 };
    expect(sendBuryingPoint(event, { sendBeacon })).toBe(true);
    expect(BURYING_POINT_URL).toBe('/api1/burying-point/v2/burying-point');
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(BURYING_POINT_URL);
    expect((body as Blob).type).toBe('application/json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader(); // jsdom's Blob has no text()
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(body as Blob);
    });
    expect(JSON.parse(text)).toEqual(event);
  });

  it('says false without a beacon (the event waits), or when the beacon refuses', () => {
    const event: BuryingPoint = { projectName: 'p', pageName: '/', behavior: 'b', eventTime: 1 };
    expect(sendBuryingPoint(event, {} as Navigator)).toBe(false);
    expect(sendBuryingPoint(event, { sendBeacon: () => false })).toBe(false);
  });
});

describe('key actions from the machines', () => {
  const done = (machineId: string, invokeId: string) => ({
    type: '@xstate.event',
    actorRef: { logic: { id: machineId } },
    event: { type: `xstate.done.actor.${invokeId}` },
  });

  it('counts a listed call that succeeded, nothing else', () => {
    const action = vi.fn();
    const observe = machineEventObserver({ action });
    observe(done('application', 'apply'));
    observe(done('order', 'confirmLoan'));
    observe(done('application', 'precheck')); // not a key action
    observe(done('other', 'apply')); // another machine's 'apply'
    observe({ type: '@xstate.event', actorRef: { logic: { id: 'application' } }, event: { type: 'xstate.error.actor.apply' } });
    observe({ type: '@xstate.snapshot', actorRef: { logic: { id: 'application' } }, event: { type: 'xstate.done.actor.apply' } });
    observe({ type: '@xstate.event', event: { type: 'xstate.done.actor.apply' } });
    expect(action.mock.calls).toEqual([['apply'], ['get_money']]);
  });

  it('every listed key action names a call the machine really invokes', () => {
    const machines: AnyStateMachine[] = [
      loginMachine,
      applicationMachine,
      orderMachine,
      extensionMachine,
      scheduleApplyMachine,
      scheduledOrderMachine,
      feedbackMachine,
    ] as AnyStateMachine[];
    const invoked = new Set<string>();
    for (const machine of machines) {
      const walk = (node: AnyStateMachine['root']) => {
        for (const inv of node.invoke) invoked.add(`${machine.id}.${inv.id}`);
        for (const child of Object.values(node.states)) walk(child);
      };
      walk(machine.root);
    }
    for (const key of Object.keys(KEY_ACTIONS)) expect(invoked, key).toContain(key);
  });

  it('a real machine: one apply counted when the call succeeds', async () => {
    const { createActor, createMachine, fromPromise } = await import('xstate');
    const action = vi.fn();
    const machine = createMachine({
      id: 'application',
      initial: 'applying',
      states: { applying: { invoke: { id: 'apply', src: fromPromise(async () => 'ok'), onDone: 'applied' } }, applied: {} },
    });
    const actor = createActor(machine, { inspect: machineEventObserver({ action }) }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('applied'));
    expect(action.mock.calls).toEqual([['apply']]);
  });
});
