/**
 * Route component for /orders (Loan History): the orders machine with its effects (orders.effects.ts)
 * and the view. `OrdersFlow` takes the provided machine, so tests provide fakes the same way.
 * Coming back to the page (visible again, restored from the bfcache, focused) refreshes the list,
 * so a new order state shows without a manual reload (page-lifecycle.ts useReturnRefresh).
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { ordersMachine } from '../../../machines/orders/orders.machine';
import { inspect } from '../../lib/inspect';
import { ordersEffects } from './orders.effects';
import { OrdersView } from './OrdersView';
import { useReturnRefresh } from '../shared/page-lifecycle';

export function OrdersFlow({ machine }: { machine: typeof ordersMachine }) {
  const actor = useActorRef(machine, { inspect });
  // Ignored unless the list is on screen and no refresh is running (the machine decides).
  useReturnRefresh(() => actor.send({ type: 'orders.refreshed' }));
  return <OrdersView actor={actor} />;
}

export default function OrdersRoute() {
  const [machine] = useState(() => ordersMachine.provide(ordersEffects()));
  return <OrdersFlow machine={machine} />;
}
