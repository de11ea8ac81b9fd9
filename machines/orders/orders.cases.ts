/**
 * The event cases of Loan History (tests/machines/orders.machine.test.ts and `npm run flows`).
 * Convention: machines/shared/cases.ts, CasesModule.
 */
import type { HomeProduct } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { OrdersInput, ordersMachine } from './orders.machine';

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

const product = (id: string, name: string, productType: number): HomeProduct => ({
  id,
  name,
  logo: '',
  maxAmount: 20000,
  period: 91,
  rate: 0.0009,
  isFull: 1,
  productType,
  h5Href: productType === 0 ? 'https://partner.example/loan' : '',
});
/** Home's products as the sandbox has them: the app's own Rupee Rise (1) and a partner's Saathi Credit (4). */
export const PRODUCTS: HomeProduct[] = [product('1', 'Rupee Rise', 1), product('4', 'Saathi Credit', 0)];

export const cases = [
  actorDone('loadOrders', ORDERS),
  actorDone('loadOrders', []),
  actorError('loadOrders', FAILURE),
  actorDone('refreshOrders', ORDERS.slice(0, 2)),
  actorError('refreshOrders', FAILURE),
  actorDone('loadProducts', PRODUCTS),
  actorError('loadProducts', FAILURE),
  { type: 'orders.retried' },
  { type: 'orders.refreshed' },
] satisfies CaseList<typeof ordersMachine>;

/**
 * Loan History opened from the account page (no reason), opened because an open loan blocked an
 * application: for the app's own product (it can be scheduled) and for a partner's (it cannot), and
 * opened after APPLY NOW.
 */
export const inputs = {
  plain: { blocked: null },
  blocked: { blocked: '1' },
  blockedPartner: { blocked: '4' },
  submitted: { blocked: null, submitted: '1' },
} satisfies Record<string, OrdersInput>;

/** What decides what can happen next: the state, whether there are orders, and the notices. */
export function serialize(snapshot: { value: unknown; context: { orders: OrderListItem[] | null; notice: unknown; submitted: unknown } }) {
  return { value: snapshot.value, count: snapshot.context.orders?.length ?? null, notice: snapshot.context.notice, submitted: snapshot.context.submitted };
}
