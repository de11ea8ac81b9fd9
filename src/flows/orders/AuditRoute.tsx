/** Route component for In Auditing (/orders/{id}/audit): the order lifecycle machine on this page (OrderFlow.tsx). */
import type { RouteScreenProps } from '../shared/route';
import { OrderRoutePage } from './OrderFlow';

export default function AuditRoute({ params }: RouteScreenProps) {
  return <OrderRoutePage page="audit" orderId={params.orderId ?? ''} />;
}
