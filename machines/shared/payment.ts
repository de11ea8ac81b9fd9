/**
 * Leaving the app to pay (spec §4 'Repayment and extension'): repayment and the extension fee go to a
 * payment URL the lender returns. The browser goes there only when it is the app's own origin or an
 * https host allowed at build time, with the app's return address appended. Coming back, the payment
 * the borrower started is told from the lender's answers (paymentOutcome), never from the address.
 */
import type { Offered } from '../../contract/offered';
import type { Order } from '../../contract/orders';
import type { PaymentPurpose, PaymentRecord } from '../../contract/payments';
import { istDay, istInstant } from './india-time';
import { ORDER_STATE } from './order-states';

/** The query parameter of the payment URL that carries the return address (agreed with the sandbox's gateway). */
export const RETURN_PARAM = 'return';

/**
 * `paymentUrl` with `return={returnUrl}` appended, with '?' or '&' as the URL needs (spec §4), before
 * any '#fragment'.
 */
export function withReturn(paymentUrl: string, returnUrl: string): string {
  const hashAt = paymentUrl.indexOf('#');
  const base = hashAt === -1 ? paymentUrl : paymentUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : paymentUrl.slice(hashAt);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${RETURN_PARAM}=${encodeURIComponent(returnUrl)}${hash}`;
}

/** Where the browser may go to pay: the app's own origin, and the payment hosts allowed at build time. */
export interface PaymentPolicy {
  /** The app's origin ('https://app.example'). */
  origin: string;
  /** Allowed hosts ('pay.example', 'pay.example:8443'), lower case (VITE_PAYMENT_HOSTS). */
  hosts: readonly string[];
}

/** VITE_PAYMENT_HOSTS ('pay.example, checkout.bank.example:8443') → lower-case hosts, blanks dropped. */
export const parsePaymentHosts = (raw: string | null | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/**
 * Whether the browser may be sent to `raw`: a URL of the app's own origin, or an https URL whose
 * host is an allowed payment host. Anything else (http elsewhere, javascript:, data:, another host,
 * credentials in the URL) is refused.
 */
export function paymentAllowed(raw: string, policy: PaymentPolicy): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  let own: string | null = null;
  try {
    own = new URL(policy.origin).origin;
  } catch {
    own = null;
  }
  if (own !== null && own !== 'null' && url.origin === own) return true;
  return url.protocol === 'https:' && policy.hosts.includes(url.host.toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Coming back from the gateway: which payment, and what the lender says happened to it.

/** What the order said when the borrower left to pay: enough to tell an order unchanged on return. */
export interface OrderMark {
  orderState: number;
  repaymentAmount: number | null;
  paidAmount: number | null;
  repaymentDate: string;
}

export const markOf = (order: Pick<Order, 'orderState' | 'repaymentAmount' | 'paidAmount' | 'repaymentDate'>): OrderMark => ({
  orderState: order.orderState,
  repaymentAmount: order.repaymentAmount ?? null,
  paidAmount: order.paidAmount ?? null,
  repaymentDate: order.repaymentDate,
});

/**
 * A payment the borrower started from this tab: the intent's key, the order, the time, the purpose,
 * the lender's id for it when its answer named one, and the order as it was. Kept in the tab until
 * the borrower has been told (src/flows/shared/payment.ts), so the page the gateway returns to, and a
 * reload of it, knows which payment it comes back from.
 */
export interface StartedPayment {
  orderId: string;
  purpose: PaymentPurpose;
  /** The intent's Idempotency-Key. */
  key: string;
  /** When the intent happened, in ms on the lender's clock. */
  at: number;
  paymentId: string | null;
  before: OrderMark;
}

/** What the app tells of a payment it comes back from (CONVENTIONS §10: the lender decides, the app reports). */
export type PaymentOutcome = 'received' | 'pending' | 'notReceived' | 'unconfirmed';

/**
 * Without the lender's id, a record dated up to this long before the intent is still taken for it:
 * the lender's clock is read to the second, its records may be rounded.
 */
export const INTENT_SLACK_MS = 60_000;

/**
 * The lender's record of the payment: by its id when the answer named one; else the newest record
 * (the list is newest first) of its purpose created after the intent. Null when there is none.
 */
export function findPayment(started: Pick<StartedPayment, 'paymentId' | 'purpose' | 'at'>, payments: readonly PaymentRecord[]): PaymentRecord | null {
  if (started.paymentId !== null) return payments.find((p) => p.id === started.paymentId) ?? null;
  return (
    payments.find((p) => {
      const created = istInstant(p.createdAt);
      return (p.purpose === null || p.purpose === started.purpose) && created !== null && created >= started.at - INTENT_SLACK_MS;
    }) ?? null
  );
}

/**
 * Whether the order itself shows the payment counted, from what it says now against what it said
 * when the borrower left: a repayment settled it, raised what it says was repaid, or (a backend that
 * sends no repaid amount) lowered what is left; an extension fee moved its due date later. Anything
 * else (unchanged, overdue meanwhile) shows nothing.
 */
export function orderShowsPayment(started: Pick<StartedPayment, 'purpose' | 'before'>, order: Pick<Order, 'orderState' | 'repaymentAmount' | 'paidAmount' | 'repaymentDate'>): boolean {
  const { before } = started;
  if (started.purpose === 'extensionFee') {
    const was = istDay(before.repaymentDate);
    const is = istDay(order.repaymentDate);
    return order.orderState !== ORDER_STATE.extension && was !== null && is !== null && is > was;
  }
  if (order.orderState === ORDER_STATE.settled) return before.orderState !== ORDER_STATE.settled;
  const paid = order.paidAmount ?? null;
  if (paid !== null && before.paidAmount !== null) return paid > before.paidAmount;
  const left = order.repaymentAmount ?? null;
  return left !== null && before.repaymentAmount !== null && left < before.repaymentAmount;
}

/**
 * What happened to the payment, in the lender's words: its record says received, pending at the bank,
 * or failed (nothing was taken). Without a record (a backend without the payments call, a payment it
 * has not heard of yet, or a word the app does not know), the order decides: received when it shows
 * the payment counted, else not confirmed yet. Never from the browser's return address.
 */
export function paymentOutcome(
  started: StartedPayment,
  order: Pick<Order, 'orderState' | 'repaymentAmount' | 'paidAmount' | 'repaymentDate'>,
  payments: Offered<readonly PaymentRecord[]> | null,
): PaymentOutcome {
  const record = payments?.offered ? findPayment(started, payments.value) : null;
  if (record?.status === 'received') return 'received';
  if (record?.status === 'pending') return 'pending';
  if (record?.status === 'failed') return 'notReceived';
  return orderShowsPayment(started, order) ? 'received' : 'unconfirmed';
}

/** Whether the lender says a payment of the order is waiting for the bank (never known without the payments call). */
export const paymentPending = (payments: Offered<readonly PaymentRecord[]> | null): boolean =>
  payments?.offered === true && payments.value.some((p) => p.status === 'pending');

/**
 * How "Pay again" pays, or null when it is not offered: only while the lender says nothing is pending,
 * as a new intent; a repayment again on a loan still owing (6, 8), an extension fee on its page (the
 * order in 6, 8 or 11: that page says what can be done); never a closure (its quote is asked again).
 */
export function payAgainBy(
  started: Pick<StartedPayment, 'purpose'>,
  order: Pick<Order, 'orderState'>,
  payments: Offered<readonly PaymentRecord[]> | null,
): 'repay' | 'extension' | null {
  if (paymentPending(payments)) return null;
  // A closure is paid at a quote that may have changed since: the loan's page quotes it again.
  if (started.purpose === 'closure') return null;
  const owing = order.orderState === ORDER_STATE.loaned || order.orderState === ORDER_STATE.overdued;
  if (started.purpose === 'extensionFee') return owing || order.orderState === ORDER_STATE.extension ? 'extension' : null;
  return owing ? 'repay' : null;
}
