/**
 * The rules of Loan History (/orders; spec §2 'Orders list', §3 'Order list item', §4 'Order states'
 * and 'Order list links by state', §8 empty text), pure. The texts are in i18n/en/orders.ts.
 */
import type { HomeProduct } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import type { OrdersKey } from '../../i18n/en/orders';
import { moneyStage, ORDER_STATE, orderStateSaid } from '../shared/order-states';
import { ORDERS_REASON_PARAMS, paths } from '../shared/paths';

/**
 * A state's name, by key in the `orderStates` namespace; one the spec does not name (9, 10, …) is
 * shown by its number ('State 9').
 */
export const orderStateName = orderStateSaid;

/** Spec §4 'Order list links by state': 1 audit, 2 confirm, 6 or 8 detail, 11 extension, others none. */
export function orderLink(order: Pick<OrderListItem, 'orderId' | 'orderState'>): string | null {
  switch (order.orderState) {
    case 1:
      return paths.orderAudit.href(order.orderId);
    case 2:
      return paths.orderConfirm.href(order.orderId);
    case 6:
    case 8:
      return paths.orderDetail.href(order.orderId);
    case 11:
      return paths.orderExtension.href(order.orderId);
    default:
      return null;
  }
}

const reasonOf = (search: string, param: string): string | null => new URLSearchParams(search).get(param)?.trim() || null;

/** Loan History's `?blocked={pid}` read from a location's search ('?blocked=1' or 'blocked=1'), or null. */
export const blockedProductOf = (search: string): string | null => reasonOf(search, ORDERS_REASON_PARAMS.blocked);

/** Loan History's `?submitted={pid}` read from a location's search, or null. */
export const submittedProductOf = (search: string): string | null => reasonOf(search, ORDERS_REASON_PARAMS.submitted);

/**
 * The label of an order's arriveAmount (what reaches the account), by where its money is: 'You will
 * receive' until it is sent (1, 2, 4), 'Amount received' once it was (6, 7, 8, 11), and 'Amount after
 * fees' for an order that never lent (3, 5, any other). Nothing reads "received" before it is.
 */
export function arriveLabel(orderState: number): Extract<OrdersKey, 'willReceive' | 'amountReceived' | 'afterFees'> {
  const stage = moneyStage(orderState);
  return stage === 'coming' ? 'willReceive' : stage === 'sent' ? 'amountReceived' : 'afterFees';
}

/**
 * Why the borrower is on Loan History instead of applying (?blocked={pid}: an open loan refused a
 * new application for that product), with what home says of the product.
 */
export interface BlockedNotice {
  pid: string;
  /** The product's name as home lists it; null when home does not list it or could not be read. */
  name: string | null;
  /** Offer to schedule the next application (/product/{pid}/schedule). */
  schedulable: boolean;
}

/**
 * The notice for product `pid`, from home's products (null: home not read yet, or not readable).
 * The offer to schedule is made only for a product home lists as the app's own: a partner product
 * (productType 0) is applied for on the partner's site and the lender refuses to schedule it, and
 * a product home does not list is one the app knows nothing of.
 */
export function blockedNotice(pid: string, products: readonly Pick<HomeProduct, 'id' | 'name' | 'productType'>[] | null): BlockedNotice {
  const product = products?.find((p) => p.id === pid);
  if (!product) return { pid, name: null, schedulable: false };
  return { pid, name: product.name.trim() || null, schedulable: product.productType !== 0 };
}

/** What Loan History says after APPLY NOW (?submitted={pid}): the application was sent, with the product's name as home lists it. */
export interface SubmittedNotice {
  pid: string;
  /** The product's name as home lists it; null when home does not list it or could not be read. */
  name: string | null;
}

export function submittedNotice(pid: string, products: readonly Pick<HomeProduct, 'id' | 'name'>[] | null): SubmittedNotice {
  const name = products?.find((p) => p.id === pid)?.name.trim();
  return { pid, name: name || null };
}

/**
 * The application the notice follows: the first order of the product still in review (1) in the
 * lender's list, whose audit page the notice links to. List items without a productId count for any
 * product, as on home. None in review (decided already, or not listed yet): no link; the list below
 * shows the order with its own.
 */
export function inReviewOrder(orders: readonly Pick<OrderListItem, 'orderId' | 'orderState' | 'productId'>[], pid: string): string | null {
  return orders.find((o) => o.orderState === ORDER_STATE.auditing && (o.productId == null || o.productId === pid))?.orderId ?? null;
}
