/** What every order page shows before (or instead of) the order: loading, a failed load, leaving for the page the order belongs on. */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { orderMachine } from '../../../machines/order/order.machine';
import { ORDER_MESSAGES } from '../../../machines/order/order.rules';
import { paths } from '../../../machines/shared/paths';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import './order.css';

export type OrderActor = ActorRefFrom<typeof orderMachine>;

/** The page's Screen; `children` only once the order is shown on it. */
export function OrderFrame({ actor, title, className, children }: { actor: OrderActor; title: string; className: string; children: ReactNode }) {
  const phase = useSelector(actor, (s) => (s.hasTag('failed') ? 'failed' : s.hasTag('leaving') ? 'leaving' : s.hasTag('loading') || s.matches('routing') ? 'loading' : 'shown'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Screen title={title} backTo={paths.orders.href()} className={`order-page ${className}`}>
      {phase === 'loading' && <Loading label="Loading your order…" />}
      {phase === 'leaving' && <Loading label="Opening your order…" />}
      {phase === 'failed' && <LoadError message={error ?? ORDER_MESSAGES.loadFailed} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'shown' && children}
    </Screen>
  );
}

/** A failed action's message, at its button. */
export function Notice({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p className="order-notice" role="alert" id={id}>
      {text}
    </p>
  ) : null;
}
