/**
 * Loan History: each order's number, state (by the spec's name) and amounts, linked by its state
 * (machines/orders/orders.rules.ts), the empty text, Refresh, and the notice of why the borrower was
 * sent here. Renders the orders machine's state.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { OrderListItem } from '../../../contract/orders';
import type { ordersMachine } from '../../../machines/orders/orders.machine';
import { arriveLabel, inReviewOrder, orderLink, orderStateName } from '../../../machines/orders/orders.rules';
import { ordersText } from '../../../i18n/en/orders';
import { orderStatesText } from '../../../i18n/en/orderStates';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import './orders.css';

export type OrdersActor = ActorRefFrom<typeof ordersMachine>;

const amount = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatINR(n));

export function OrdersView({ actor }: { actor: OrdersActor }) {
  const t = useText(ordersText);
  const orders = useSelector(actor, (s) => s.context.orders);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  // Until the reason is settled too, so a notice never pushes a list already on screen down.
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  return (
    <Screen title={t('title')} backTo={paths.personal.href()} className="orders">
      {failed ? (
        <LoadError message={error ? t.said(error) : t('loadFailed')} onRetry={() => actor.send({ type: 'orders.retried' })} homeLink />
      ) : loading || orders === null ? (
        <Loading label={t('loading')} />
      ) : (
        <>
          <SubmittedNoticeCard actor={actor} />
          <BlockedNoticeCard actor={actor} />
          <div className="orders-bar">
            <Button variant="secondary" busy={refreshing} onClick={() => actor.send({ type: 'orders.refreshed' })}>
              {t('refresh')}
            </Button>
          </div>
          {orders.length === 0 ? (
            <p className="empty">{t('empty')}</p>
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

/**
 * Why the borrower is here instead of applying, polite and out of the way: a status region (read
 * when it appears, after the page heading) that blocks nothing below it.
 */
function BlockedNoticeCard({ actor }: { actor: OrdersActor }) {
  const t = useText(ordersText);
  const notice = useSelector(actor, (s) => s.context.notice);
  const titleId = useId();
  if (!notice) return null;
  return (
    <section className="card orders-blocked" role="status" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('blockedTitle')}</h2>
      <p>{notice.name ? t('blockedNamed', { name: notice.name }) : t('blocked')}</p>
      {notice.schedulable && (
        <>
          <p>{t('scheduleOffer')}</p>
          <Link href={paths.productSchedule.href(notice.pid)} className="btn btn-secondary">
            {t('scheduleNext')}
          </Link>
        </>
      )}
    </section>
  );
}

/**
 * The application just sent (?submitted={pid}): what happens next, and the way to its audit page
 * while the lender's list shows it in review. Polite, first on the page, blocking nothing.
 */
function SubmittedNoticeCard({ actor }: { actor: OrdersActor }) {
  const t = useText(ordersText);
  const notice = useSelector(actor, (s) => s.context.submitted);
  const inReview = useSelector(actor, (s) => (s.context.submitted && s.context.orders ? inReviewOrder(s.context.orders, s.context.submitted.pid) : null));
  const titleId = useId();
  if (!notice) return null;
  return (
    <section className="card orders-blocked orders-submitted" role="status" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('submittedTitle')}</h2>
      <p>{notice.name ? t('submittedNamed', { name: notice.name }) : t('submitted')}</p>
      <p>{t('submittedNext')}</p>
      {inReview !== null && (
        <Link href={paths.orderAudit.href(inReview)} className="btn btn-secondary">
          {t('followReview')}
        </Link>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: OrderListItem }) {
  const t = useText(ordersText);
  const state = useText(orderStatesText);
  const [before, after] = t.around('orderNo', 'orderNo');
  const to = orderLink(order);
  const body = (
    <>
      <span className="order-head">
        <span className="order-no">
          {before && <span className="visually-hidden">{before}</span>}
          {order.orderNo}
          {after && <span className="visually-hidden">{after}</span>}
        </span>
        <span className={`order-state order-state-${order.orderState}`}>{state.said(orderStateName(order.orderState))}</span>
      </span>
      <dl className="order-amounts">
        <div>
          <dt>{t('loanAmount')}</dt>
          <dd>{amount(order.loanAmount)}</dd>
        </div>
        <div>
          <dt>{t(arriveLabel(order.orderState))}</dt>
          <dd>{amount(order.arriveAmount)}</dd>
        </div>
        <div>
          <dt>{t('repaymentAmount')}</dt>
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
