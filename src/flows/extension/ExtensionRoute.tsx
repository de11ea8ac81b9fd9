/** Route component for Extension (/orders/{id}/extension): the extension machine on this page (ExtensionFlow.tsx). */
import type { RouteScreenProps } from '../shared/route';
import { ExtensionRoutePage } from './ExtensionFlow';

export default function ExtensionRoute({ params }: RouteScreenProps) {
  return <ExtensionRoutePage orderId={params.orderId ?? ''} />;
}
