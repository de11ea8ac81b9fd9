/**
 * The event cases of the order lifecycle (tests/machines/order.machine.test.ts, the view tests and
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { LenderKfs, OrderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { Order, PaymentUrl } from '../../contract/orders';
import type { PaymentRecord, PaymentRecordStatus } from '../../contract/payments';
import { actorDone, actorError, delayElapsed, type CaseList } from '../shared/cases';
import { markOf, orderShowsPayment, paymentPending, type StartedPayment } from '../shared/payment';
import { orderMachine, type OrderInput } from './order.machine';

export const ORDER_ID = '501';
export const TODAY = Date.UTC(2025, 5, 12, 6, 0, 0); // 12 Jun 2025, 11:30 IST
export const ORIGIN = 'https://app.example';
export const PAYMENT_HOSTS = ['pay.example'] as const;

/** The order in `orderState`, with what each state has (dates, overdue days). */
export function order(orderState: number, extra: Partial<Order> = {}): Order {
  const overdue = orderState === 8;
  const disbursed = [6, 7, 8, 11].includes(orderState);
  return {
    orderId: ORDER_ID,
    orderNo: 'BW20250601000042',
    productId: '1',
    orderState,
    loanAmount: 20000,
    period: 91,
    arriveAmount: 18112,
    repaymentAmount: overdue ? 21838 : 21638,
    repaymentDate: disbursed ? (overdue ? '2025-06-08' : '2025-06-17') : '',
    loanDate: disbursed ? '2025-03-10 12:00:00' : '',
    applyTime: '2025-03-10 10:15:00',
    overdueDays: overdue ? 4 : 0,
    overdueFee: overdue ? 200 : 0,
    serviceFee: 1600,
    gstFee: 288,
    gtsFee: null,
    interest: 1638,
    extensionMsg: '',
    extensionState: 0,
    isExtension: 0,
    reservation: 0,
    bankNo: '123456789012',
    canChooseAmount: 0,
    ...extra,
  };
}

export const FAILURE = new Error('Service busy, please try again');
export const PAYMENT_ID = 'pay_0001';
export const ALLOWED_PAYMENT: PaymentUrl = { paymentUrl: 'https://pay.example/checkout?session=abc', paymentId: PAYMENT_ID };
/** Moved by an extension fee: the due date a week later. */
export const EXTENDED = order(6, { repaymentDate: '2025-06-24' });

/** The payment this tab started (12 Jun 2025, 11:30 IST) on a loaned order. */
export function started(purpose: StartedPayment['purpose'] = 'repayment', from: Order = purpose === 'repayment' ? order(6, { paidAmount: 0 }) : order(11)): StartedPayment {
  return { orderId: ORDER_ID, purpose, key: 'intent-key-0001', at: TODAY, paymentId: PAYMENT_ID, before: markOf(from) };
}

/** The lender's record of that payment, in `status`: ₹4,000 of ₹21,638 received at 11:31 IST, say. */
export function record(status: PaymentRecordStatus, extra: Partial<PaymentRecord> = {}): PaymentRecord {
  const received = status === 'received';
  return {
    id: PAYMENT_ID,
    orderId: ORDER_ID,
    orderNo: 'BW20250601000042',
    purpose: 'repayment',
    status,
    amount: 21638,
    paidAmount: received ? 4000 : 0,
    createdAt: '2025-06-12 11:30:05',
    paidAt: received ? '2025-06-12 11:31:10' : '',
    reference: status === 'started' ? '' : 'gw_TEST0001',
    knownBy: status === 'pending' ? '2025-06-12 11:33:10' : '',
    receiptNo: received ? 'RC20250612000001' : '',
    paidOff: received ? { principal: 2362, interest: 1638, fees: 0, penalCharge: 0, excess: 0 } : null,
    dueAfter: received ? 17638 : null,
    newDueDate: '',
    ...extra,
  };
}

const offered = (...records: PaymentRecord[]): Offered<PaymentRecord[]> => ({ offered: true, value: records });
/** The lender's answers to the payments call: the started payment received, pending, failed, only opened; the call not offered. */
export const PAYMENTS = {
  received: offered(record('received')),
  pending: offered(record('pending')),
  failed: offered(record('failed')),
  opened: offered(record('started')),
  none: offered(),
  notOffered: { offered: false } as Offered<PaymentRecord[]>,
} as const;
export const FOREIGN_PAYMENT: PaymentUrl = { paymentUrl: 'http://evil.example/pay' };

/** The lender's KFS of the order: issued today, valid until Tuesday 17 June 2025 23:59:59 IST. */
export function lenderKfs(extra: Partial<LenderKfs> = {}): LenderKfs {
  return {
    kfsNo: 'KFS20250612000042',
    kind: 'order',
    issuedAt: '2025-06-12T06:00:00.000Z',
    validUntil: '2025-06-17T18:29:59.000Z',
    acknowledgedAt: null,
    facts: {},
    ...extra,
  };
}
/** The lender's answers about the order's KFS: the application's binds, it has expired, the calls not offered. */
export const ORDER_KFS = {
  binds: { offered: true, value: { kfs: lenderKfs({ kind: 'application', acknowledgedAt: '2025-06-12T05:00:00.000Z' }), validNow: true } },
  expired: { offered: true, value: { kfs: lenderKfs({ kind: 'application', validUntil: '2025-06-11T18:29:59.000Z', acknowledgedAt: '2025-06-09T05:00:00.000Z' }), validNow: false } },
  notOffered: { offered: false },
} as const satisfies Record<string, Offered<OrderKfs>>;
export const ISSUED_KFS: Offered<LenderKfs> = { offered: true, value: lenderKfs() };

