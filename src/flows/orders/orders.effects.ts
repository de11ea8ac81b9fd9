/** The effects of Loan History: the order list call, home's products (for a blocked product) and the toast of a failed refresh. */
import type { ordersMachine } from '../../../machines/orders/orders.machine';
import { getHome } from '../../api/home';
import { getOrderList } from '../../api/orders';
import { fromCall } from '../../lib/abortable';
import { ordersText } from '../../../i18n/en/orders';
import { showToast } from '../../ui/toast';
import { textFor } from '../../ui/text';
import type { Effects } from '../shared/effects';

export function ordersEffects(): Effects<typeof ordersMachine> {
  return {
    actors: {
      loadOrders: fromCall((_, signal) => getOrderList({ signal })),
      loadProducts: fromCall(async (_, signal) => (await getHome({ signal })).homeProductVos),
    },
    actions: { showToast: (_, { message }) => showToast(textFor(ordersText).said(message)) },
  };
}
