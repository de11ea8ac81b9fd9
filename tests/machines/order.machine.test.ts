/**
 * The order lifecycle machine: its rules (where each page sends each state, the re-check schedule,
 * the return address, the payment allow-list, due dates and the timeline), transition coverage of
 * the generated paths, invariants along every path, and the running machine on a simulated clock
 * (backoff, hidden/visible, one request per intent).
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PAYMENT_RETURN_PARAM, type Order, type PaymentUrl } from '../../contract/orders';
import { orderMachine, type OrderInput } from '../../machines/order/order.machine';
import type { Offered } from '../../contract/offered';
import type { PaymentRecord } from '../../contract/payments';
import { ALLOWED_PAYMENT, cases, EXTENDED, inputs, ISSUED_KFS, lenderKfs, order, ORDER_ID, ORDER_KFS, ORIGIN, PAYMENT_ID, PAYMENTS, record, serialize, started, TODAY } from '../../machines/order/order.cases';
import type { LenderKfs, OrderKfs } from '../../contract/kfs';
import {
  daysLeft,
  dueText,
  gstOf,
  isOverdue,
  RECHECK_DELAYS_MS,
  recheckDelay,
  timeline,
  whereItBelongs,
} from '../../machines/order/order.rules';
import { formatIstDay } from '../../machines/shared/ist-format';
import type { NavigateParams } from '../../machines/shared/navigation';
import { say } from '../../i18n/core';
import { orderText } from '../../i18n/en/order';
import { textFor } from '../../src/ui/text';
import {
  findPayment,
  markOf,
  orderShowsPayment,
  parsePaymentHosts,
  payAgainBy,
  paymentAllowed,
  paymentOutcome,
  RETURN_PARAM,
  withReturn,
  type StartedPayment,
} from '../../machines/shared/payment';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { deferred, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(orderMachine, { cases, inputs, serialize });
/** What the rules and the machine say, in English (the spec's texts). */
const english = textFor(orderText, 'en');
const due = (said: ReturnType<typeof dueText>) => (said === null ? null : english.said(said));

