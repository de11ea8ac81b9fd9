import { api, type CallOptions } from './client';
import { OrderList, type OrderListItem } from '../../contract/orders';

/** GET /order/v1/list */
export function getOrderList({ signal }: CallOptions = {}): Promise<OrderListItem[]> {
  return api.get('order/v1/list', OrderList, { signal });
}
