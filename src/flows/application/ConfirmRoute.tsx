/**
 * Route component for /product/{pid}/detail?bank_id=: the application machine with its effects
 * (application.effects.ts), the draft read when the page opens, and the view. `ApplicationFlow`
 * takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { applicationMachine, type ApplicationDraft } from '../../../machines/application/application.machine';
import { inspect } from '../../lib/inspect';
import type { RouteScreenProps } from '../shared/route';
import { applicationDraft, applicationEffects } from './application.effects';
import { ConfirmView } from './ConfirmView';
import { useProvided } from '../shared/effects';

/** xstate's clock (setTimeout/clearTimeout); tests pass a SimulatedClock. */
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface ApplicationFlowProps {
  machine: typeof applicationMachine;
  pid: string;
  /** ?bank_id=, or null. */
  bankId: string | null;
  /** The stored draft (read once, when the page opens), or null. */
  draft: ApplicationDraft | null;
  /** Epoch ms of today: the KFS's due date. */
  today: number;
  /** Timers of the machine (the calculation's pause, the wait before /orders); defaults to the real ones. */
  clock?: Clock;
}

export function ApplicationFlow({ machine, pid, bankId, draft, today, clock }: ApplicationFlowProps) {
  const actor = useActorRef(machine, { input: { pid, bankId, draft, today }, inspect, ...(clock ? { clock } : {}) });
  return <ConfirmView actor={actor} pid={pid} />;
}

export default function ConfirmRoute({ params }: RouteScreenProps) {
  const pid = params.pid ?? '';
  const bankId = new URLSearchParams(useSearch()).get('bank_id') || null;
  // Another product or another card picked is another application page (the draft is read again).
  return <ConfirmPage key={`${pid}|${bankId ?? ''}`} pid={pid} bankId={bankId} />;
}

function ConfirmPage({ pid, bankId }: { pid: string; bankId: string | null }) {
  const [, navigate] = useLocation();
  // Read once, when the page opens (a reload, or the return from /bank, reads it again).
  const [draft] = useState(() => applicationDraft(pid).read());
  const [today] = useState(() => Date.now());
  const machine = useProvided(applicationMachine, () => applicationEffects(pid, navigate));
  return <ApplicationFlow machine={machine} pid={pid} bankId={bankId} draft={draft} today={today} />;
}
