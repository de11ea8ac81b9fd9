/** The effects of a scheduled application's page: the detail and cancel calls, the Cancel's key and draft, navigation. */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { ScheduledOrderDraft, scheduledOrderMachine } from '../../../machines/schedule/scheduled-order.machine';
import { cancelSchedule, scheduledOrder } from '../../api/schedule';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftOptions, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** A stored Cancel draft read back; anything else counts as none. */
export function parseScheduledOrderDraft(raw: unknown): ScheduledOrderDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { idempotencyKey } = raw as { idempotencyKey?: unknown };
  return v.is(IdempotencyKey, idempotencyKey) ? { idempotencyKey } : null;
}

/** The Cancel draft of scheduled order `oid`: bw.draft.schedule.cancel.<oid>.<phone>. */
export const scheduledOrderDraft = (oid: string, options?: DraftOptions): DraftStore<ScheduledOrderDraft> =>
  draftStore(`schedule.cancel.${oid}`, parseScheduledOrderDraft, options);

export function scheduledOrderEffects(oid: string, nav: Navigate, draft: DraftStore<ScheduledOrderDraft> = scheduledOrderDraft(oid)): Effects<typeof scheduledOrderMachine> {
  return {
    actors: {
      loadScheduledOrder: fromCall(({ orderId }, signal) => scheduledOrder(orderId, { signal })),
      cancelSchedule: fromCall(({ payload, idempotencyKey }, signal) => cancelSchedule(payload, { signal, idempotencyKey })),
    },
    actions: {
      navigate: navigateWith(nav),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}
