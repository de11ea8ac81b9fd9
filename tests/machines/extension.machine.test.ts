/**
 * The extension machine: its rules (which orders the page shows and where it sends the others, the
 * rate as a percentage, the 24-hour window on the lender's clock, the countdown), transition
 * coverage of the generated paths, invariants along every path, and the running machine on a
 * simulated clock (one apply and one giveup per intent, the window running out).
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ExtensionInfo } from '../../contract/extension';
import type { Order, PaymentUrl } from '../../contract/orders';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import { extensionMachine, type ExtensionInput } from '../../machines/extension/extension.machine';
import { ALLOWED_PAYMENT, AMENDMENT, cases, info, inputs, NOW, order, ORIGIN, serialize, LAPSED } from '../../machines/extension/extension.cases';
import {
  belongsOnExtension,
  EXTENSION_NOTES,
  EXTENSION_WINDOW_MS,
  extensionElsewhere,
  extensionReturnAddress,
  formatCountdown,
  formatRate,
  paymentDeadline,
  windowLeft,
  windowOver,
} from '../../machines/extension/extension.rules';
import type { NavigateParams } from '../../machines/shared/navigation';
import { markOf, type StartedPayment } from '../../machines/shared/payment';
import { APP_KFS } from '../../machines/shared/kfs-ack';
import { say } from '../../i18n/core';
import { extensionText } from '../../i18n/en/extension';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { deferred, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(extensionMachine, { cases, inputs, serialize });

describe('extension rules', () => {
  it('shows 6 / 8 with isExtension set and 11; sends any other order where it belongs', () => {
    expect(belongsOnExtension(order(6))).toBe(true);
    expect(belongsOnExtension(order(8))).toBe(true);
    expect(belongsOnExtension(order(11))).toBe(true);
    expect(belongsOnExtension(order(6, { isExtension: 0 }))).toBe(false);
    expect(belongsOnExtension(order(8, { isExtension: undefined }))).toBe(false);
    const to = (s: number, extra: Partial<Order> = {}) => extensionElsewhere('7', order(s, extra));
    expect([6, 8, 11].map((s) => to(s))).toEqual([null, null, null]);
    expect(to(6, { isExtension: 0 })).toBe('/orders/7/detail');
    expect(to(8, { isExtension: 0 })).toBe('/orders/7/detail');
    expect(to(7)).toBe('/orders/7/detail');
    expect(to(1)).toBe('/orders/7/audit');
    expect(to(4)).toBe('/orders/7/audit');
    expect(to(2)).toBe('/orders/7/confirm');
    for (const s of [3, 5, 9, 10]) expect(to(s)).toBe('/orders');
    expect(extensionElsewhere('a/b', order(7))).toBe('/orders/a%2Fb/detail');
  });

  it('the rate as a percentage', () => {
    expect(formatRate(0.1)).toBe('10%');
    expect(formatRate(0.07)).toBe('7%');
    expect(formatRate(0.015)).toBe('1.5%');
    expect(formatRate(0.12345)).toBe('12.35%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1)).toBe('100%');
  });

  it('the deadline: 24 hours after extensionApplyTime, read as India time', () => {
    expect(EXTENSION_WINDOW_MS).toBe(86_400_000);
    // 12 Jun 2025 10:00 IST = 04:30 UTC; + 24 h.
    expect(paymentDeadline({ extensionApplyTime: '2025-06-12 10:00:00' })).toBe(Date.UTC(2025, 5, 13, 4, 30, 0));
    // Just after midnight IST is the previous day in UTC.
    expect(paymentDeadline({ extensionApplyTime: '2025-06-01 00:15:00' })).toBe(Date.UTC(2025, 5, 1, 18, 45, 0));
    expect(paymentDeadline({ extensionApplyTime: '' })).toBeNull();
    expect(paymentDeadline({ extensionApplyTime: 'soon' })).toBeNull();
    expect(paymentDeadline(LAPSED)! <= NOW).toBe(true);
    expect(paymentDeadline(info())! - NOW).toBe(18 * 3_600_000);
  });

  it('the window and the countdown at the boundary', () => {
    const deadline = Date.UTC(2025, 5, 13, 4, 30, 0);
    expect(windowOver(deadline, deadline - 1)).toBe(false);
    expect(windowOver(deadline, deadline)).toBe(true);
    expect(windowOver(deadline, deadline + 1)).toBe(true);
    expect(windowOver(null, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(windowLeft(deadline, deadline - 1500)).toBe(1500);
    expect(windowLeft(deadline, deadline + 5)).toBe(0);
    expect(formatCountdown(86_400 - 1)).toBe('23:59:59');
    expect(formatCountdown(3_600)).toBe('01:00:00');
    expect(formatCountdown(61)).toBe('00:01:01');
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-3)).toBe('00:00:00');
  });

  it('the notes, as the spec gives them, and the return address', () => {
    expect(EXTENSION_NOTES.map((k) => extensionText.en[k])).toEqual([
      'A successful extension moves the due date to 7 days from the extension request.',
      'The fee must be paid within 24 hours or the extension fails.',
      'The fee equals the extension service fee plus overdue fee plus interest, minus any extension fee already paid.',
      'Any amount already repaid is used first towards the fee.',
    ]);
    expect(extensionText.en.abandonTitle).toBe('Confirm giving up on extension?');
    expect(extensionReturnAddress(ORIGIN, '501')).toBe('https://app.example/orders/501/detail');
  });
});

describe('extension machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(extensionMachine, paths);
    expect(coverage.missing, formatCoverage('extension', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThan(30);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      const c = s.context;
      // The page shows the figures only for an order it belongs to, with its info.
      if (s.hasTag('shown')) {
        expect(c.order && belongsOnExtension(c.order)).toBe(true);
        expect(c.info).not.toBeNull();
      }
      if (s.hasTag('offer')) expect([6, 8]).toContain(c.order?.orderState);
      if (s.hasTag('awaiting')) expect(c.order?.orderState).toBe(11);
      if (s.hasTag('applying')) expect(c.idempotencyKey).not.toBeNull();
      // No fee without the amendment to the KFS ticked (kfs-amendment); the applied extension's is the app's.
      if (s.hasTag('applying')) expect(c.amendmentTickedAt !== null || (c.amendment?.source === 'lender' && c.amendment.acknowledged)).toBe(true);
      if (s.hasTag('awaiting')) expect(c.amendment).toEqual(APP_KFS);
      if (s.hasTag('abandoning')) expect(c.giveupKey).not.toBeNull();
      if (s.hasTag('redirecting') || s.hasTag('expired')) expect(c.idempotencyKey).toBeNull();
      if (s.hasTag('failed')) expect(c.error).toBeTruthy();
    }
  });
});

/** The machine with deferred calls, a simulated clock (also the lender's clock) and recorded effects. */
function run(input: Partial<ExtensionInput> = {}) {
  const orders: Deferred<Order>[] = [];
  const infos: Deferred<ExtensionInfo>[] = [];
  const applies: { input: { payload: unknown; idempotencyKey: string }; d: Deferred<PaymentUrl> }[] = [];
  const giveups: { input: { payload: unknown; idempotencyKey: string }; d: Deferred<void> }[] = [];
  const navigations: NavigateParams[] = [];
  const opened: string[] = [];
  const drafts: unknown[] = [];
  const remembered: StartedPayment[] = [];
  const amendments: Deferred<Offered<LenderKfs>>[] = [];
  const acks: { kfsNo: string; d: Deferred<LenderKfs> }[] = [];
  const clock = new SimulatedClock();
  clock.set(NOW);
  const machine = extensionMachine.provide({
    actors: {
      issueAmendment: fromPromise(() => {
        const d = deferred<Offered<LenderKfs>>();
        amendments.push(d);
        return d.promise;
      }),
      acknowledgeAmendment: fromPromise(({ input: i }) => {
        const d = deferred<LenderKfs>();
        acks.push({ kfsNo: i.kfsNo, d });
        return d.promise;
      }),
      loadOrder: fromPromise(() => {
        const d = deferred<Order>();
        orders.push(d);
        return d.promise;
      }),
      loadInfo: fromPromise(() => {
        const d = deferred<ExtensionInfo>();
        infos.push(d);
        return d.promise;
      }),
      applyExtension: fromPromise(({ input: i }) => {
        const d = deferred<PaymentUrl>();
        applies.push({ input: i, d });
        return d.promise;
      }),
      giveupExtension: fromPromise(({ input: i }) => {
        const d = deferred<void>();
        giveups.push({ input: i, d });
        return d.promise;
      }),
    },
    actions: {
      navigate: (_, p) => void navigations.push(p),
      openPayment: (_, { url }) => void opened.push(url),
      persistDraft: (_, { draft }) => void drafts.push(draft),
      clearDraft: () => void drafts.push(null),
      rememberPayment: (_, { started }) => void remembered.push(started),
    },
  });
  const actor = createActor(machine, { input: { ...inputs.fresh, now: () => clock.now(), ...input }, clock }).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { actor, orders, infos, applies, giveups, navigations, opened, drafts, remembered, clock, flush, amendments, acks };
}

