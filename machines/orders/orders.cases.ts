/**
 * The event cases of Loan History (tests/machines/orders.machine.test.ts and `npm run flows`).
 * Convention: machines/shared/cases.ts, CasesModule.
 */
import type { OrderListItem } from '../../contract/orders';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { ordersMachine } from './orders.machine';

const order = (orderId: string, orderState: number): OrderListItem => ({
  orderId,
  orderNo: `ORD${orderId}`,
  orderState,
  loanAmount: 5000,
  arriveAmount: 4500,
  repaymentAmount: 5350,
});

/** One order in every named state (and 9, which has no name). */
export const ORDERS: OrderListItem[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11].map((s) => order(String(100 + s), s));
export const FAILURE = new Error('Service busy, please try again');

export const cases = [
  actorDone('loadOrders', ORDERS),
  actorDone('loadOrders', []),
  actorError('loadOrders', FAILURE),
  actorDone('refreshOrders', ORDERS.slice(0, 2)),
  actorError('refreshOrders', FAILURE),
  { type: 'orders.retried' },
  { type: 'orders.refreshed' },
] satisfies CaseList<typeof ordersMachine>;

/** What decides what can happen next: the state, and whether there are orders. */
export function serialize(snapshot: { value: unknown; context: { orders: OrderListItem[] | null } }) {
  return { value: snapshot.value, count: snapshot.context.orders?.length ?? null };
}
