/** Route component for Confirm (/orders/{id}/confirm): the order lifecycle machine on this page (OrderFlow.tsx). */
import type { RouteScreenProps } from '../shared/route';
import { OrderRoutePage } from './OrderFlow';

export default function ConfirmOrderRoute({ params }: RouteScreenProps) {
  return <OrderRoutePage page="confirm" orderId={params.orderId ?? ''} />;
}
