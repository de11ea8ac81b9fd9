/**
 * Route component for /auth/index?pid=: the router machine with its effects (verification.effects.ts),
 * and the view. `VerificationFlow` takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useLocation } from 'wouter';
import { verificationMachine } from '../../../machines/verification/verification.machine';
import { inspect } from '../../lib/inspect';
import { useStepQuery } from './step';
import { verificationEffects } from './verification.effects';
import { VerificationView } from './VerificationView';
import { useProvided } from '../shared/effects';

export function VerificationFlow({ pid, machine }: { pid: string; machine: typeof verificationMachine }) {
  const actor = useActorRef(machine, { input: { pid }, inspect });
  return <VerificationView actor={actor} />;
}

export default function VerificationRoute() {
  const { pid } = useStepQuery();
  const [, navigate] = useLocation();
  // A new pid is a new routing: key the flow by it.
  const machine = useProvided(verificationMachine, () => verificationEffects(navigate));
  return <VerificationFlow key={pid} pid={pid} machine={machine} />;
}
