/**
 * Route component for /orders (Loan History): the orders machine with its effects (orders.effects.ts)
 * and the view. `OrdersFlow` takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { ordersMachine } from '../../../machines/orders/orders.machine';
import { inspect } from '../../lib/inspect';
import { ordersEffects } from './orders.effects';
import { OrdersView } from './OrdersView';

export function OrdersFlow({ machine }: { machine: typeof ordersMachine }) {
  const actor = useActorRef(machine, { inspect });
  return <OrdersView actor={actor} />;
}

export default function OrdersRoute() {
  const [machine] = useState(() => ordersMachine.provide(ordersEffects()));
  return <OrdersFlow machine={machine} />;
}
