/**
 * The rules of the order pages (/orders/{id}/audit, /confirm, /detail; spec §2 'Audit', 'Confirm',
 * 'Order detail', §4 'Order states', 'Audit pages', 'Repayment and extension', §9), pure.
 *
 * - Which page an order belongs on, and where a page sends an order that does not belong there
 *   (a deep link to a stale page never shows stale actions).
 * - The audit page's re-check schedule.
 * - Repayment: the return address appended to the payment URL, and which payment URLs the browser
 *   may be sent to.
 * - What the detail page shows beyond the wire: due date, days left, the timeline (its texts by key:
 *   i18n/en/order.ts).
 */
import type { Order } from '../../contract/orders';
import { say, type Lang, type Said } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import { formatIstDay } from '../shared/ist-format';
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

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The day number (days since 1970-01-01) of a 'YYYY-MM-DD…' text, or null. */
export function dayNumber(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}

/** The IST day number of an instant. */
export const istDayNumber = (ms: number): number => Math.floor((ms + IST_OFFSET_MS) / DAY_MS);

/**
 * '2025-06-12 10:30:00' → '12 Jun 2025' ('12 जून 2025' in Hindi: machines/shared/ist-format.ts), the
 * day as the lender wrote it; a text that is not a date is shown as sent; '' → '—'.
 */
export function formatDay(text: string, lang: Lang = 'en'): string {
  return dayNumber(text) === null ? text.trim() || '—' : formatIstDay(text.trim().slice(0, 10), lang);
}

/** Days from today (IST) to the due date; negative once it has passed; null without a due date. */
export function daysLeft(repaymentDate: string, today: number): number | null {
  const due = dayNumber(repaymentDate);
  return due === null ? null : due - istDayNumber(today);
}

/** Days overdue: '1 day overdue', '3 days overdue'. */
const overdueBy = (days: number): Said<OrderKey> => say<OrderKey>(days === 1 ? 'overdueOne' : 'overdueOther', { days });

/** 'Due in 5 days', 'Due tomorrow', 'Due today', '3 days overdue' (by key); null without a due date. */
export function dueText(order: Pick<Order, 'repaymentDate' | 'overdueDays' | 'orderState'>, today: number): Said<OrderKey> | null {
  if (order.orderState === ORDER_STATE.settled) return null;
  const overdue = order.overdueDays ?? 0;
  if (overdue > 0) return overdueBy(overdue);
  const left = daysLeft(order.repaymentDate, today);
  if (left === null) return null;
  if (left < 0) return overdueBy(-left);
  if (left === 0) return say<OrderKey>('dueToday');
  if (left === 1) return say<OrderKey>('dueTomorrow');
  return say<OrderKey>('dueInDays', { days: left });
}

export const isOverdue = (order: Pick<Order, 'overdueDays' | 'orderState'>): boolean =>
  (order.overdueDays ?? 0) > 0 || order.orderState === ORDER_STATE.overdued;

/** Spec §9: GST is 18% of the processing fee; the order's own gstFee when sent. */
export const GST_RATE = 0.18;
export const gstOf = (order: Pick<Order, 'serviceFee' | 'gstFee'>): number | null =>
  order.gstFee ?? (order.serviceFee == null ? null : Math.round(order.serviceFee * GST_RATE * 100) / 100);

export interface TimelineStep {
  /** The step's name, by key ('stepApplied'). */
  label: OrderKey;
  /** The day it happened or falls on ('' when the order does not say). */
  date: string;
  done: boolean;
}

/** Applied, approved, disbursed, due, repaid: from the dates the order has and its state. */
export function timeline(order: Pick<Order, 'orderState' | 'applyTime' | 'loanDate' | 'repaymentDate'>): TimelineStep[] {
  const s = order.orderState;
  const disbursed = s === ORDER_STATE.loaned || s === ORDER_STATE.overdued || s === ORDER_STATE.settled || s === ORDER_STATE.extension;
  return [
    { label: 'stepApplied', date: order.applyTime, done: true },
    { label: 'stepApproved', date: '', done: s !== ORDER_STATE.auditing && s !== ORDER_STATE.denied },
    { label: 'stepDisbursed', date: order.loanDate, done: disbursed },
    { label: 'stepDue', date: order.repaymentDate, done: s === ORDER_STATE.overdued || s === ORDER_STATE.settled },
    { label: 'stepRepaid', date: '', done: s === ORDER_STATE.settled },
  ];
}

/** Spec §2 'Order detail': the extension prompt shows only when isExtension is set (not 0). */
export const canExtend = (order: Pick<Order, 'isExtension'>): boolean => (order.isExtension ?? 0) !== 0;
