/**
 * Route component for /orders (Loan History): the orders machine with its effects (orders.effects.ts)
 * and the view; coming back to the page refreshes the list (page-lifecycle.ts useReturnRefresh).
 * `OrdersFlow` takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { ordersMachine } from '../../../machines/orders/orders.machine';
import { blockedProductOf, submittedProductOf } from '../../../machines/orders/orders.rules';
import { inspect } from '../../lib/inspect';
import { ordersEffects } from './orders.effects';
import { OrdersView } from './OrdersView';
import { useReturnRefresh } from '../shared/page-lifecycle';
import { useProvided } from '../shared/effects';

export interface OrdersFlowProps {
  machine: typeof ordersMachine;
  /** ?blocked={pid}, or null. */
  blocked?: string | null;
  /** ?submitted={pid}, or null. */
  submitted?: string | null;
}

export function OrdersFlow({ machine, blocked = null, submitted = null }: OrdersFlowProps) {
  const actor = useActorRef(machine, { input: { blocked, submitted }, inspect });
  // Ignored unless the list is on screen and no refresh is running (the machine decides).
  useReturnRefresh(() => actor.send({ type: 'orders.refreshed' }));
  return <OrdersView actor={actor} />;
}

export default function OrdersRoute() {
  const search = useSearch();
  const blocked = blockedProductOf(search);
  const submitted = submittedProductOf(search);
  // Another reason (or none) is another page: the machine starts again with it.
  return <OrdersPage key={`${blocked ?? ''}|${submitted ?? ''}`} blocked={blocked} submitted={submitted} />;
}

function OrdersPage({ blocked, submitted }: { blocked: string | null; submitted: string | null }) {
  const machine = useProvided(ordersMachine, () => ordersEffects());
  return <OrdersFlow machine={machine} blocked={blocked} submitted={submitted} />;
}
