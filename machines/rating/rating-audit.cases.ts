/**
 * The event cases of the rating audit page (tests/machines/rating.machine.test.ts,
 * tests/views/rating.test.tsx, `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { Order } from '../../contract/orders';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { ratingAuditMachine, RatingAuditContext, RatingAuditInput } from './rating-audit.machine';
import { NO_SHELL, REFUSED, TIMEOUT } from './rating.fixtures';

export const ORDER_ID = '501';

/** The order in `orderState` (only the state matters on this page). */
export function order(orderState: number): Order {
  return {
    orderId: ORDER_ID,
    orderNo: 'BW20250601000042',
    productId: '1',
    orderState,
    loanAmount: 5000,
    period: 91,
    arriveAmount: null,
    repaymentAmount: null,
    repaymentDate: '',
    loanDate: '',
    applyTime: '2025-06-10 10:15:00',
    overdueDays: null,
    overdueFee: null,
    serviceFee: null,
    gstFee: null,
    gtsFee: null,
    interest: null,
    extensionMsg: '',
    extensionState: null,
    isExtension: null,
    reservation: null,
    bankNo: '',
    canChooseAmount: null,
  };
}

export const FAILURE = new Error('Order does not exist');

export const cases = [
  { type: 'refresh.tapped' },
  { type: 'info.dismissed' },
  { type: 'evaluate.tapped' },
  actorDone('loadOrder', order(10)),
  actorDone('loadOrder', order(1)),
  actorError('loadOrder', FAILURE),
  actorDone('finish', undefined),
  actorError('finish', NO_SHELL),
  actorError('finish', TIMEOUT),
  actorDone('openStoreReview', undefined),
  actorError('openStoreReview', NO_SHELL),
  actorError('openStoreReview', REFUSED),
] satisfies CaseList<typeof ratingAuditMachine>;

/** The page with an order, and opened without one. */
export const inputs = {
  withOrder: { orderId: ORDER_ID },
  noOrder: { orderId: null },
} satisfies Record<string, RatingAuditInput>;

/** What decides what can happen next: the states, and which texts show. */
export function serialize(snapshot: { value: unknown; context: RatingAuditContext }) {
  const c = snapshot.context;
  return { value: snapshot.value, status: c.status, error: c.error !== null, reviewNotice: c.reviewNotice };
}
