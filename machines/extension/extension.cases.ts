/**
 * The event cases of the extension page (tests/machines/extension.machine.test.ts, the view tests and
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { ExtensionInfo } from '../../contract/extension';
import type { Order, PaymentUrl } from '../../contract/orders';
import type { LenderKfs } from '../../contract/kfs';
import { actorDone, actorError, delayElapsed, type CaseList } from '../shared/cases';
import { extensionMachine, type ExtensionContext, type ExtensionInput } from './extension.machine';

export const ORDER_ID = '501';
export const ORIGIN = 'https://app.example';
export const PAYMENT_HOSTS = ['pay.example'] as const;
/** The lender's clock in the cases: 12 Jun 2025, 16:00 IST. */
export const NOW = Date.UTC(2025, 5, 12, 10, 30, 0);

/** The order in `orderState`, with what each state has. */
export function order(orderState: number, extra: Partial<Order> = {}): Order {
  const overdue = orderState === 8;
  return {
    orderId: ORDER_ID,
    orderNo: 'BW20250601000042',
    productId: '1',
    orderState,
    loanAmount: 20000,
    period: 91,
    arriveAmount: 18112,
    repaymentAmount: overdue ? 21838 : 21638,
    repaymentDate: overdue ? '2025-06-08' : '2025-06-17',
    loanDate: '2025-03-10 12:00:00',
    applyTime: '2025-03-10 10:15:00',
    overdueDays: overdue ? 4 : 0,
    overdueFee: overdue ? 200 : 0,
    serviceFee: 1600,
    gstFee: 288,
    gtsFee: null,
    interest: 1638,
    extensionMsg: '',
    extensionState: orderState === 11 ? 1 : 0,
    isExtension: [6, 8, 11].includes(orderState) ? 1 : 0,
    reservation: 0,
    bankNo: '123456789012',
    canChooseAmount: 0,
    ...extra,
  };
}

/**
 * The extension: applied at 12 Jun 2025, 10:00 IST (6 h before NOW), 7 days; fee ₹2,000 + ₹154 interest
 * + ₹200 overdue (order(8)'s overdue fee, not itemised: spec §3 has no field for it) − ₹300 paid = ₹2,054.
 */
export function info(extra: Partial<ExtensionInfo> = {}): ExtensionInfo {
  return {
    extensionId: '9001',
    orderRepayId: '7001',
    extensionFee: 2054,
    extensionFeePaid: 300,
    extensionServiceFee: 2000,
    extensionRate: 0.1,
    interest: 154,
    extensionApplyTime: '2025-06-12 10:00:00',
    extensionDay: 7,
    extensionTime: '2025-06-19 10:00:00',
    ...extra,
  };
}

/** Applied more than 24 hours before NOW: the window has ended. */
export const LAPSED = info({ extensionApplyTime: '2025-06-11 15:59:59' });

export const FAILURE = new Error('Service busy, please try again');
export const ALLOWED_PAYMENT: PaymentUrl = { paymentUrl: 'https://pay.example/checkout?session=ext' };
export const FOREIGN_PAYMENT: PaymentUrl = { paymentUrl: 'http://evil.example/pay' };

/** The lender's amendment to the KFS for the extension: issued at NOW, valid until Tuesday 17 June 2025 23:59:59 IST. */
export const AMENDMENT: LenderKfs = {
  kfsNo: 'KFS20250612000099',
  kind: 'extension',
  issuedAt: '2025-06-12T10:30:00.000Z',
  validUntil: '2025-06-17T18:29:59.000Z',
  acknowledgedAt: null,
  facts: {},
};

export const cases = [
  ...[order(1), order(6), order(6, { isExtension: 0 }), order(8), order(11), order(7)].map((o) => actorDone('loadOrder', o)),
  actorError('loadOrder', FAILURE),
  actorDone('loadInfo', info()),
  actorDone('loadInfo', LAPSED),
  actorError('loadInfo', FAILURE),
  delayElapsed(extensionMachine, 'windowEnds', 'extension.awaiting'),
  actorDone('recheckOrder', order(11)),
  actorDone('recheckOrder', order(6)),
  actorError('recheckOrder', FAILURE),
  actorDone('applyExtension', ALLOWED_PAYMENT),
  actorDone('applyExtension', FOREIGN_PAYMENT),
  actorError('applyExtension', FAILURE),
  actorDone('giveupExtension', undefined),
  actorError('giveupExtension', FAILURE),
  actorDone('issueAmendment', { offered: true, value: AMENDMENT }),
  actorDone('issueAmendment', { offered: false }),
  actorError('issueAmendment', FAILURE),
  actorDone('acknowledgeAmendment', { ...AMENDMENT, acknowledgedAt: '2025-06-12T10:31:00.000Z' }),
  actorError('acknowledgeAmendment', FAILURE),
  { type: 'amendment.ticked', checked: true },
  { type: 'amendment.ticked', checked: false },
  { type: 'page.retried' },
  { type: 'page.visible' },
  { type: 'page.restored' },
  { type: 'apply.tapped' },
  { type: 'abandon.tapped' },
  { type: 'abandon.continued' },
  { type: 'abandon.confirmed' },
  { type: 'refresh.tapped' },
] satisfies CaseList<typeof extensionMachine>;

const base = { orderId: ORDER_ID, origin: ORIGIN, paymentHosts: PAYMENT_HOSTS, now: () => NOW };

/** A first visit, and a reload with an Apply and payment key in the draft. */
export const inputs = {
  fresh: { ...base, draft: null },
  reloaded: { ...base, draft: { idempotencyKey: 'draft-key-0001' } },
} satisfies Record<string, ExtensionInput>;

/** What decides what can happen next: the state, the order's state and offer, the deadline, the keys, the errors. */
export function serialize(snapshot: { value: unknown; context: ExtensionContext }) {
  const c = snapshot.context;
  return {
    value: snapshot.value,
    orderState: c.order?.orderState ?? null,
    isExtension: c.order?.isExtension ?? null,
    info: c.info !== null,
    lapsed: c.deadline !== null && c.deadline <= c.now(),
    orderError: c.orderError !== null,
    infoError: c.infoError !== null,
    keyed: c.idempotencyKey !== null,
    giveupKeyed: c.giveupKey !== null,
    notice: c.notice !== null,
    amendment: c.amendment === null ? null : c.amendment.source === 'app' ? 'app' : c.amendment.acknowledged ? 'acknowledged' : 'issued',
    ticked: c.amendmentTickedAt !== null,
  };
}
