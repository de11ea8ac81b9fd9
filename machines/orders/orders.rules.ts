/**
 * The rules of Loan History (/orders; spec §2 'Orders list', §3 'Order list item', §4 'Order states'
 * and 'Order list links by state', §8 empty text), pure.
 */
import type { OrderListItem } from '../../contract/orders';
import { ORDER_STATE_NAMES } from '../shared/order-states';
import { paths } from '../shared/paths';

export { ORDER_STATE_NAMES };

/** A state's name; one the spec does not name (9, 10, …) is shown by its number. */
export const orderStateName = (state: number): string => ORDER_STATE_NAMES[state] ?? `State ${state}`;

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

export const ORDERS_MESSAGES = {
  /** Spec §2, §8, verbatim. */
  empty: 'No order history go get your first loan',
  refresh: 'Refresh',
  refreshFailed: 'Could not refresh your orders. Please try again.',
  loadFailed: 'Could not load your orders. Please try again.',
} as const;
