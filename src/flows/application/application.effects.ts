/**
 * The effects of the loan application: the precheck, the page's loads (product, cards, config, side
 * by side), the calculation, the apply with its idempotency key, the draft and navigation.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import type { ApplicationDraft, applicationMachine } from '../../../machines/application/application.machine';
import { IdempotencyKey } from '../../../contract/common';
import { getBankCards } from '../../api/bank';
import { clientConfig } from '../shared/client-config';
import { apply, calculate, precheck } from '../../api/loans';
import { getProductInfo } from '../../api/products';
import { readOrdersAhead } from '../../api/next-screen';
import { preloadScreenOf } from '../../lib/screen-preload';
import { paths } from '../../../machines/shared/paths';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftOptions, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { acknowledgeKfs, issueKfs } from '../../api/kfs';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** A stored draft read back; anything else counts as none (never trust storage). */
export function parseApplicationDraft(raw: unknown): ApplicationDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { amount, cardId, autoGetMoney, idempotencyKey } = raw as Partial<Record<keyof ApplicationDraft, unknown>>;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  return {
    amount,
    cardId: typeof cardId === 'string' && cardId !== '' ? cardId : null,
    autoGetMoney: autoGetMoney === 0 ? 0 : 1,
    idempotencyKey: v.is(IdempotencyKey, idempotencyKey) ? idempotencyKey : null,
  };
}

/** The application's draft for product `pid`: bw.draft.loan.apply.<pid>.<phone>. */
export const applicationDraft = (pid: string, options?: DraftOptions): DraftStore<ApplicationDraft> =>
  draftStore(`loan.apply.${pid}`, parseApplicationDraft, options);

export function applicationEffects(pid: string, nav: Navigate, draft: DraftStore<ApplicationDraft> = applicationDraft(pid)): Effects<typeof applicationMachine> {
  return {
    actors: {
      precheck: fromCall(({ pid: productId }, signal) => precheck(productId, { signal })),
      loadPage: fromCall(async ({ pid: productId }, signal) => {
        const [product, cards, config] = await Promise.all([getProductInfo(productId, { signal }), getBankCards({ signal }), clientConfig.fetch()]);
        return { product, cards, config };
      }),
      calculate: fromCall((query, signal) => calculate(query, { signal })),
      apply: fromCall(async ({ payload, idempotencyKey }, signal) => {
        await apply(payload, { signal, idempotencyKey });
        // Loan History's screen and reads come while the page waits to leave.
        preloadScreenOf(paths.orders.pattern);
        readOrdersAhead();
      }),
      issueKfs: fromCall(({ productId, amount }, signal) => issueKfs({ kind: 'application', productId, amount }, { signal })),
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
