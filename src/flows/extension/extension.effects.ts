/**
 * The effects of the extension page: the order and extension-info reads, apply and giveup with their
 * idempotency keys, the Apply and payment draft, navigation, leaving for the payment page and the
 * payment started (remembered in the tab for the order's detail page).
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { ExtensionDraft, extensionMachine } from '../../../machines/extension/extension.machine';
import { applyExtension, extensionCalc, giveupExtension } from '../../api/extension';
import { getOrder } from '../../api/orders';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftOptions, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { acknowledgeKfs, issueKfs } from '../../api/kfs';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';
import type { StartedPayment } from '../../../machines/shared/payment';
import { assignLocation, startedPaymentStore, type OpenPayment } from '../shared/payment';

/** A stored Apply and payment draft read back; anything else counts as none. */
export function parseExtensionDraft(raw: unknown): ExtensionDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { idempotencyKey } = raw as { idempotencyKey?: unknown };
  return v.is(IdempotencyKey, idempotencyKey) ? { idempotencyKey } : null;
}

/** The Apply and payment draft of order `orderId`: bw.draft.extension.apply.<orderId>.<phone>. */
export const extensionDraft = (orderId: string, options?: DraftOptions): DraftStore<ExtensionDraft> =>
  draftStore(`extension.apply.${orderId}`, parseExtensionDraft, options);

export function extensionEffects(
  orderId: string,
  nav: Navigate,
  {
    draft = extensionDraft(orderId),
    openPayment = assignLocation,
    started = startedPaymentStore(orderId),
  }: { draft?: DraftStore<ExtensionDraft>; openPayment?: OpenPayment; started?: DraftStore<StartedPayment> } = {},
): Effects<typeof extensionMachine> {
  return {
    actors: {
      loadOrder: fromCall(({ orderId: id }, signal) => getOrder(id, { signal })),
      loadInfo: fromCall(({ orderId: id }, signal) => extensionCalc(id, { signal })),
      applyExtension: fromCall(({ payload, idempotencyKey }, signal) => applyExtension(payload, { signal, idempotencyKey })),
      giveupExtension: fromCall(({ payload, idempotencyKey }, signal) => giveupExtension(payload, { signal, idempotencyKey })),
      issueAmendment: fromCall(({ orderId: id }, signal) => issueKfs({ kind: 'extension', orderId: id }, { signal })),
      acknowledgeAmendment: fromCall(({ kfsNo }, signal) => acknowledgeKfs(kfsNo, { signal })),
    },
    actions: {
      navigate: navigateWith(nav),
      openPayment: (_, { url }) => openPayment(url),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      rememberPayment: (_, { started: payment }) => started.write(payment),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
      newGiveupKey: assign({ giveupKey: newKey }),
    },
  };
}
