/**
 * Home's orders, a chunk of its own loaded beside home (HomeView starts it with the page, so it is
 * there when home's answer is): first each order the lender says is overdue (8), above any offer,
 * with its days overdue, what is due and the penal charge per day; then the other orders in
 * progress, each amount named by where the money is (never 'received' before it is).
 *
 * An overdue block reads the order's detail (GET /order/v1/detail) and the client config as soon as
 * home has answered, beside home's other calls (the schedules, who lends). Home's item names the
 * order but not what is due; the block keeps its place while they load, so nothing below it moves.
 */
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ClientConfig } from '../../../contract/content';
import type { InProgressItem } from '../../../contract/home';
import type { Order } from '../../../contract/orders';
import { commonText } from '../../../i18n/en/common';
import { homeText } from '../../../i18n/en/home';
import { homeOrdersText } from '../../../i18n/en/homeOrders';
import type { homeMachine } from '../../../machines/home/home.machine';
import { inProgressAmountLabel, isOverdueItem, overdueFacts } from '../../../machines/home/home-orders.rules';
import { percent } from '../../../machines/shared/kfs';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { getOrder } from '../../api/orders';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { SectionTitle } from '../../ui/SectionTitle';
import { useText } from '../../ui/text';
import { clientConfig } from '../shared/client-config';
import { useResource } from '../shared/resource';
import './home-orders.css';

type HomeActor = ActorRefFrom<typeof homeMachine>;

export interface OverdueData {
  order: Order;
  config: ClientConfig;
}

/** One overdue order's detail and the config, side by side (the generic resource machine: loading → ready | failed → retry). */
export const overdueMachine = resourceMachineFor<OverdueData>();

export const loadOverdue = (orderId: string, signal: AbortSignal): Promise<OverdueData> =>
  Promise.all([getOrder(orderId, { signal }), clientConfig.fetch()]).then(([order, config]) => ({ order, config }));

function Logo({ src }: { src: string }) {
  return src ? <img className="logo" src={src} alt="" width={40} height={40} loading="lazy" /> : <span className="logo" aria-hidden="true" />;
}

export default function HomeOrders({ items, actor }: { items: readonly InProgressItem[]; actor: HomeActor }) {
  const overdue = items.filter(isOverdueItem);
  const others = items.filter((item) => !isOverdueItem(item));
  return (
    <>
      {overdue.map((item) => (
        <OverdueLoan key={item.orderId} item={item} actor={actor} />
      ))}
      {others.length > 0 && <InProgress items={others} actor={actor} />}
    </>
  );
}

function OverdueLoan({ item, actor }: { item: InProgressItem; actor: HomeActor }) {
  const t = useText(homeOrdersText);
  const common = useText(commonText);
  const resource = useResource(overdueMachine, (signal) => loadOverdue(item.orderId, signal));
  const titleId = useId();
  const facts = resource.data ? overdueFacts(resource.data.order, resource.data.config) : null;
  const pending = facts === null && resource.error === null;
  const money = (n: number | null) => (n === null ? <span className="home-overdue-missing">{t('notProvided')}</span> : formatINR(n));
  return (
    <section className="card home-overdue" aria-labelledby={titleId} aria-busy={pending || undefined}>
      <h2 id={titleId} className="home-overdue-title">
        {t('overdueTitle')}
      </h2>
      <div className="home-overdue-head">
        <Logo src={item.logo} />
        <strong>{item.name}</strong>
        <span className="home-overdue-days">
          {facts?.days ? t(facts.days === 1 ? 'overdueOne' : 'overdueOther', { days: facts.days }) : t('overdue')}
        </span>
      </div>
      {resource.error !== null ? (
        <div className="home-overdue-failed">
          <p role="alert">{'server' in resource.error ? resource.error.server : t('loadFailed')}</p>
          <Button variant="secondary" onClick={resource.retry}>
            {common('tryAgain')}
          </Button>
        </div>
      ) : (
        <dl className="home-overdue-facts">
          <div>
            <dt>{t('amountDue')}</dt>
            <dd>{facts ? money(facts.due) : <span className="home-overdue-wait" />}</dd>
          </div>
          <div>
            <dt>{t('overdueFee')}</dt>
            <dd>{facts ? money(facts.fee) : <span className="home-overdue-wait" />}</dd>
          </div>
          <div>
            <dt>{t('penal')}</dt>
            <dd className="home-overdue-penal">
              {facts === null ? (
                <span className="home-overdue-wait" />
              ) : facts.penal === null ? (
                <span className="home-overdue-missing">{t('notProvided')}</span>
              ) : (
                t('penalValue', { rate: percent(facts.penal.rate, 3), amount: formatINR(facts.penal.amount) })
              )}
            </dd>
          </div>
        </dl>
      )}
      {pending && (
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
      )}
      <p className="home-overdue-note">{t('penalNote')}</p>
      <Button
        block
        className="btn-overdue"
        onClick={() => actor.send({ type: 'inProgress.opened', orderId: item.orderId, orderState: item.orderState })}
        aria-label={`${item.fullButtonName || t('repay')}: ${item.name}`}
      >
        {item.fullButtonName || t('repay')}
      </Button>
    </section>
  );
}

function InProgress({ items, actor }: { items: readonly InProgressItem[]; actor: HomeActor }) {
  const t = useText(homeText);
  const label = useText(homeOrdersText);
  return (
    <section aria-labelledby="inprogress-title" className="inprogress">
      <SectionTitle id="inprogress-title">{t('inProgress')}</SectionTitle>
      <ul className="list card">
        {items.map((item) => {
          const named = inProgressAmountLabel(item.orderState);
          return (
            <li key={item.orderId} className="inprogress-item">
              <Logo src={item.logo} />
              <div className="inprogress-text">
                <strong>{item.name}</strong>
                {item.amount != null && (
                  <span className="muted inprogress-amount">
                    {named && <span>{label(named)} </span>}
                    <span className="inprogress-figure">{formatINR(item.amount)}</span>
                  </span>
                )}
              </div>
              <Button
                variant="secondary"
                onClick={() => actor.send({ type: 'inProgress.opened', orderId: item.orderId, orderState: item.orderState })}
                aria-label={`${item.fullButtonName || t('view')}: ${item.name}`}
              >
                {item.fullButtonName || t('view')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
