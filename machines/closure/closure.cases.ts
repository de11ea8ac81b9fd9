/**
 * The event cases of ending a loan early (tests/machines/closure.machine.test.ts, the view tests and
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { ClosureQuote } from '../../contract/closure';
import type { Offered } from '../../contract/offered';
import type { Order, PaymentUrl } from '../../contract/orders';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { ClosureInput, closureMachine } from './closure.machine';

export const ORDER_ID = '601';
/** 2 Jun 2025, 15:35 IST on the lender's clock: five minutes after the money was sent. */
export const NOW = Date.UTC(2025, 5, 2, 10, 5, 0);
export const ORIGIN = 'https://app.example';
export const PAYMENT_HOSTS = ['pay.example'] as const;

/** A ₹15,000 loan for 91 days (₹1,229 interest, ₹16,229 to repay), sent on 2 Jun 2025 at 15:30 IST. */
export const LOAN: Order = {
  orderId: ORDER_ID,
  orderNo: 'BW20250602000007',
  productId: '1',
  orderState: 6,
  loanAmount: 15000,
  period: 91,
  arriveAmount: 14115,
  repaymentAmount: 16229,
  repaymentDate: '2025-09-01',
  loanDate: '2025-06-02 15:30:00',
  applyTime: '2025-06-02 15:20:00',
  overdueDays: 0,
  overdueFee: 0,
  serviceFee: 750,
  gstFee: 135,
  gtsFee: null,
  interest: 1229,
  extensionMsg: '',
  extensionState: 0,
  isExtension: 0,
  reservation: 0,
  bankNo: '123456789012',
  canChooseAmount: 0,
  paidAmount: 0,
};

/** The exit on day 1: ₹15,000 + ₹14 = ₹15,014, the fee and GST kept, holding until 3 Jun 15:30 IST. */
export const EXIT: ClosureQuote = {
  kind: 'coolingOff',
  amount: 15014,
  principal: 15000,
  interest: 14,
  days: 1,
  penalCharge: 0,
  paidSoFar: 0,
  processingFeeKept: 750,
  gstKept: 135,
  validUntil: '2025-06-03 00:00:00',
  coolingOffUntil: '2025-06-05 15:30:00',
};
/** Pre-closure on day 11: ₹15,000 + ₹149 interest to date. */
export const CLOSE: ClosureQuote = { ...EXIT, kind: 'preClosure', amount: 15149, interest: 149, days: 11, validUntil: '2025-06-13 00:00:00' };
/** A quote already stale on the lender's clock. */
export const STALE: ClosureQuote = { ...EXIT, validUntil: '2025-06-02 15:00:00' };
export const STALE_CLOSE: ClosureQuote = { ...CLOSE, validUntil: '2025-06-02 15:00:00' };

export const CLOSURE_PAGE: PaymentUrl = { paymentUrl: 'https://pay.example/checkout?session=close', paymentId: 'pay_close1' };
export const UNTRUSTED_PAGE: PaymentUrl = { paymentUrl: 'https://evil.example/pay', paymentId: 'pay_evil' };
export const FAILURE = new Error('Service busy, please try again');

const offered = (value: ClosureQuote): Offered<ClosureQuote> => ({ offered: true, value });

export const cases = [
  actorDone('closureQuote', offered(EXIT)),
  actorDone('closureQuote', offered(CLOSE)),
  actorDone('closureQuote', offered(STALE)),
  actorDone('closureQuote', offered(STALE_CLOSE)),
  actorDone('closureQuote', { offered: false }),
  actorError('closureQuote', FAILURE),
  { type: 'quote.retried' },
  { type: 'closure.tapped' },
  { type: 'closure.confirmed' },
  { type: 'closure.cancelled' },
  { type: 'part.tapped' },
  { type: 'part.changed', value: '5000' },
  { type: 'part.changed', value: '16229' },
  { type: 'part.confirmed' },
  { type: 'part.cancelled' },
  actorDone('pay', CLOSURE_PAGE),
  actorDone('pay', UNTRUSTED_PAGE),
  actorError('pay', FAILURE),
] satisfies CaseList<typeof closureMachine>;

const base = { orderId: ORDER_ID, order: LOAN, origin: ORIGIN, paymentHosts: PAYMENT_HOSTS, now: () => NOW };

export const inputs = {
  loaned: base,
} satisfies Record<string, ClosureInput>;

/** What of a snapshot decides the future: the state, whether a key is held, the part's validity, the quote's kind and staleness. */
export const serialize = (s: SnapshotFrom<typeof closureMachine>) =>
  JSON.stringify([s.value, s.context.idempotencyKey !== null, s.context.part, s.context.quote?.kind ?? null, s.context.quote?.validUntil ?? null]);
