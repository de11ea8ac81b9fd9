/**
 * The rules of the order pages (/orders/{id}/audit, /confirm, /detail; spec §2 'Audit', 'Confirm',
 * 'Order detail', §4 'Order states', 'Audit pages', 'Repayment and extension', §9), pure.
 *
 * - Which page an order belongs on, and where a page sends an order that does not belong there
 *   (a deep link to a stale page never shows stale actions).
 * - The audit page's re-check schedule.
 * - Repayment: the return address appended to the payment URL, and which payment URLs the browser
 *   may be sent to.
 * - What the detail page shows beyond the wire: due date, days left, the timeline.
 */
import type { Order } from '../../contract/orders';
import { paths } from '../shared/paths';
import { ORDER_STATE } from '../shared/order-states';

/** The three pages of an order the machine serves. */
export type OrderPage = 'audit' | 'confirm' | 'detail';

export { ORDER_STATE };

/** The order states each page shows; any other is sent where it belongs. */
export const PAGE_STATES: Readonly<Record<OrderPage, readonly number[]>> = {
  /** Spec §4: the audit page stays for states up to 4 except 2; 3 (Denied) is decided, so it goes too. */
  audit: [ORDER_STATE.auditing, ORDER_STATE.lending],
  confirm: [ORDER_STATE.pass],
  /** 6 and 8 (spec §4); 7 too, so the return from a payment that settled the order lands on it (no actions). */
  detail: [ORDER_STATE.loaned, ORDER_STATE.overdued, ORDER_STATE.settled],
};

export const belongsOn = (page: OrderPage, orderState: number): boolean => PAGE_STATES[page].includes(orderState);

/** The page of an order by its state, as Loan History links it (1 audit, 2 confirm, 6/8 detail, 11 extension), else /orders. */
export function orderPlace(orderId: string, orderState: number): string {
  switch (orderState) {
    case ORDER_STATE.auditing:
      return paths.orderAudit.href(orderId);
    case ORDER_STATE.pass:
      return paths.orderConfirm.href(orderId);
    case ORDER_STATE.loaned:
    case ORDER_STATE.overdued:
      return paths.orderDetail.href(orderId);
    case ORDER_STATE.extension:
      return paths.orderExtension.href(orderId);
    default:
      return paths.orders.href();
  }
}

/**
 * Where `page` sends an order, or null when it belongs there.
 * Audit (spec §4 'Audit pages'): 2 → confirm; above 4 (and 3, decided) → /orders; 1 and 4 stay.
 * Confirm and detail: the order's own page (orderPlace).
 */
export function whereItBelongs(page: OrderPage, orderId: string, orderState: number): string | null {
  if (belongsOn(page, orderState)) return null;
  if (page === 'audit') return orderState === ORDER_STATE.pass ? paths.orderConfirm.href(orderId) : paths.orders.href();
  return orderPlace(orderId, orderState);
}

/**
 * The audit page re-checks by itself while it is visible, backing off: 5 s, 10 s, 20 s, 40 s, then
 * every 60 s. A tap on Refresh or the page becoming visible again starts the schedule over.
 */
export const RECHECK_DELAYS_MS: readonly number[] = [5_000, 10_000, 20_000, 40_000, 60_000];
export const recheckDelay = (rechecks: number): number => RECHECK_DELAYS_MS[Math.min(Math.max(rechecks, 0), RECHECK_DELAYS_MS.length - 1)] as number;

/** The app's own address of the order's detail page: where the gateway sends the borrower back. */
export const returnAddress = (origin: string, orderId: string): string => `${origin}${paths.orderDetail.href(orderId)}`;

