/** The effects of Loan History: the order list call and the toast of a failed refresh. */
import type { ordersMachine } from '../../../machines/orders/orders.machine';
import { getOrderList } from '../../api/orders';
import { fromCall } from '../../lib/abortable';
import { ordersText } from '../../../i18n/en/orders';
import { showToast } from '../../ui/toast';
import { textFor } from '../../ui/text';
import type { Effects } from '../shared/effects';

export function ordersEffects(): Effects<typeof ordersMachine> {
  return {
    actors: { loadOrders: fromCall((_, signal) => getOrderList({ signal })) },
    actions: { showToast: (_, { message }) => showToast(textFor(ordersText).said(message)) },
  };
}