describe('order rules', () => {
  it('audit page (spec §4): 1 and 4 stay, 2 → confirm, anything else → /orders', () => {
    const to = (s: number) => whereItBelongs('audit', '7', s);
    expect([1, 4].map(to)).toEqual([null, null]);
    expect(to(2)).toBe('/orders/7/confirm');
    for (const s of [3, 5, 6, 7, 8, 9, 10, 11]) expect(to(s)).toBe('/orders');
  });

  it("confirm belongs to 2, detail to 6, 7 and 8; anything else goes to the order's own page", () => {
    expect(whereItBelongs('confirm', '7', 2)).toBeNull();
    expect([1, 3, 4, 6, 8, 11].map((s) => whereItBelongs('confirm', '7', s))).toEqual([
      '/orders/7/audit',
      '/orders',
      '/orders',
      '/orders/7/detail',
      '/orders/7/detail',
      '/orders/7/extension',
    ]);
    expect([6, 7, 8].map((s) => whereItBelongs('detail', '7', s))).toEqual([null, null, null]);
    expect([1, 2, 3, 4, 5, 11].map((s) => whereItBelongs('detail', 'a/b', s))).toEqual([
      '/orders/a%2Fb/audit',
      '/orders/a%2Fb/confirm',
      '/orders',
      '/orders',
      '/orders',
      '/orders/a%2Fb/extension',
    ]);
  });

  it('re-checks back off 5 s, 10 s, 20 s, 40 s, then every 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(recheckDelay)).toEqual([5000, 10000, 20000, 40000, 60000, 60000, 60000]);
    expect(Math.max(...RECHECK_DELAYS_MS)).toBe(60_000);
  });

  it("appends the return address with '?' or '&' as the URL needs, before a fragment", () => {
    expect(RETURN_PARAM).toBe(PAYMENT_RETURN_PARAM); // agreed with the sandbox's gateway
    const back = 'https://app.example/orders/7/detail';
    const enc = encodeURIComponent(back);
    expect(withReturn('https://pay.example/c', back)).toBe(`https://pay.example/c?return=${enc}`);
    expect(withReturn('https://pay.example/c?s=1', back)).toBe(`https://pay.example/c?s=1&return=${enc}`);
    expect(withReturn('https://pay.example/c?', back)).toBe(`https://pay.example/c?return=${enc}`);
    expect(withReturn('https://pay.example/c?s=1&', back)).toBe(`https://pay.example/c?s=1&return=${enc}`);
    expect(withReturn('https://pay.example/c?s=1#top', back)).toBe(`https://pay.example/c?s=1&return=${enc}#top`);
  });

  it('allows the same origin, and https on an allowed host only', () => {
    const policy = { origin: ORIGIN, hosts: parsePaymentHosts(' Pay.Example , ,checkout.bank.example:8443') };
    expect(policy.hosts).toEqual(['pay.example', 'checkout.bank.example:8443']);
    const ok = (u: string) => paymentAllowed(u, policy);
    expect(ok('https://pay.example/checkout?x=1')).toBe(true);
    expect(ok('https://PAY.example/checkout')).toBe(true);
    expect(ok('https://checkout.bank.example:8443/p')).toBe(true);
    expect(ok('https://app.example/sandbox/gateway/1')).toBe(true);
    expect(ok('http://app.example/sandbox/gateway/1')).toBe(false); // another origin (scheme)
    expect(ok('http://pay.example/checkout')).toBe(false);
    expect(ok('https://pay.example:444/checkout')).toBe(false);
    expect(ok('https://evil.example/pay')).toBe(false);
    expect(ok('https://pay.example.evil.example/')).toBe(false);
    expect(ok('https://user:pw@pay.example/')).toBe(false);
    expect(ok('javascript:alert(1)')).toBe(false);
    expect(ok('data:text/html,hi')).toBe(false);
    expect(ok('/relative')).toBe(false);
    // A plain-http app (the sandbox on a laptop) still allows its own origin.
    expect(paymentAllowed('http://127.0.0.1:8788/sandbox/pay/1', { origin: 'http://127.0.0.1:8788', hosts: [] })).toBe(true);
  });

  it('dates, days left, GST and the timeline', () => {
    expect(formatIstDay('2025-06-17 00:00:00')).toBe('17 Jun 2025');
    expect(formatIstDay('')).toBe('—');
    expect(due(dueText(order(6), TODAY))).toBe('Due in 5 days');
    expect(due(dueText(order(6, { repaymentDate: '2025-06-13' }), TODAY))).toBe('Due tomorrow');
    expect(due(dueText(order(6, { repaymentDate: '2025-06-12' }), TODAY))).toBe('Due today');
    expect(due(dueText(order(8), TODAY))).toBe('4 days overdue');
    expect(due(dueText(order(7), TODAY))).toBeNull();
    expect(gstOf({ serviceFee: 1600, gstFee: null })).toBe(288);
    expect(gstOf({ serviceFee: 1600, gstFee: 290 })).toBe(290);
    expect(steps(order(6))).toEqual([
      ['Applied', 'done'],
      ['Approved', 'done'],
      ['Disbursed', 'done'],
      ['Due', 'pending'],
      ['Repaid', 'pending'],
    ]);
    // Settled after its due date: every step done.
    expect(timeline(order(7, { repaymentDate: '2025-06-10' }), TODAY).every((s) => s.status === 'done')).toBe(true);
  });

  it('days left count India days, whatever form the lender writes the due date in', () => {
    expect(daysLeft('2025-06-17', TODAY)).toBe(5);
    expect(daysLeft('2025-06-17 23:59:59', TODAY)).toBe(5);
    expect(daysLeft('2025-06-16T20:00:00Z', TODAY)).toBe(5); // 01:30 IST on the 17th
    expect(daysLeft('2025-06-08', TODAY)).toBe(-4);
    expect(daysLeft('', TODAY)).toBeNull();
    expect(daysLeft('soon', TODAY)).toBeNull();
  });
});

