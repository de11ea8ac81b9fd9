/**
 * Route component for /product/{pid}/schedule: the scheduling machine with its effects
 * (schedule-apply.effects.ts), the draft read when the page opens, and the view.
 * `ScheduleApplyFlow` takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { scheduleApplyMachine, type ScheduleApplyDraft } from '../../../machines/schedule/schedule-apply.machine';
import { inspect } from '../../lib/inspect';
import type { RouteScreenProps } from '../shared/route';
import { scheduleApplyDraft, scheduleApplyEffects } from './schedule-apply.effects';
import { ScheduleApplyView } from './ScheduleApplyView';
import { useProvided } from '../shared/effects';

export interface ScheduleApplyFlowProps {
  machine: typeof scheduleApplyMachine;
  pid: string;
  /** The stored draft (read once, when the page opens), or null. */
  draft: ScheduleApplyDraft | null;
}

export function ScheduleApplyFlow({ machine, pid, draft }: ScheduleApplyFlowProps) {
  const actor = useActorRef(machine, { input: { pid, draft }, inspect });
  return <ScheduleApplyView actor={actor} pid={pid} />;
}

export default function ScheduleApplyRoute({ params }: RouteScreenProps) {
  const pid = params.pid ?? '';
  return <ScheduleApplyPage key={pid} pid={pid} />;
}

function ScheduleApplyPage({ pid }: { pid: string }) {
  const [, navigate] = useLocation();
  const [draft] = useState(() => scheduleApplyDraft(pid).read());
  const machine = useProvided(scheduleApplyMachine, () => scheduleApplyEffects(pid, navigate));
  return <ScheduleApplyFlow machine={machine} pid={pid} draft={draft} />;
}