export const ORDER_MESSAGES = {
  loadFailed: 'Could not load your order. Please try again.',
  /** Spec §2 'Audit'. */
  auditTitle: 'In Auditing',
  auditNote: 'It takes a few minutes. We will notify you by SMS when it is done.',
  /** Spec §1: what the audit page says about the amount. */
  auditCredit: 'The credit evaluation sets your loan amount. Paying your bills on time raises your credit score.',
  lendingNote: 'Approved. Your money is on its way to your bank account.',
  refresh: 'Refresh',
  recheckFailed: 'Could not check the status. Please try again.',
  getMoney: 'Get Money',
  confirmFailed: 'Could not confirm your loan. Please try again.',
  repayFailed: 'Could not start the payment. Please try again.',
  paymentRefused: 'The payment page is not on an address this app trusts, so it was not opened. Please try again later or contact us.',
  redirecting: 'Opening the payment page…',
  settled: 'This loan is repaid in full.',
  /** Spec §2 'Order detail'. */
  extensionAsk: 'Repayment stress?',
  extensionLink: 'Extend due date',
} as const;

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 5.5 * 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day number (days since 1970-01-01) of a 'YYYY-MM-DD…' text, or null. */
export function dayNumber(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}

/** The IST day number of an instant. */
export const istDayNumber = (ms: number): number => Math.floor((ms + IST_OFFSET_MS) / DAY_MS);

/** '2025-06-12 10:30:00' → '12 Jun 2025'; a text that is not a date is shown as sent; '' → '—'. */
export function formatDay(text: string): string {
  const day = dayNumber(text);
  if (day === null) return text.trim() || '—';
  const d = new Date(day * DAY_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Days from today (IST) to the due date; negative once it has passed; null without a due date. */
export function daysLeft(repaymentDate: string, today: number): number | null {
  const due = dayNumber(repaymentDate);
  return due === null ? null : due - istDayNumber(today);
}

/** 'Due in 5 days', 'Due tomorrow', 'Due today', '3 days overdue'; null without a due date. */
export function dueText(order: Pick<Order, 'repaymentDate' | 'overdueDays' | 'orderState'>, today: number): string | null {
  if (order.orderState === ORDER_STATE.settled) return null;
  const overdue = order.overdueDays ?? 0;
  if (overdue > 0) return `${overdue} ${overdue === 1 ? 'day' : 'days'} overdue`;
  const left = daysLeft(order.repaymentDate, today);
  if (left === null) return null;
  if (left < 0) return `${-left} ${left === -1 ? 'day' : 'days'} overdue`;
  if (left === 0) return 'Due today';
  if (left === 1) return 'Due tomorrow';
  return `Due in ${left} days`;
}

export const isOverdue = (order: Pick<Order, 'overdueDays' | 'orderState'>): boolean =>
  (order.overdueDays ?? 0) > 0 || order.orderState === ORDER_STATE.overdued;

/** Spec §9: GST is 18% of the processing fee; the order's own gstFee when sent. */
export const GST_RATE = 0.18;
export const gstOf = (order: Pick<Order, 'serviceFee' | 'gstFee'>): number | null =>
  order.gstFee ?? (order.serviceFee == null ? null : Math.round(order.serviceFee * GST_RATE * 100) / 100);

export interface TimelineStep {
  label: string;
  /** The day it happened or falls on ('' when the order does not say). */
  date: string;
  done: boolean;
}

/** Applied, approved, disbursed, due, repaid: from the dates the order has and its state. */
export function timeline(order: Pick<Order, 'orderState' | 'applyTime' | 'loanDate' | 'repaymentDate'>): TimelineStep[] {
  const s = order.orderState;
  const disbursed = s === ORDER_STATE.loaned || s === ORDER_STATE.overdued || s === ORDER_STATE.settled || s === ORDER_STATE.extension;
  return [
    { label: 'Applied', date: order.applyTime, done: true },
    { label: 'Approved', date: '', done: s !== ORDER_STATE.auditing && s !== ORDER_STATE.denied },
    { label: 'Disbursed', date: order.loanDate, done: disbursed },
    { label: 'Due', date: order.repaymentDate, done: s === ORDER_STATE.overdued || s === ORDER_STATE.settled },
    { label: 'Repaid', date: '', done: s === ORDER_STATE.settled },
  ];
}

/** Spec §2 'Order detail': the extension prompt shows only when isExtension is set (not 0). */
export const canExtend = (order: Pick<Order, 'isExtension'>): boolean => (order.isExtension ?? 0) !== 0;