describe('what happened to a payment: the lender decides, the app reports', () => {
  const mine = started('repayment');
  const of = (...records: PaymentRecord[]): Offered<PaymentRecord[]> => ({ offered: true, value: records });

  it("the payment's record says it: received, pending, failed; a page only opened is not confirmed yet", () => {
    expect(paymentOutcome(mine, order(6), PAYMENTS.received)).toBe('received');
    expect(paymentOutcome(mine, order(6), PAYMENTS.pending)).toBe('pending');
    expect(paymentOutcome(mine, order(6), PAYMENTS.failed)).toBe('notReceived');
    expect(paymentOutcome(mine, order(6), PAYMENTS.opened)).toBe('unconfirmed');
    // A status the app does not know is not a fact: the order decides.
    expect(paymentOutcome(mine, order(6), of({ ...record('received'), status: null }))).toBe('unconfirmed');
  });

  it('finds the payment by the id the lender named, else the newest of its purpose since the intent', () => {
    const other = record('failed', { id: 'pay_other', createdAt: '2025-06-12 11:40:00' });
    expect(findPayment(mine, [other, record('received')])?.id).toBe(PAYMENT_ID);
    const unnamed = { ...mine, paymentId: null };
    expect(findPayment(unnamed, [other, record('received')])?.id).toBe('pay_other');
    // Before the intent (beyond the minute's slack): another payment, not this one.
    expect(findPayment(unnamed, [record('received', { createdAt: '2025-06-12 11:28:00' })])).toBeNull();
    expect(findPayment(unnamed, [record('received', { createdAt: '2025-06-12 11:29:30' })])?.id).toBe(PAYMENT_ID);
    expect(findPayment(unnamed, [record('received', { purpose: 'extensionFee' })])).toBeNull();
  });

  it('without a record, only the order can tell it: settled, more repaid, less left; an extension fee: the due date moved', () => {
    expect(orderShowsPayment(mine, order(6))).toBe(false);
    expect(orderShowsPayment(mine, order(7))).toBe(true);
    expect(orderShowsPayment(mine, order(6, { paidAmount: 100 }))).toBe(true);
    expect(orderShowsPayment({ ...mine, before: { ...mine.before, paidAmount: null } }, order(6, { paidAmount: null, repaymentAmount: 100 }))).toBe(true);
    // Gone overdue meanwhile: more to pay, nothing received.
    expect(orderShowsPayment(mine, order(8, { paidAmount: null }))).toBe(false);
    const fee = started('extensionFee');
    expect(orderShowsPayment(fee, order(11))).toBe(false);
    expect(orderShowsPayment(fee, EXTENDED)).toBe(true);
    expect(paymentOutcome(fee, EXTENDED, PAYMENTS.notOffered)).toBe('received');
    expect(paymentOutcome(mine, order(6), PAYMENTS.notOffered)).toBe('unconfirmed');
    expect(paymentOutcome(mine, order(6), null)).toBe('unconfirmed');
  });

  it('Pay again only while the lender says nothing is pending: a repayment on a loan owing, an extension fee on its page', () => {
    expect(payAgainBy(mine, order(6), PAYMENTS.failed)).toBe('repay');
    expect(payAgainBy(mine, order(8), PAYMENTS.notOffered)).toBe('repay');
    expect(payAgainBy(mine, order(6), PAYMENTS.pending)).toBeNull();
    expect(payAgainBy(mine, order(6), of(record('failed'), record('pending', { id: 'pay_other' })))).toBeNull();
    expect(payAgainBy(mine, order(7), PAYMENTS.failed)).toBeNull();
    const fee = started('extensionFee');
    expect([11, 6, 8, 7].map((s) => payAgainBy(fee, order(s), PAYMENTS.failed))).toEqual(['extension', 'extension', 'extension', null]);
  });

  it('the timeline: each received payment leaves its dated mark around the due step; the extension its new due date', () => {
    const paid = of(
      record('received', { id: 'b', paidAt: '2025-06-20 10:00:00', paidAmount: 17638 }),
      record('failed', { id: 'c' }),
      record('received', { id: 'a', paidAt: '2025-06-12 11:31:10', paidAmount: 4000 }),
    );
    const steps = timeline(order(7, { repaymentDate: '2025-06-17' }), TODAY, paid);
    expect(steps.map((s) => [s.label, s.date, s.status, s.amount ?? null])).toEqual([
      ['stepApplied', '2025-03-10 10:15:00', 'done', null],
      ['stepApproved', '', 'done', null],
      ['stepDisbursed', '2025-03-10 12:00:00', 'done', null],
      ['stepPaid', '2025-06-12 11:31:10', 'done', 4000],
      ['stepDue', '2025-06-17', 'pending', null],
      ['stepPaid', '2025-06-20 10:00:00', 'done', 17638],
      ['stepRepaid', '2025-06-20 10:00:00', 'done', null],
    ]);
    const extended = timeline(EXTENDED, TODAY, of(record('received', { purpose: 'extensionFee', newDueDate: '2025-06-24' })));
    expect(extended[3]).toMatchObject({ label: 'stepExtended', newDueDate: '2025-06-24', status: 'done' });
    expect(english('stepExtended', { amount: '₹4,000', date: '24 Jun 2025' })).toBe('Extension fee ₹4,000 paid, due date moved to 24 Jun 2025');
    // A future due date is never drawn done, whatever was paid.
    expect(timeline(order(6), TODAY, paid).find((s) => s.label === 'stepDue')?.status).toBe('pending');
  });
});

