/**
 * The effects of the order pages (audit, confirm, detail): the order detail, Get Money and repayment
 * calls with their idempotency keys, the Get Money draft, navigation and leaving for the payment page.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { OrderDraft, orderMachine } from '../../../machines/order/order.machine';
import { parsePaymentHosts } from '../../../machines/order/order.rules';
import { confirmLoan, getOrder, repay } from '../../api/orders';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftOptions, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** The payment hosts allowed at build time (VITE_PAYMENT_HOSTS, comma-separated host[:port]). */
export const PAYMENT_HOSTS: readonly string[] = parsePaymentHosts(import.meta.env.VITE_PAYMENT_HOSTS);

/** A stored Get Money draft read back; anything else counts as none. */
export function parseOrderDraft(raw: unknown): OrderDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { idempotencyKey } = raw as { idempotencyKey?: unknown };
  return v.is(IdempotencyKey, idempotencyKey) ? { idempotencyKey } : null;
}

/** The Get Money draft of order `orderId`: bw.draft.order.loan.<orderId>.<phone>. */
export const orderDraft = (orderId: string, options?: DraftOptions): DraftStore<OrderDraft> => draftStore(`order.loan.${orderId}`, parseOrderDraft, options);

/** The browser leaves for the payment page (a test passes a spy). */
export type OpenPayment = (url: string) => void;
const assignLocation: OpenPayment = (url) => window.location.assign(url);

export function orderEffects(
  orderId: string,
  nav: Navigate,
  { draft = orderDraft(orderId), openPayment = assignLocation }: { draft?: DraftStore<OrderDraft>; openPayment?: OpenPayment } = {},
): Effects<typeof orderMachine> {
  return {
    actors: {
      loadOrder: fromCall(({ orderId: id }, signal) => getOrder(id, { signal })),
      confirmLoan: fromCall(({ orderId: id, idempotencyKey }, signal) => confirmLoan(id, { signal, idempotencyKey })),
      repay: fromCall(({ orderId: id, idempotencyKey }, signal) => repay(id, { signal, idempotencyKey })),
    },
    actions: {
      navigate: navigateWith(nav),
      openPayment: (_, { url }) => openPayment(url),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}
