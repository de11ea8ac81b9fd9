/**
 * Route component for /bank/ifsc?pid=: the finder machine with its effects (ifsc.effects.ts) and the
 * view. `IfscFlow` takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useLocation } from 'wouter';
import { ifscMachine } from '../../../machines/bank/ifsc.machine';
import { inspect } from '../../lib/inspect';
import { ifscEffects } from './ifsc.effects';
import { IfscView } from './IfscView';
import { useBankQuery } from './query';
import { useProvided } from '../shared/effects';

export function IfscFlow({ machine, pid }: { machine: typeof ifscMachine; pid: string }) {
  const actor = useActorRef(machine, { input: { pid }, inspect });
  return <IfscView actor={actor} pid={pid} />;
}

export default function IfscRoute() {
  const { pid } = useBankQuery();
  const [, navigate] = useLocation();
  const machine = useProvided(ifscMachine, () => ifscEffects(navigate));
  return <IfscFlow key={pid} machine={machine} pid={pid} />;
}
