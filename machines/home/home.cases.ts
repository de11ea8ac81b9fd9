/**
 * The event cases of the home machine (tests/machines/home.machine.test.ts, tests/views/home.paths.test.tsx,
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { HomeProduct, HomeResponse, InProgressItem } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import type { CaseList } from '../shared/cases';
import type { HomeInput, homeMachine } from './home.machine';

/** A home product with plausible values; `over` changes what a case needs. */
export const product = (id: string, over: Partial<HomeProduct> = {}): HomeProduct => ({
  id,
  name: `Product ${id}`,
  logo: '',
  maxAmount: 40000,
  period: 91,
  rate: 0.001,
  isFull: 0,
  productType: 1,
  h5Href: '',
  ...over,
});

const IN_PROGRESS: InProgressItem[] = [{ orderId: '11', orderState: 2, name: 'Product 1', logo: '', amount: 5000, fullButtonName: 'Get money' }];
export const SINGLE: HomeResponse = { userStatus: 1, homeProductVos: [product('1')], undwayList: IN_PROGRESS };
export const MULTI: HomeResponse = {
  userStatus: 2,
  homeProductVos: [
    product('1'),
    product('2', { isFull: 1 }),
    product('3', { productType: 0, h5Href: 'https://partner.example/loan' }),
    product('4', { productType: 0, h5Href: 'javascript:alert(1)' }),
  ],
  undwayList: IN_PROGRESS,
};
/** An order list item in `orderState`, without a productId (as in the spec) unless `over` gives one. */
export const order = (orderState: number, over: Partial<OrderListItem> = {}): OrderListItem => ({
  orderId: '21',
  orderNo: 'BW000021',
  orderState,
  loanAmount: 5000,
  ...over,
});

export const OPEN_ORDERS: OrderListItem[] = [order(1, { productId: '1' })];
export const NO_OPEN_ORDERS: OrderListItem[] = [order(7, { productId: '1' })];
export const LOAD_FAILURE = new Error('Service busy, please try again');
export const ANDROID_DOWNLOAD = 'https://play.example/borrower';

export const cases = [
  { type: 'xstate.done.actor.loadHome', output: SINGLE, actorId: 'loadHome' },
  { type: 'xstate.done.actor.loadHome', output: MULTI, actorId: 'loadHome' },
  { type: 'xstate.error.actor.loadHome', error: LOAD_FAILURE, actorId: 'loadHome' },
  { type: 'home.retried' },
  { type: 'product.applied', productId: '1' },
  { type: 'product.applied', productId: '2' },
  { type: 'product.applied', productId: '3' },
  { type: 'product.applied', productId: '4' },
  { type: 'inProgress.opened', orderId: '11', orderState: 2 },
  { type: 'xstate.done.actor.loadOrders', output: OPEN_ORDERS, actorId: 'loadOrders' },
  { type: 'xstate.done.actor.loadOrders', output: NO_OPEN_ORDERS, actorId: 'loadOrders' },
  { type: 'xstate.error.actor.loadOrders', error: LOAD_FAILURE, actorId: 'loadOrders' },
] satisfies CaseList<typeof homeMachine>;

/** An iPhone browser, and an Android browser (multi layout sends it to the app download page). */
export const inputs = {
  iphone: { androidBrowser: false, androidDownloadUrl: ANDROID_DOWNLOAD },
  android: { androidBrowser: true, androidDownloadUrl: ANDROID_DOWNLOAD },
} satisfies Record<string, HomeInput>;

/** The state, the layout loaded, and whether an application is being checked. */
export function serialize(snapshot: SnapshotFrom<typeof homeMachine>) {
  return {
    value: snapshot.value,
    layout: snapshot.context.home?.userStatus ?? null,
    applying: snapshot.context.applyingFor,
    error: snapshot.context.error !== null,
  };
}
