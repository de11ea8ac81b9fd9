/** Route component for Order detail (/orders/{id}/detail): the order lifecycle machine on this page (OrderFlow.tsx). */
import type { RouteScreenProps } from '../shared/route';
import { OrderRoutePage } from './OrderFlow';

export default function OrderDetailRoute({ params }: RouteScreenProps) {
  return <OrderRoutePage page="detail" orderId={params.orderId ?? ''} />;
}
