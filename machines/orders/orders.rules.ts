/**
 * The rules of Loan History (/orders; spec §2 'Orders list', §3 'Order list item', §4 'Order states'
 * and 'Order list links by state', §8 empty text), pure. The texts are in i18n/en/orders.ts.
 */
import type { OrderListItem } from '../../contract/orders';
import { orderStateSaid } from '../shared/order-states';
import { paths } from '../shared/paths';

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