export const cases = [
  ...[1, 2, 3, 4, 6, 7, 8, 11].map((s) => actorDone('loadOrder', order(s))),
  actorDone('loadOrder', EXTENDED),
  actorError('loadOrder', FAILURE),
  ...[1, 2, 4, 6].map((s) => actorDone('recheckOrder', order(s))),
  actorError('recheckOrder', FAILURE),
  delayElapsed(orderMachine, 'recheck', 'order.auditing.waiting'),
  delayElapsed(orderMachine, 'recheck', 'order.lending.waiting'),
  actorDone('orderKfs', ORDER_KFS.binds),
  actorDone('orderKfs', ORDER_KFS.expired),
  actorDone('orderKfs', ORDER_KFS.notOffered),
  actorError('orderKfs', FAILURE),
  actorDone('issueKfs', ISSUED_KFS),
  actorDone('issueKfs', { offered: false }),
  actorError('issueKfs', FAILURE),
  actorDone('acknowledgeKfs', lenderKfs({ acknowledgedAt: '2025-06-12T06:01:00.000Z' })),
  actorError('acknowledgeKfs', FAILURE),
  { type: 'kfs.ticked', checked: true },
  { type: 'kfs.ticked', checked: false },
  actorDone('confirmLoan', undefined),
  actorError('confirmLoan', FAILURE),
  actorDone('repay', ALLOWED_PAYMENT),
  actorDone('repay', FOREIGN_PAYMENT),
  actorError('repay', FAILURE),
  actorDone('listPayments', PAYMENTS.received),
  actorDone('listPayments', PAYMENTS.notOffered),
  actorError('listPayments', FAILURE),
  ...[PAYMENTS.received, PAYMENTS.pending, PAYMENTS.failed, PAYMENTS.opened, PAYMENTS.notOffered].map((p) => actorDone('checkPayment', p)),
  actorError('checkPayment', FAILURE),
  ...[PAYMENTS.received, PAYMENTS.pending, PAYMENTS.failed, PAYMENTS.opened].map((p) => actorDone('recheckPayment', p)),
  actorError('recheckPayment', FAILURE),
  actorDone('rereadOrder', order(6)),
  actorDone('rereadOrder', order(7)),
  actorError('rereadOrder', FAILURE),
  delayElapsed(orderMachine, 'paymentRecheck', 'order.pending.waiting'),
  { type: 'outcome.closed' },
  { type: 'pay.again' },
  { type: 'page.retried' },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'page.restored' },
  { type: 'refresh.tapped' },
  { type: 'getMoney.tapped' },
  { type: 'repay.tapped' },
] satisfies CaseList<typeof orderMachine>;

const base = { orderId: ORDER_ID, today: TODAY, origin: ORIGIN, paymentHosts: PAYMENT_HOSTS };

/**
 * One traversal per page; the confirm page also reloaded with a Get Money key in its draft; the
 * detail page back from a repayment, and from an extension fee, this tab started.
 */
export const inputs = {
  audit: { ...base, page: 'audit' },
  confirm: { ...base, page: 'confirm', draft: null, now: () => TODAY },
  confirmReloaded: { ...base, page: 'confirm', draft: { idempotencyKey: 'draft-key-0001' }, now: () => TODAY },
  detail: { ...base, page: 'detail', now: () => TODAY },
  returning: { ...base, page: 'detail', started: started('repayment'), now: () => TODAY },
  returningFromFee: { ...base, page: 'detail', started: started('extensionFee'), now: () => TODAY },
} satisfies Record<string, OrderInput>;

/**
 * What decides what can happen next, and nothing more (each extra field multiplies the paths): the
 * state, visibility, a key, the payment started; the order's state where the next step reads it (on
 * the return, only what Pay again and going on to the loan tell apart) and whether it shows the
 * payment; a notice, a pending payment and the schedules where the page stays. A page about to load
 * reads everything again, and one that has left decides nothing.
 */
export function serialize(snapshot: SnapshotFrom<typeof orderMachine>) {
  const c = snapshot.context;
  const value = snapshot.value;
  if (value === 'leaving') return { value };
  const base = { value, started: c.started?.purpose ?? null, hidden: c.hidden, keyed: c.idempotencyKey !== null };
  if (value === 'loading' || value === 'failed') return base;
  const state = c.order?.orderState ?? null;
  const returned = {
    // Going on to the loan and Pay again tell apart only these: the rest leaves the page.
    orderState: state !== null && [6, 7, 8, 11].includes(state) ? state : 'elsewhere',
    shows: c.started !== null && c.order !== null ? orderShowsPayment(c.started, c.order) : null,
  };
  if (value === 'checkingPayment') return { ...base, ...returned };
  if (snapshot.matches('pending')) {
    const waiting = { ...base, notice: c.notice !== null, checkingOn: c.paymentChecks > 0 };
    return snapshot.matches({ pending: 'checkingRecord' }) ? { ...waiting, ...returned } : waiting;
  }
  if (value === 'received' || value === 'notReceived' || value === 'unconfirmed') return { ...base, ...returned, pending: paymentPending(c.payments) };
  return {
    ...base,
    orderState: state,
    pending: paymentPending(c.payments),
    notice: c.notice !== null,
    backingOff: c.rechecks > 0,
    kfs: c.kfs === null ? null : c.kfs.source === 'app' ? 'app' : c.kfs.acknowledged ? 'acknowledged' : 'toAcknowledge',
    ticked: c.kfsTickedAt !== null,
  };
}
