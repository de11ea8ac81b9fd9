/**
 * Route component for /joint, the native-app login bridge: the machine with its effects
 * (joint.effects.ts) and the view. `JointFlow` takes the provided machine, so tests provide fakes.
 */
import { useActorRef } from '@xstate/react';
import { useLocation } from 'wouter';
import { jointMachine } from '../../../machines/joint/joint.machine';
import { inspect } from '../../lib/inspect';
import { jointEffects } from './joint.effects';
import { JointView } from './JointView';
import { useProvided } from '../shared/effects';

export function JointFlow({ machine }: { machine: typeof jointMachine }) {
  const actor = useActorRef(machine, { inspect });
  return <JointView actor={actor} />;
}

export default function JointRoute() {
  const [, navigate] = useLocation();
  const machine = useProvided(jointMachine, () => jointEffects(navigate));
  return <JointFlow machine={machine} />;
}
