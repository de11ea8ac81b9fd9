/**
 * The event cases of a scheduled application's page (tests/machines/schedule.machine.test.ts, the
 * view tests and `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import { actorDone, actorError, type CaseList } from '../shared/cases';
import { scheduled } from './schedule-list.cases';
import type { ScheduledOrderContext, ScheduledOrderInput, scheduledOrderMachine } from './scheduled-order.machine';

export const OID = '31';
export const FAILURE = new Error('Service busy, please try again');
export const CANCEL_FAILURE = new Error('This scheduled application can no longer be cancelled');

export const cases = [
  actorDone('loadScheduledOrder', scheduled(OID, 0)),
  actorDone('loadScheduledOrder', scheduled(OID, 2)),
  actorDone('loadScheduledOrder', scheduled(OID, 3)),
  actorError('loadScheduledOrder', FAILURE),
  { type: 'page.retried' },
  { type: 'cancel.tapped' },
  { type: 'cancel.declined' },
  { type: 'cancel.confirmed' },
  actorDone('cancelSchedule', undefined),
  actorError('cancelSchedule', CANCEL_FAILURE),
] satisfies CaseList<typeof scheduledOrderMachine>;

/** The key of a cancel a reload left unanswered. */
export const DRAFT_KEY = 'draft-key-cancel-0001';

/** A first visit; a reload while a cancel was in flight (its key in the draft: the same key goes again). */
export const inputs = {
  fresh: { oid: OID, pid: '1', draft: null },
  reloadedWhileCancelling: { oid: OID, pid: '1', draft: { idempotencyKey: DRAFT_KEY } },
} satisfies Record<string, ScheduledOrderInput>;

/** What decides what can happen next: the state, the scheduled order's state, a key, a notice. */
export function serialize(snapshot: { value: unknown; context: ScheduledOrderContext }) {
  const c = snapshot.context;
  return { value: snapshot.value, state: c.order?.state ?? null, keyed: c.idempotencyKey !== null, notice: c.notice !== null, error: c.error !== null };
}
