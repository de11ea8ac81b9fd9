/**
 * The Key Fact Statement of an order (/orders/{id}/kfs), linked from the confirm page before Get
 * Money: the order's own figures (GET /order/v1/detail) and the client config (the session's copy),
 * drawn by the same table as the loan confirmation's (KeyFactStatement). A document is a page, so it
 * prints and saves as PDF from any browser. Where the lender keeps its KFS record, its number,
 * validity and acknowledgement head the table.
 */
import type { ClientConfig } from '../../../contract/content';
import type { LenderKfs } from '../../../contract/kfs';
import type { Order } from '../../../contract/orders';
import { kfsText } from '../../../i18n/en/kfs';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { orderKeyFacts } from '../../../machines/shared/kfs';
import { paths } from '../../../machines/shared/paths';
import { orderKfs } from '../../api/kfs';
import { getOrder } from '../../api/orders';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import { KeyFactStatement } from '../application/KeyFactStatement';
import { clientConfig } from '../shared/client-config';
import type { RouteScreenProps } from '../shared/route';
import { ResourceView, useResource } from '../shared/useResource';
import './order.css';

export interface OrderKfsData {
  order: Order;
  config: ClientConfig;
  /** The lender's numbered KFS the order stands on (beyond the spec), or null: none, or not offered. */
  issued?: LenderKfs | null;
}

/** The order and the config side by side: either failing fails the page (a config not read is not a fact "not provided"). */
export const orderKfsMachine = resourceMachineFor<OrderKfsData>();

export const loadOrderKfs = (orderId: string, signal: AbortSignal): Promise<OrderKfsData> =>
  Promise.all([
    getOrder(orderId, { signal }),
    clientConfig.fetch(),
    // Its number, validity and acknowledgement where the lender keeps them; the page stands without them.
    orderKfs(orderId, { signal }).then((a) => (a.offered ? a.value.kfs : null)).catch(() => null),
  ]).then(([order, config, issued]) => ({ order, config, issued }));

export function OrderKfsView({ data }: { data: OrderKfsData }) {
  const t = useText(kfsText);
  return (
    <section className="card order-kfs" aria-label={t('title')}>
      <p className="order-lead">{t('orderLead', { orderNo: data.order.orderNo })}</p>
      <KeyFactStatement facts={orderKeyFacts(data.order, data.config)} issued={data.issued ?? null} />
      <Button variant="secondary" block className="order-kfs-print" onClick={() => window.print()}>
        {t('print')}
      </Button>
    </section>
  );
}

export default function OrderKfsRoute({ params }: RouteScreenProps) {
  const orderId = params.orderId ?? '';
  const t = useText(kfsText);
  const kfs = useResource(orderKfsMachine, (signal) => loadOrderKfs(orderId, signal));
  return (
    <Screen title={t('title')} backTo={paths.orderConfirm.href(orderId)} className="order-page order-kfs-page">
      <ResourceView resource={kfs} loadingLabel={t('loading')}>
        {(data) => <OrderKfsView data={data} />}
      </ResourceView>
    </Screen>
  );
}
