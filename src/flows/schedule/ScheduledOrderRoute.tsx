/**
 * Route component for /schedule/{oid}?pid=: the scheduled-order machine with its effects
 * (scheduled-order.effects.ts), the Cancel draft read when the page opens, and the view.
 * `ScheduledOrderFlow` takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { scheduledOrderMachine, type ScheduledOrderDraft } from '../../../machines/schedule/scheduled-order.machine';
import { inspect } from '../../lib/inspect';
import type { RouteScreenProps } from '../shared/route';
import { scheduledOrderDraft, scheduledOrderEffects } from './scheduled-order.effects';
import { ScheduledOrderView } from './ScheduledOrderView';
import { useProvided } from '../shared/effects';

export interface ScheduledOrderFlowProps {
  machine: typeof scheduledOrderMachine;
  oid: string;
  pid: string | null;
  /** The Cancel draft (read once, when the page opens), or null. */
  draft: ScheduledOrderDraft | null;
}

export function ScheduledOrderFlow({ machine, oid, pid, draft }: ScheduledOrderFlowProps) {
  const actor = useActorRef(machine, { input: { oid, pid, draft }, inspect });
  return <ScheduledOrderView actor={actor} />;
}

export default function ScheduledOrderRoute({ params }: RouteScreenProps) {
  const oid = params.oid ?? '';
  const pid = new URLSearchParams(useSearch()).get('pid') || null;
  // Another scheduled order is another page (its draft is read again).
  return <ScheduledOrderPage key={oid} oid={oid} pid={pid} />;
}

function ScheduledOrderPage({ oid, pid }: { oid: string; pid: string | null }) {
  const [, navigate] = useLocation();
  const [draft] = useState(() => scheduledOrderDraft(oid).read());
  const machine = useProvided(scheduledOrderMachine, () => scheduledOrderEffects(oid, navigate));
  return <ScheduledOrderFlow machine={machine} oid={oid} pid={pid} draft={draft} />;
}
