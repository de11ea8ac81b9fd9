/**
 * Leaving for a payment page (repayment, the extension fee): the hosts allowed at build time, the
 * leaving itself, and the payment started, remembered in the tab for the return.
 */
import * as v from 'valibot';
import { IdempotencyKey } from '../../../contract/common';
import { parsePaymentHosts, type StartedPayment } from '../../../machines/shared/payment';
import { draftStore, type DraftOptions, type DraftStore } from '../../lib/draft';
import { tabStorage } from '../../lib/tab-storage';

/** The payment hosts allowed at build time (VITE_PAYMENT_HOSTS, comma-separated host[:port]). */
export const PAYMENT_HOSTS: readonly string[] = parsePaymentHosts(import.meta.env.VITE_PAYMENT_HOSTS);

/** The browser leaves for the payment page (a test passes a spy). */
export type OpenPayment = (url: string) => void;
export const assignLocation: OpenPayment = (url) => window.location.assign(url);

/**
 * A payment started, remembered in this tab until the borrower has been told (the order's detail page
 * reads it when the gateway sends the borrower back): bw.draft.payment.<orderId>.<phone>, in the tab's
 * storage, so a reload of the returned page still tells it and another tab never does. One per order:
 * a new intent replaces it; going on to the loan (or Pay again) forgets it.
 */

/** A stored payment read back; anything else (an old shape, a hand edit) counts as none. */
export function parseStartedPayment(raw: unknown): StartedPayment | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const before = r.before as Record<string, unknown> | null | undefined;
  const numOrNull = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  if (typeof r.orderId !== 'string' || (r.purpose !== 'repayment' && r.purpose !== 'extensionFee' && r.purpose !== 'closure')) return null;
  if (!v.is(IdempotencyKey, r.key) || typeof r.at !== 'number' || !Number.isFinite(r.at)) return null;
  if (r.paymentId !== null && typeof r.paymentId !== 'string') return null;
  if (typeof before !== 'object' || before === null || typeof before.orderState !== 'number' || typeof before.repaymentDate !== 'string') return null;
  return {
    orderId: r.orderId,
    purpose: r.purpose,
    key: r.key,
    at: r.at,
    paymentId: r.paymentId,
    before: {
      orderState: before.orderState,
      repaymentAmount: numOrNull(before.repaymentAmount),
      paidAmount: numOrNull(before.paidAmount),
      repaymentDate: before.repaymentDate,
    },
  };
}

/** The payment this tab started for order `orderId` and has not told yet. */
export const startedPaymentStore = (orderId: string, options?: DraftOptions): DraftStore<StartedPayment> =>
  draftStore(`payment.${orderId}`, parseStartedPayment, { ...options, storage: options?.storage ?? tabStorage });