/** The timeline as [step, status] in English. */
const steps = (o: Order) => timeline(o, TODAY).map((s) => [english(s.label), s.status]);

describe("overdue is the lender's word, never the due date's", () => {
  /** Loaned (6), due four days ago, and the lender says 0 days overdue: a grace period. */
  const grace = order(6, { repaymentDate: '2025-06-08', overdueDays: 0, overdueFee: 0 });

  it("a passed due date with overdueDays 0 says 'Due date passed', never overdue, and is not overdue", () => {
    expect(due(dueText(grace, TODAY))).toBe('Due date passed');
    expect(due(dueText({ ...grace, overdueDays: null }, TODAY))).toBe('Due date passed');
    expect(due(dueText({ ...grace, repaymentDate: '2023-01-01 10:00:00' }, TODAY))).toBe('Due date passed'); // 893 days ago: no count
    expect(isOverdue(grace)).toBe(false);
    expect(isOverdue({ ...grace, overdueDays: null })).toBe(false);
  });

  it("overdueDays above 0: the lender's days overdue, not the date's", () => {
    expect(due(dueText({ ...grace, overdueDays: 1 }, TODAY))).toBe('1 day overdue'); // the date says 4
    expect(due(dueText({ ...grace, overdueDays: 2 }, TODAY))).toBe('2 days overdue');
    expect(due(dueText(order(6, { overdueDays: 3 }), TODAY))).toBe('3 days overdue'); // even before the date
    expect(isOverdue({ ...grace, overdueDays: 1 })).toBe(true);
  });

  it("state 8 (Overdued) stays the lender's word: 'Overdue' without a count when it sends no days", () => {
    expect(due(dueText(order(8, { overdueDays: 0 }), TODAY))).toBe('Overdue');
    expect(due(dueText(order(8, { overdueDays: null, repaymentDate: '2025-06-20' }), TODAY))).toBe('Overdue');
    expect(isOverdue(order(8, { overdueDays: 0 }))).toBe(true);
  });

  it('the timeline: a passed due date in a grace period is neither overdue nor done; a future one is never done', () => {
    expect(steps(grace)).toEqual([
      ['Applied', 'done'],
      ['Approved', 'done'],
      ['Disbursed', 'done'],
      ['Due', 'pending'],
      ['Repaid', 'pending'],
    ]);
    expect(steps(order(8)).at(3)).toEqual(['Due', 'overdue']);
    expect(steps({ ...grace, overdueDays: 2 }).at(3)).toEqual(['Due', 'overdue']);
    // Settled: the due step is done once its day has come, and not before (repaid early).
    expect(steps(order(7, { repaymentDate: '2025-06-12' })).at(3)).toEqual(['Due', 'done']);
    expect(steps(order(7, { repaymentDate: '2025-06-17' }))).toEqual([
      ['Applied', 'done'],
      ['Approved', 'done'],
      ['Disbursed', 'done'],
      ['Due', 'pending'],
      ['Repaid', 'done'],
    ]);
    expect(steps(order(6, { repaymentDate: '2025-06-13' })).at(3)).toEqual(['Due', 'pending']);
  });
});