const PAYLOAD = { extensionId: '9001', orderId: '501', orderRepayId: '7001' };

describe('extension machine, running', () => {
  it("offer: the lender's amendment is acknowledged with the lender first, and apply-extension names it", async () => {
    const r = run();
    r.orders[0]!.resolve(order(6));
    r.infos[0]!.resolve(info({ extensionApplyTime: '2025-06-12 16:00:00' }));
    await r.flush();
    r.amendments[0]!.resolve({ offered: true, value: AMENDMENT });
    await r.flush();
    expect(r.actor.getSnapshot().getMeta()['extension.offer.idle']).toEqual({ rules: ['kfs-amendment'] });
    expect(r.actor.getSnapshot().can({ type: 'apply.tapped' })).toBe(false);
    r.actor.send({ type: 'amendment.ticked', checked: true });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.acks.map((a) => a.kfsNo)).toEqual([AMENDMENT.kfsNo]);
    expect(r.applies).toHaveLength(0);
    r.acks[0]!.d.resolve({ ...AMENDMENT, acknowledgedAt: '2025-06-12T10:31:00.000Z' });
    await r.flush();
    expect(r.applies.map((a) => a.input.payload)).toEqual([{ ...PAYLOAD, kfsNo: AMENDMENT.kfsNo }]);
  });

  it("awaiting: the app's amendment is shown and ticked before apply-extension, which sends no kfsNo; a new visit asks again", async () => {
    const r = run();
    r.orders[0]!.resolve(order(11));
    r.infos[0]!.resolve(info());
    await r.flush();
    const s = r.actor.getSnapshot();
    expect(s.getMeta()['extension.awaiting.idle']).toEqual({ rules: ['kfs-amendment'] });
    expect(s.context.amendment).toEqual(APP_KFS);
    expect(r.amendments).toHaveLength(0);
    expect(s.can({ type: 'apply.tapped' })).toBe(false);
    r.actor.send({ type: 'apply.tapped' });
    expect(r.applies).toHaveLength(0);
    r.actor.send({ type: 'amendment.ticked', checked: true });
    r.actor.send({ type: 'amendment.ticked', checked: false });
    expect(r.actor.getSnapshot().can({ type: 'apply.tapped' })).toBe(false);
    r.actor.send({ type: 'amendment.ticked', checked: true });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.acks).toHaveLength(0);
    expect(r.applies.map((a) => a.input.payload)).toEqual([PAYLOAD]);
    r.applies[0]!.d.reject(new Error('busy'));
    await r.flush();
    r.actor.send({ type: 'page.visible' });
    r.orders[1]!.resolve(order(11));
    r.infos[1]!.resolve(info());
    await r.flush();
    expect(r.actor.getSnapshot().context.amendmentTickedAt).toBeNull();
    expect(r.actor.getSnapshot().can({ type: 'apply.tapped' })).toBe(false);
  });

  it('waits for both reads; an order elsewhere replaces the page even when the info failed', async () => {
    const r = run();
    expect([r.orders.length, r.infos.length]).toEqual([1, 1]);
    r.orders[0]!.resolve(order(6, { isExtension: 0 }));
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('loading')).toBe(true);
    r.infos[0]!.reject(new Error('No extension for this order'));
    await r.flush();
    expect(r.navigations).toEqual([{ to: '/orders/501/detail', replace: true }]);
    expect(r.actor.getSnapshot().status).toBe('done');
  });

  it('offer: one apply per intent; a failure retries with the same key; the allowed URL opens with the return address', async () => {
    const r = run();
    r.orders[0]!.resolve(order(8));
    r.infos[0]!.resolve(info({ extensionApplyTime: '2025-06-12 16:00:00' }));
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('offer')).toBe(true);
    // A lender without the KFS calls: the app's amendment, ticked here, before the fee.
    r.amendments[0]!.resolve({ offered: false });
    await r.flush();
    r.actor.send({ type: 'apply.tapped' });
    expect(r.applies).toHaveLength(0);
    r.actor.send({ type: 'amendment.ticked', checked: true });
    r.actor.send({ type: 'apply.tapped' });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.applies).toHaveLength(1);
    const key = r.applies[0]!.input.idempotencyKey;
    expect(r.applies[0]!.input.payload).toEqual(PAYLOAD);
    expect(r.drafts).toEqual([{ idempotencyKey: key }]);
    r.applies[0]!.d.reject(new Error('Network error'));
    await r.flush();
    expect(r.actor.getSnapshot().context.notice).toEqual({ server: 'Network error' });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.applies.map((a) => a.input.idempotencyKey)).toEqual([key, key]);
    r.applies[1]!.d.resolve(ALLOWED_PAYMENT);
    await r.flush();
    expect(r.opened).toEqual([`${ALLOWED_PAYMENT.paymentUrl}&return=${encodeURIComponent('https://app.example/orders/501/detail')}`]);
    expect(r.drafts.at(-1)).toBeNull();
    expect(r.actor.getSnapshot().hasTag('redirecting')).toBe(true);
    // The tab remembers the fee payment started (its key, the time of the first tap on the lender's
    // clock, the order as it was): the order's detail page, where the gateway returns, tells it.
    expect(r.remembered).toEqual([{ orderId: '501', purpose: 'extensionFee', key, at: NOW, paymentId: null, before: markOf(order(8)) }]);
  });

  it("names the lender's payment when the answer does (beyond the spec), and remembers nothing for a refused URL", async () => {
    const r = run();
    r.orders[0]!.resolve(order(11));
    r.infos[0]!.resolve(info());
    await r.flush();
    r.actor.send({ type: 'amendment.ticked', checked: true });
    r.actor.send({ type: 'apply.tapped' });
    r.applies[0]!.d.resolve({ paymentUrl: 'javascript:alert(1)', paymentId: 'pay_x' });
    await r.flush();
    expect(r.remembered).toEqual([]);
    r.actor.send({ type: 'apply.tapped' });
    r.applies[1]!.d.resolve({ ...ALLOWED_PAYMENT, paymentId: 'pay_fee' });
    await r.flush();
    expect(r.remembered.map((p) => [p.paymentId, p.key])).toEqual([['pay_fee', r.applies[1]!.input.idempotencyKey]]);
  });

  it('reloaded mid-request: the draft key is sent again; a refused URL opens nothing and the next tap is a new key', async () => {
    const r = run({ draft: { idempotencyKey: 'draft-key-0001' } });
    r.orders[0]!.resolve(order(11));
    r.infos[0]!.resolve(info());
    await r.flush();
    r.actor.send({ type: 'amendment.ticked', checked: true });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.applies.map((a) => a.input.idempotencyKey)).toEqual(['draft-key-0001']);
    r.applies[0]!.d.resolve({ paymentUrl: 'javascript:alert(1)' });
    await r.flush();
    expect(r.opened).toEqual([]);
    expect(r.actor.getSnapshot().context.notice).toEqual(say('paymentRefused'));
    r.actor.send({ type: 'apply.tapped' });
    expect(r.applies[1]!.input.idempotencyKey).not.toBe('draft-key-0001');
  });

  it('abandon: Continue sends nothing; Abandon sends one giveup with its own key, a failure retries it, then /orders', async () => {
    const r = run({ draft: { idempotencyKey: 'draft-key-0001' } });
    r.orders[0]!.resolve(order(6));
    r.infos[0]!.resolve(info());
    await r.flush();
    r.amendments[0]!.resolve({ offered: false });
    await r.flush();
    r.actor.send({ type: 'abandon.tapped' });
    expect(r.actor.getSnapshot().hasTag('abandonDialog')).toBe(true);
    r.actor.send({ type: 'abandon.continued' });
    expect(r.actor.getSnapshot().hasTag('abandonDialog')).toBe(false);
    expect(r.giveups).toHaveLength(0);
    r.actor.send({ type: 'abandon.tapped' });
    r.actor.send({ type: 'abandon.confirmed' });
    r.actor.send({ type: 'abandon.confirmed' });
    r.actor.send({ type: 'abandon.continued' });
    expect(r.giveups).toHaveLength(1);
    const key = r.giveups[0]!.input.idempotencyKey;
    expect(key).not.toBe('draft-key-0001');
    expect(r.giveups[0]!.input.payload).toEqual(PAYLOAD);
    r.giveups[0]!.d.reject(new Error('Try later'));
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('abandonDialog')).toBe(true);
    expect(r.actor.getSnapshot().context.notice).toEqual({ server: 'Try later' });
    r.actor.send({ type: 'abandon.confirmed' });
    expect(r.giveups.map((g) => g.input.idempotencyKey)).toEqual([key, key]);
    r.giveups[1]!.d.resolve();
    await r.flush();
    expect(r.navigations).toEqual([{ to: '/orders', replace: true }]);
    expect(r.applies).toHaveLength(0);
  });

  it("awaiting: the window ends on the lender's clock at the deadline; the order is read again", async () => {
    const r = run();
    r.orders[0]!.resolve(order(11));
    r.infos[0]!.resolve(info());
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('awaiting')).toBe(true);
    r.clock.increment(18 * 3_600_000 - 1);
    expect(r.actor.getSnapshot().hasTag('awaiting')).toBe(true);
    r.clock.increment(1);
    expect(r.actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(r.orders).toHaveLength(2);
    r.orders[1]!.resolve(order(11));
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('stillOpen')).toBe(true);
    r.actor.send({ type: 'refresh.tapped' });
    expect(r.orders).toHaveLength(3);
    r.orders[2]!.resolve(order(6, { extensionMsg: 'Extension failed: the fee was not paid within 24 hours' }));
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('closed')).toBe(true);
    expect(r.actor.getSnapshot().hasTag('expired')).toBe(true);
  });

  it('a page opened after the window ended says so at once (a reload resumes the window, never restarts it)', async () => {
    const r = run();
    r.clock.set(paymentDeadline(info())! - 5_000);
    r.orders[0]!.resolve(order(11));
    r.infos[0]!.resolve(info());
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('awaiting')).toBe(true);
    r.clock.increment(5_000);
    expect(r.actor.getSnapshot().hasTag('expired')).toBe(true);
    const again = run();
    again.clock.set(paymentDeadline(info())!);
    again.orders[0]!.resolve(order(11));
    again.infos[0]!.resolve(info());
    await again.flush();
    expect(again.actor.getSnapshot().hasTag('expired')).toBe(true);
  });
});
