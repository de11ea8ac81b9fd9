/**
 * Route component for /schedule (Schedule List): the list machine with its effects
 * (schedule-list.effects.ts) and the view. `ScheduleListFlow` takes the provided machine, so tests
 * provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { scheduleListMachine } from '../../../machines/schedule/schedule-list.machine';
import { inspect } from '../../lib/inspect';
import { scheduleListEffects } from './schedule-list.effects';
import { ScheduleListView } from './ScheduleListView';
import { useProvided } from '../shared/effects';

export function ScheduleListFlow({ machine }: { machine: typeof scheduleListMachine }) {
  const actor = useActorRef(machine, { inspect });
  return <ScheduleListView actor={actor} />;
}

export default function ScheduleListRoute() {
  const machine = useProvided(scheduleListMachine, () => scheduleListEffects());
  return <ScheduleListFlow machine={machine} />;
}
