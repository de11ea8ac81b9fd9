/** The effects of Loan History: the order list call and the toast of a failed refresh. */
import type { ordersMachine } from '../../../machines/orders/orders.machine';
import { getOrderList } from '../../api/orders';
import { fromCall } from '../../lib/abortable';
import { showToast } from '../../ui/toast';
import type { Effects } from '../shared/effects';

export function ordersEffects(): Effects<typeof ordersMachine> {
  return {
    actors: { loadOrders: fromCall((_, signal) => getOrderList({ signal })) },
    actions: { showToast: (_, { message }) => showToast(message) },
  };
}
