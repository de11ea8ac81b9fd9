/**
 * The event cases of the order lifecycle (tests/machines/order.machine.test.ts, the view tests and
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { Order, PaymentUrl } from '../../contract/orders';
import { actorDone, actorError, delayElapsed, type CaseList } from '../shared/cases';
import { orderMachine, type OrderContext, type OrderInput } from './order.machine';

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
export const ALLOWED_PAYMENT: PaymentUrl = { paymentUrl: 'https://pay.example/checkout?session=abc' };
export const FOREIGN_PAYMENT: PaymentUrl = { paymentUrl: 'http://evil.example/pay' };

export const cases = [
  ...[1, 2, 3, 4, 6, 7, 8, 11].map((s) => actorDone('loadOrder', order(s))),
  actorError('loadOrder', FAILURE),
  ...[1, 2, 4, 6].map((s) => actorDone('recheckOrder', order(s))),
  actorError('recheckOrder', FAILURE),
  delayElapsed(orderMachine, 'recheck', 'order.auditing.waiting'),
  delayElapsed(orderMachine, 'recheck', 'order.lending.waiting'),
  actorDone('confirmLoan', undefined),
  actorError('confirmLoan', FAILURE),
  actorDone('repay', ALLOWED_PAYMENT),
  actorDone('repay', FOREIGN_PAYMENT),
  actorError('repay', FAILURE),
  { type: 'page.retried' },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'page.restored' },
  { type: 'refresh.tapped' },
  { type: 'getMoney.tapped' },
  { type: 'repay.tapped' },
] satisfies CaseList<typeof orderMachine>;

const base = { orderId: ORDER_ID, today: TODAY, origin: ORIGIN, paymentHosts: PAYMENT_HOSTS };

/** One traversal per page; the confirm page also reloaded with a Get Money key in its draft. */
export const inputs = {
  audit: { ...base, page: 'audit' },
  confirm: { ...base, page: 'confirm', draft: null },
  confirmReloaded: { ...base, page: 'confirm', draft: { idempotencyKey: 'draft-key-0001' } },
  detail: { ...base, page: 'detail' },
} satisfies Record<string, OrderInput>;

/** What decides what can happen next: the state, the order's state, visibility, a key, a notice, whether the schedule has begun. */
export function serialize(snapshot: { value: unknown; context: OrderContext }) {
  const c = snapshot.context;
  return {
    value: snapshot.value,
    orderState: c.order?.orderState ?? null,
    hidden: c.hidden,
    keyed: c.idempotencyKey !== null,
    notice: c.notice !== null,
    error: c.error !== null,
    backingOff: c.rechecks > 0,
  };
}
