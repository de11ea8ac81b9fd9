/**
 * Loan History: each order's number, state (by the spec's name) and amounts, linked by its state
 * (machines/orders/orders.rules.ts), the empty text, and Refresh. Renders the orders machine's state.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { OrderListItem } from '../../../contract/orders';
import type { ordersMachine } from '../../../machines/orders/orders.machine';
import { orderLink, ORDERS_MESSAGES, orderStateName } from '../../../machines/orders/orders.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import './orders.css';

export type OrdersActor = ActorRefFrom<typeof ordersMachine>;

const amount = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatINR(n));

export function OrdersView({ actor }: { actor: OrdersActor }) {
  const orders = useSelector(actor, (s) => s.context.orders);
  const failed = useSelector(actor, (s) => (s.matches('failed') ? (s.context.error ?? ORDERS_MESSAGES.loadFailed) : null));
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  return (
    <Screen title="Loan History" backTo={paths.personal.href()} className="orders">
      {failed !== null ? (
        <LoadError message={failed} onRetry={() => actor.send({ type: 'orders.retried' })} homeLink />
      ) : orders === null ? (
        <Loading label="Loading your orders…" />
      ) : (
        <>
          <div className="orders-bar">
            <Button variant="secondary" busy={refreshing} onClick={() => actor.send({ type: 'orders.refreshed' })}>
              {ORDERS_MESSAGES.refresh}
            </Button>
          </div>
          {orders.length === 0 ? (
            <p className="empty">{ORDERS_MESSAGES.empty}</p>
          ) : (
            <ul className="orders-list" aria-busy={refreshing || undefined}>
              {orders.map((o) => (
                <li key={o.orderId}>
                  <OrderCard order={o} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Screen>
  );
}

function OrderCard({ order }: { order: OrderListItem }) {
  const to = orderLink(order);
  const body = (
    <>
      <span className="order-head">
        <span className="order-no">
          <span className="visually-hidden">Order </span>
          {order.orderNo}
        </span>
        <span className={`order-state order-state-${order.orderState}`}>{orderStateName(order.orderState)}</span>
      </span>
      <dl className="order-amounts">
        <div>
          <dt>Loan amount</dt>
          <dd>{amount(order.loanAmount)}</dd>
        </div>
        <div>
          <dt>Amount received</dt>
          <dd>{amount(order.arriveAmount)}</dd>
        </div>
        <div>
          <dt>Repayment amount</dt>
          <dd>{amount(order.repaymentAmount)}</dd>
        </div>
      </dl>
    </>
  );
  return to ? (
    <Link href={to} className="order-card order-card-link">
      {body}
    </Link>
  ) : (
    <div className="order-card">{body}</div>
  );
}
