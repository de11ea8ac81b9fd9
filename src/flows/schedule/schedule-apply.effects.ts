/**
 * The effects of scheduling an application: the page's loads (product, cards, precheck, side by
 * side; the same calls as the loan confirmation), the order-auto-apply call with its idempotency
 * key, the draft and navigation.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { ScheduleApplyDraft, ScheduleApplyLoaded, scheduleApplyMachine } from '../../../machines/schedule/schedule-apply.machine';
import { getBankCards } from '../../api/bank';
import { precheck } from '../../api/loans';
import { getProductInfo } from '../../api/products';
import { scheduleApply } from '../../api/schedule';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftOptions, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { acknowledgeKfs, issueKfs } from '../../api/kfs';
import { clientConfig } from '../shared/client-config';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** A stored draft read back; anything else counts as none (never trust storage). */
export function parseScheduleApplyDraft(raw: unknown): ScheduleApplyDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { amount, cardId, idempotencyKey } = raw as Partial<Record<keyof ScheduleApplyDraft, unknown>>;
  return {
    amount: typeof amount === 'number' && Number.isFinite(amount) ? amount : null,
    cardId: typeof cardId === 'string' && cardId !== '' ? cardId : null,
    idempotencyKey: v.is(IdempotencyKey, idempotencyKey) ? idempotencyKey : null,
  };
}

/** The scheduling draft of product `pid`: bw.draft.schedule.apply.<pid>.<phone>. */
export const scheduleApplyDraft = (pid: string, options?: DraftOptions): DraftStore<ScheduleApplyDraft> =>
  draftStore(`schedule.apply.${pid}`, parseScheduleApplyDraft, options);

export function scheduleApplyEffects(pid: string, nav: Navigate, draft: DraftStore<ScheduleApplyDraft> = scheduleApplyDraft(pid)): Effects<typeof scheduleApplyMachine> {
  return {
    actors: {
      loadPage: fromCall(async ({ pid: productId }, signal): Promise<ScheduleApplyLoaded> => {
        const [product, cards, check, config] = await Promise.all([
          getProductInfo(productId, { signal }),
          getBankCards({ signal }),
          // Only says why applying now is blocked: a failed precheck does not stop scheduling.
          precheck(productId, { signal }).catch(() => null),
          // The KFS's lender facts; without them it says so, and scheduling goes on.
          clientConfig.fetch().catch(() => null),
        ]);
        return { product, cards, precheck: check, config };
      }),
      scheduleApply: fromCall(({ payload, idempotencyKey }, signal) => scheduleApply(payload, { signal, idempotencyKey })),
      issueKfs: fromCall(({ productId, amount }, signal) => issueKfs({ kind: 'schedule', productId, amount }, { signal })),
      acknowledgeKfs: fromCall(({ kfsNo }, signal) => acknowledgeKfs(kfsNo, { signal })),
    },
    actions: {
      navigate: navigateWith(nav),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}
