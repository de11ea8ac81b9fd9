/**
 * The order pages (/orders/{id}/audit, /confirm, /detail): one lifecycle machine (machines/order)
 * with the page as input, its effects (order.effects.ts), the page's comings and goings sent to it
 * (hidden / visible, restored from the bfcache), and the page's view. `OrderFlow` takes the provided
 * machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { closureMachine } from '../../../machines/closure/closure.machine';
import { orderMachine, type OrderDraft } from '../../../machines/order/order.machine';
import type { OrderPage as Page } from '../../../machines/order/order.rules';
import type { StartedPayment } from '../../../machines/shared/payment';
import { inspect } from '../../lib/inspect';
import { lenderClock } from '../../lib/lender-clock';
import { AuditView } from './AuditView';
import { ConfirmOrderView } from './ConfirmOrderView';
import { OrderDetailView } from './OrderDetailView';
import { PAYMENT_HOSTS, startedPaymentStore } from '../shared/payment';
import { closureEffects } from './closure.effects';
import { orderDraft, orderEffects } from './order.effects';
import { usePageLifecycle } from '../shared/page-lifecycle';
import { useProvided } from '../shared/effects';

/** xstate's clock (setTimeout/clearTimeout); tests pass a SimulatedClock. */
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface OrderFlowProps {
  machine: typeof orderMachine;
  page: Page;
  orderId: string;
  /** The confirm page's Get Money draft (read once, when the page opens), or null. */
  draft: OrderDraft | null;
  /** Epoch ms of today: due date and days left. */
  today: number;
  /** The app's origin (window.location.origin). */
  origin: string;
  paymentHosts: readonly string[];
  /** The detail page: the payment this tab started for the order and has not told yet (read once, when the page opens). */
  started?: StartedPayment | null;
  /** The lender's clock (lenderClock.now); tests pass a fake. */
  now?: () => number;
  /** Timers of the machine (the audit re-checks); defaults to the real ones. */
  clock?: Clock;
  /** The detail page's closure machine, provided (machines/closure); none: no early closure is offered. */
  closure?: typeof closureMachine | null;
  /** Loads the page afresh (a bfcache return after a closure payment); tests pass a fake. */
  reload?: () => void;
}

export function OrderFlow({ machine, page, orderId, draft, today, origin, paymentHosts, started = null, now = Date.now, clock, closure = null, reload = () => window.location.reload() }: OrderFlowProps) {
  const actor = useActorRef(machine, {
    input: { orderId, page, draft, today, origin, paymentHosts, started, now, hidden: document.visibilityState === 'hidden' },
    inspect,
    ...(clock ? { clock } : {}),
  });
  usePageLifecycle({
    hidden: () => actor.send({ type: 'page.hidden' }),
    visible: () => actor.send({ type: 'page.visible' }),
    restored: () => {
      // Back from the gateway into the bfcache, after a payment started beside the order machine (an
      // early closure remembers its own): a fresh load tells its outcome, as a reload of the page does.
      if (page === 'detail' && actor.getSnapshot().context.started === null && startedPaymentStore(orderId).read() !== null) reload();
      else actor.send({ type: 'page.restored' });
    },
  });
  if (page === 'audit') return <AuditView actor={actor} />;
  if (page === 'confirm') return <ConfirmOrderView actor={actor} />;
  return <OrderDetailView actor={actor} closure={closure} />;
}

/** What each route renders: the page of order `orderId` (another order is another page: keyed). */
export function OrderRoutePage({ page, orderId }: { page: Page; orderId: string }) {
  return <OrderScreen key={`${page}|${orderId}`} page={page} orderId={orderId} />;
}

function OrderScreen({ page, orderId }: { page: Page; orderId: string }) {
  const [, navigate] = useLocation();
  // Read once, when the page opens (a reload reads it again).
  const [draft] = useState(() => (page === 'confirm' ? orderDraft(orderId).read() : null));
  const [started] = useState(() => (page === 'detail' ? startedPaymentStore(orderId).read() : null));
  const [today] = useState(() => Date.now());
  const machine = useProvided(orderMachine, () => orderEffects(orderId, navigate));
  const closure = useProvided(closureMachine, () => closureEffects(orderId));
  return (
    <OrderFlow
      machine={machine}
      page={page}
      orderId={orderId}
      draft={draft}
      today={today}
      origin={window.location.origin}
      paymentHosts={PAYMENT_HOSTS}
      started={started}
      now={lenderClock.now}
      closure={page === 'detail' ? closure : null}
    />
  );
}
