import { api, type CallOptions } from './client';
import { OrderList, type OrderListItem } from './schemas';

/** GET /order/v1/list */
export function getOrderList({ signal }: CallOptions = {}): Promise<OrderListItem[]> {
  return api.get('order/v1/list', OrderList, { signal });
}
