/** Route component for the rating prompt (/rate): the rate machine with the native bridge (rating.effects.ts). */
import { useActorRef } from '@xstate/react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { rateMachine } from '../../../machines/rating/rate.machine';
import { inspect } from '../../lib/inspect';
import { rateEffects } from './rating.effects';
import { RateView } from './RateView';
import { useProvided } from '../shared/effects';

/** xstate's clock (setTimeout/clearTimeout); tests may pass a SimulatedClock. */
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/** The page with a provided machine (tests provide fakes). */
export function RateFlow({ machine, clock }: { machine: typeof rateMachine; clock?: Clock }) {
  const actor = useActorRef(machine, { inspect, ...(clock ? { clock } : {}) });
  return <RateView actor={actor} />;
}

export default function RateRoute() {
  const machine = useProvided(rateMachine, () => rateEffects());
  return <RateFlow machine={machine} />;
}