describe('order machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(orderMachine, paths);
    expect(coverage.missing, formatCoverage('order', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThan(40);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    const page = (path.input as OrderInput).page;
    for (const step of path.steps) {
      const s = step.state;
      const c = s.context;
      // A page shows only the states that belong on it: never stale actions.
      if (s.hasTag('audit')) expect(page).toBe('audit');
      if (s.hasTag('confirm')) expect([page, c.order?.orderState]).toEqual(['confirm', 2]);
      if (s.hasTag('detail')) expect(page).toBe('detail');
      if (s.hasTag('payable')) expect([6, 8]).toContain(c.order?.orderState);
      if (s.hasTag('confirming') || s.hasTag('repaying')) expect(c.idempotencyKey).not.toBeNull();
      if (s.hasTag('failed')) expect(c.error).toBeTruthy();
      if (s.hasTag('redirecting')) expect(c.idempotencyKey).toBeNull();
      // Told only on the detail page, about a payment this tab started; never with a Repayment to tap.
      if (s.hasTag('outcome') || s.hasTag('checkingPayment')) expect([page, c.started?.orderId]).toEqual(['detail', ORDER_ID]);
      if (s.hasTag('outcome')) expect(s.hasTag('payable')).toBe(false);
      if (s.hasTag('pending')) expect(s.can({ type: 'pay.again' })).toBe(false);
    }
  });
});

