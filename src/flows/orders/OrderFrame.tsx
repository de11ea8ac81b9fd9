/** What every order page shows before (or instead of) the order: loading, a failed load, leaving for the page the order belongs on. */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Said } from '../../../i18n/core';
import { orderText, type OrderKey } from '../../../i18n/en/order';
import type { orderMachine } from '../../../machines/order/order.machine';
import { returning } from '../../../machines/order/order.rules';
import { paths } from '../../../machines/shared/paths';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import './order.css';

export type OrderActor = ActorRefFrom<typeof orderMachine>;

/** The page's Screen; `children` only once the order is shown on it. */
export function OrderFrame({ actor, title, className, children }: { actor: OrderActor; title: string; className: string; children: ReactNode }) {
  const t = useText(orderText);
  const phase = useSelector(actor, (s) => (s.hasTag('failed') ? 'failed' : s.hasTag('leaving') ? 'leaving' : s.hasTag('loading') || s.matches('routing') ? 'loading' : 'shown'));
  const checking = useSelector(actor, (s) => s.hasTag('checkingPayment') || (s.hasTag('loading') && returning(s.context)));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Screen title={title} backTo={paths.orders.href()} className={`order-page ${className}`}>
      {phase === 'loading' && <Loading label={t(checking ? 'checkingPayment' : 'loading')} />}
      {phase === 'leaving' && <Loading label={t('opening')} />}
      {phase === 'failed' && <LoadError message={error ? t.said(error) : t('loadFailed')} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'shown' && children}
    </Screen>
  );
}

/** A failed action's message, at its button. */
export function Notice({ id, said }: { id: string; said: Said<OrderKey> | null }) {
  const t = useText(orderText);
  return said ? (
    <p className="order-notice" role="alert" id={id}>
      {t.said(said)}
    </p>
  ) : null;
}