/** The machine with deferred calls, a simulated clock and recorded effects. */
function run(input: OrderInput) {
  const loads: Deferred<Order>[] = [];
  const loans: { key: string; d: Deferred<void> }[] = [];
  const repays: { key: string; d: Deferred<PaymentUrl> }[] = [];
  const lists: Deferred<Offered<PaymentRecord[]>>[] = [];
  const navigations: NavigateParams[] = [];
  const opened: string[] = [];
  const remembered: (StartedPayment | null)[] = [];
  const kfsReads: Deferred<Offered<OrderKfs>>[] = [];
  const issued: Deferred<Offered<LenderKfs>>[] = [];
  const acks: { kfsNo: string; d: Deferred<LenderKfs> }[] = [];
  const clock = new SimulatedClock();
  const machine = orderMachine.provide({
    actors: {
      orderKfs: fromPromise(() => {
        const d = deferred<Offered<OrderKfs>>();
        kfsReads.push(d);
        return d.promise;
      }),
      issueKfs: fromPromise(() => {
        const d = deferred<Offered<LenderKfs>>();
        issued.push(d);
        return d.promise;
      }),
      acknowledgeKfs: fromPromise(({ input: i }) => {
        const d = deferred<LenderKfs>();
        acks.push({ kfsNo: i.kfsNo, d });
        return d.promise;
      }),
      loadOrder: fromPromise(() => {
        const d = deferred<Order>();
        loads.push(d);
        return d.promise;
      }),
      confirmLoan: fromPromise(({ input: i }) => {
        const d = deferred<void>();
        loans.push({ key: i.idempotencyKey, d });
        return d.promise;
      }),
      repay: fromPromise(({ input: i }) => {
        const d = deferred<PaymentUrl>();
        repays.push({ key: i.idempotencyKey, d });
        return d.promise;
      }),
      listPayments: fromPromise(() => {
        const d = deferred<Offered<PaymentRecord[]>>();
        lists.push(d);
        return d.promise;
      }),
    },
    actions: {
      navigate: (_, p) => void navigations.push(p),
      openPayment: (_, { url }) => void opened.push(url),
      rememberPayment: (_, { started: s }) => void remembered.push(s),
      forgetPayment: () => void remembered.push(null),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { actor, loads, loans, repays, lists, navigations, opened, remembered, clock, flush, kfsReads, issued, acks };
}

describe('order machine, running', () => {
  it('audit: re-checks back off while visible, stop while hidden, and start over when visible again', async () => {
    const r = run(inputs.audit);
    r.loads[0]!.resolve(order(1));
    await r.flush();
    expect(r.actor.getSnapshot().hasTag('auditing')).toBe(true);
    for (const [i, delay] of [5000, 10000, 20000, 40000, 60000, 60000].entries()) {
      r.clock.increment(delay - 1);
      expect(r.loads).toHaveLength(1 + i);
      r.clock.increment(1);
      expect(r.loads).toHaveLength(2 + i);
      r.loads.at(-1)!.resolve(order(1));
      await r.flush();
    }
    r.actor.send({ type: 'page.hidden' });
    r.clock.increment(600_000);
    expect(r.loads).toHaveLength(7);
    r.actor.send({ type: 'page.visible' });
    expect(r.loads).toHaveLength(8); // at once
    r.loads.at(-1)!.resolve(order(1));
    await r.flush();
    r.clock.increment(5000); // the schedule started over
    expect(r.loads).toHaveLength(9);
    // Refresh while a check runs is ignored.
    r.actor.send({ type: 'refresh.tapped' });
    r.actor.send({ type: 'refresh.tapped' });
    expect(r.loads).toHaveLength(9);
    r.loads.at(-1)!.resolve(order(2));
    await r.flush();
    expect(r.navigations).toEqual([{ to: '/orders/501/confirm', replace: true }]);
    expect(r.actor.getSnapshot().status).toBe('done');
  });

  it('audit: a check that ends hidden pauses; above 4 leaves for /orders', async () => {
    const r = run({ ...inputs.audit, hidden: true });
    r.loads[0]!.resolve(order(4));
    await r.flush();
    expect(r.actor.getSnapshot().matches({ lending: 'paused' })).toBe(true);
    r.clock.increment(120_000);
    expect(r.loads).toHaveLength(1);
    r.actor.send({ type: 'refresh.tapped' });
    r.loads.at(-1)!.resolve(order(6));
    await r.flush();
    expect(r.navigations).toEqual([{ to: '/orders', replace: true }]);
  });

  it('confirm: one loan request per intent; a failure retries with the same key', async () => {
    const r = run(inputs.confirm);
    r.loads[0]!.resolve(order(2));
    await r.flush();
    r.kfsReads[0]!.resolve(ORDER_KFS.binds);
    await r.flush();
    r.actor.send({ type: 'getMoney.tapped' });
    r.actor.send({ type: 'getMoney.tapped' });
    expect(r.loans).toHaveLength(1);
    r.loans[0]!.d.reject(new Error('Network error'));
    await r.flush();
    expect(r.actor.getSnapshot().context.notice).toEqual({ server: 'Network error' });
    r.actor.send({ type: 'getMoney.tapped' });
    expect(r.loans.map((l) => l.key)).toEqual([r.loans[0]!.key, r.loans[0]!.key]);
    r.loans[1]!.d.resolve();
    await r.flush();
    expect(r.navigations).toEqual([{ to: '/orders', replace: true }]);
  });

  it("confirm reloaded: the draft's key is sent again", async () => {
    const r = run(inputs.confirmReloaded);
    r.loads[0]!.resolve(order(2));
    await r.flush();
    r.kfsReads[0]!.resolve(ORDER_KFS.binds);
    await r.flush();
    r.actor.send({ type: 'getMoney.tapped' });
    expect(r.loans.map((l) => l.key)).toEqual(['draft-key-0001']);
  });

  it('confirm: the KFS acknowledged has expired, so the lender issues the current one; Get Money waits for its tick and acknowledges it first', async () => {
    const r = run(inputs.confirm);
    r.loads[0]!.resolve(order(2));
    await r.flush();
    r.kfsReads[0]!.resolve(ORDER_KFS.expired);
    await r.flush();
    r.issued[0]!.resolve(ISSUED_KFS);
    await r.flush();
    expect(r.actor.getSnapshot().getMeta()['order.pass.idle']).toEqual({ rules: ['kfs-valid-at-disbursal'] });
    r.actor.send({ type: 'getMoney.tapped' });
    expect([r.acks.length, r.loans.length]).toEqual([0, 0]);
    r.actor.send({ type: 'kfs.ticked', checked: true });
    r.actor.send({ type: 'getMoney.tapped' });
    expect(r.acks.map((a) => a.kfsNo)).toEqual(['KFS20250612000042']);
    expect(r.loans).toHaveLength(0);
    r.acks[0]!.d.resolve(lenderKfs({ acknowledgedAt: '2025-06-12T06:01:00.000Z' }));
    await r.flush();
    expect(r.loans).toHaveLength(1);
  });

  it("confirm without the KFS calls: the app's own KFS, ticked here, binds for its working days from the tick", async () => {
    let now = TODAY; // Thursday 12 June 2025, 11:30 IST
    const r = run({ ...inputs.confirm, now: () => now });
    r.loads[0]!.resolve(order(2));
    await r.flush();
    r.kfsReads[0]!.resolve(ORDER_KFS.notOffered);
    await r.flush();
    expect(r.issued).toHaveLength(0);
    expect(r.actor.getSnapshot().can({ type: 'getMoney.tapped' })).toBe(false);
    r.actor.send({ type: 'kfs.ticked', checked: true });
    expect(r.actor.getSnapshot().can({ type: 'getMoney.tapped' })).toBe(true);
    // 91 days: three working days after Thursday are Friday, Monday, Tuesday; Wednesday it has lapsed.
    now = Date.UTC(2025, 5, 17, 18, 29, 59);
    expect(r.actor.getSnapshot().can({ type: 'getMoney.tapped' })).toBe(true);
    now += 1000;
    expect(r.actor.getSnapshot().can({ type: 'getMoney.tapped' })).toBe(false);
    r.actor.send({ type: 'kfs.ticked', checked: false });
    r.actor.send({ type: 'kfs.ticked', checked: true });
    r.actor.send({ type: 'getMoney.tapped' });
    expect([r.acks.length, r.loans.length]).toEqual([0, 1]);
  });

  it('detail: repay opens the allowed payment URL with the return address; a refused URL opens nothing', async () => {
    const r = run(inputs.detail);
    r.loads[0]!.resolve(order(8));
    await r.flush();
    r.lists[0]!.resolve({ offered: false });
    await r.flush();
    r.actor.send({ type: 'repay.tapped' });
    r.actor.send({ type: 'repay.tapped' });
    expect(r.repays).toHaveLength(1);
    r.repays[0]!.d.resolve({ paymentUrl: 'javascript:alert(1)' });
    await r.flush();
    expect(r.opened).toEqual([]);
    expect(r.actor.getSnapshot().context.notice).toEqual(say('paymentRefused'));
    expect(english.said(r.actor.getSnapshot().context.notice!)).toMatch(/not opened/);
    r.actor.send({ type: 'repay.tapped' });
    expect(r.repays).toHaveLength(2);
    expect(r.repays[1]!.key).not.toBe(r.repays[0]!.key);
    r.repays[1]!.d.resolve(ALLOWED_PAYMENT);
    await r.flush();
    expect(r.opened).toEqual([`${ALLOWED_PAYMENT.paymentUrl}&return=${encodeURIComponent('https://app.example/orders/501/detail')}`]);
    // The tab remembers the payment started: the intent's key, the lender's id, the time, the order as it was.
    expect(r.remembered).toEqual([
      { orderId: ORDER_ID, purpose: 'repayment', key: r.repays[1]!.key, at: TODAY, paymentId: PAYMENT_ID, before: markOf(order(8)) },
    ]);
    // Back from the gateway through the bfcache: the order and the payment are read again, and the
    // outcome is told first (here without the payments call: the order settled shows it received).
    r.actor.send({ type: 'page.restored' });
    expect(r.loads).toHaveLength(2);
    r.loads[1]!.resolve(order(7));
    await r.flush();
    expect(r.actor.getSnapshot().value).toBe('checkingPayment');
    r.lists[1]!.resolve({ offered: false });
    await r.flush();
    expect(r.actor.getSnapshot().value).toBe('received');
    r.actor.send({ type: 'outcome.closed' });
    expect(r.actor.getSnapshot().hasTag('settled')).toBe(true);
    expect(r.remembered.at(-1)).toBeNull();
  });

  it('back from the gateway, pending: checks again by itself while visible, says when the bank answers; no Pay again meanwhile', async () => {
    const r = run(inputs.returning);
    r.loads[0]!.resolve(order(6));
    await r.flush();
    r.lists[0]!.resolve(PAYMENTS.pending);
    await r.flush();
    const snap = () => r.actor.getSnapshot();
    expect(snap().matches({ pending: 'waiting' })).toBe(true);
    expect(snap().can({ type: 'pay.again' })).toBe(false);
    expect(snap().can({ type: 'outcome.closed' })).toBe(false);
    r.clock.increment(4999);
    expect(r.loads).toHaveLength(1);
    r.clock.increment(1);
    expect(r.loads).toHaveLength(2); // the order again, then its payments
    r.loads[1]!.resolve(order(6));
    await r.flush();
    r.lists[1]!.resolve(PAYMENTS.pending);
    await r.flush();
    expect(snap().matches({ pending: 'waiting' })).toBe(true);
    r.actor.send({ type: 'page.hidden' });
    r.clock.increment(600_000);
    expect(r.loads).toHaveLength(2);
    r.actor.send({ type: 'page.visible' });
    expect(r.loads).toHaveLength(3);
    r.loads[2]!.resolve(order(6, { paidAmount: 4000, repaymentAmount: 17638 }));
    await r.flush();
    r.lists[2]!.resolve(PAYMENTS.received);
    await r.flush();
    expect(snap().value).toBe('received');
    expect(snap().context.order?.repaymentAmount).toBe(17638);
  });

  it('back from the gateway, failed: Pay again is a new intent with a new key, and forgets the payment told', async () => {
    const r = run(inputs.returning);
    r.loads[0]!.resolve(order(8));
    await r.flush();
    r.lists[0]!.resolve(PAYMENTS.failed);
    await r.flush();
    expect(r.actor.getSnapshot().value).toBe('notReceived');
    r.actor.send({ type: 'pay.again' });
    expect(r.actor.getSnapshot().matches({ overdued: 'requesting' })).toBe(true);
    expect(r.repays).toHaveLength(1);
    expect(r.repays[0]!.key).not.toBe(started().key);
    expect(r.remembered).toEqual([null]);
  });

  it('back from the gateway without the payments call: an unchanged order is not confirmed yet (Check again, Pay again)', async () => {
    const r = run(inputs.returning);
    r.loads[0]!.resolve(order(6));
    await r.flush();
    r.lists[0]!.resolve({ offered: false });
    await r.flush();
    expect(r.actor.getSnapshot().value).toBe('unconfirmed');
    expect(r.actor.getSnapshot().can({ type: 'pay.again' })).toBe(true);
    r.actor.send({ type: 'refresh.tapped' });
    expect(r.loads).toHaveLength(2);
    r.loads[1]!.resolve(order(6, { paidAmount: 21638, orderState: 7 }));
    await r.flush();
    r.lists[1]!.resolve({ offered: false });
    await r.flush();
    expect(r.actor.getSnapshot().value).toBe('received');
  });

  it('back from an extension fee still unpaid (11): Pay again opens the extension page, Back returns here', async () => {
    const r = run(inputs.returningFromFee);
    r.loads[0]!.resolve(order(11));
    await r.flush();
    r.lists[0]!.resolve(PAYMENTS.opened);
    await r.flush();
    expect(r.actor.getSnapshot().value).toBe('unconfirmed');
    r.actor.send({ type: 'pay.again' });
    expect(r.navigations).toEqual([{ to: '/orders/501/extension', replace: false }]);
  });
});
