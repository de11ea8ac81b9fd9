/**
 * The pure rules of the order pages (spec §2 'Audit', 'Confirm', 'Order detail'; §4): which page an
 * order belongs on, the re-check schedule, the payment's return address, and what the detail page
 * shows beyond the wire (days left, overdue, the timeline and its payments). The machine's chart
 * says when each applies; texts are in i18n/en/order.ts.
 */
import type { Offered } from '../../contract/offered';
import type { Order } from '../../contract/orders';
import type { PaymentRecord } from '../../contract/payments';
import { say, type Said } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import { istDay, istDayOf, istInstant } from '../shared/india-time';
import { findPayment, payAgainBy, paymentPending, type StartedPayment } from '../shared/payment';
import { paths } from '../shared/paths';
import { GST_RATE, gstOfFee, round2 } from '../shared/kfs';
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

/** Days from today (India time) to the due date; negative once it has passed; null without a due date. */
export function daysLeft(repaymentDate: string, today: number): number | null {
  const due = istDay(repaymentDate);
  return due === null ? null : due - istDayOf(today);
}

/**
 * Whether the lender says the order is overdue: days overdue above 0, or its state 8 (Overdued). The
 * app never decides it from the due date: a lender may give days of grace after it.
 */
export const isOverdue = (order: Pick<Order, 'overdueDays' | 'orderState'>): boolean =>
  (order.overdueDays ?? 0) > 0 || order.orderState === ORDER_STATE.overdued;

/** Days overdue: '1 day overdue', '3 days overdue'. */
const overdueBy = (days: number): Said<OrderKey> => say<OrderKey>(days === 1 ? 'overdueOne' : 'overdueOther', { days });

/**
 * The line under the amount due, by key; null on a settled order or without a due date.
 * Overdue is the lender's word: its days overdue ('3 days overdue'), or 'Overdue' for state 8 without
 * them. Otherwise the due date decides 'Due in 5 days', 'Due tomorrow', 'Due today', and once it has
 * passed only 'Due date passed': counting days overdue from the date would contradict a grace period.
 */
export function dueText(order: Pick<Order, 'repaymentDate' | 'overdueDays' | 'orderState'>, today: number): Said<OrderKey> | null {
  if (order.orderState === ORDER_STATE.settled) return null;
  const overdue = order.overdueDays ?? 0;
  if (overdue > 0) return overdueBy(overdue);
  if (order.orderState === ORDER_STATE.overdued) return say<OrderKey>('overdue');
  const left = daysLeft(order.repaymentDate, today);
  if (left === null) return null;
  if (left < 0) return say<OrderKey>('duePassed');
  if (left === 0) return say<OrderKey>('dueToday');
  if (left === 1) return say<OrderKey>('dueTomorrow');
  return say<OrderKey>('dueInDays', { days: left });
}

/** Spec §9: GST is 18% of the processing fee; the order's own gstFee when sent. */
export { GST_RATE };
export const gstOf = (order: Pick<Order, 'serviceFee' | 'gstFee'>): number | null => gstOfFee(order.serviceFee, order.gstFee);

/**
 * The confirm page's first sum: what reaches the account. Loan amount − processing fee − GST = the
 * lender's arriveAmount. Each part is the lender's (GST may be 18% of the fee, spec §9); a part the
 * order lacks is null and shown as not provided, never worked out from the others.
 */
export interface Disbursal {
  loan: number;
  fee: number | null;
  gst: number | null;
  received: number | null;
  /**
   * What the lender's figures leave unexplained, when every part is known and they do not add up:
   * received − (loan − fee − GST). Shown as its own line, so the parts on screen always add up.
   */
  other: number | null;
}

export function disbursal(order: Pick<Order, 'loanAmount' | 'serviceFee' | 'gstFee' | 'arriveAmount'>): Disbursal {
  const fee = order.serviceFee ?? null;
  const gst = gstOf(order);
  const received = order.arriveAmount ?? null;
  const rest = fee === null || gst === null || received === null ? 0 : round2(received - (order.loanAmount - fee - gst));
  return { loan: order.loanAmount, fee, gst, received, other: rest === 0 ? null : rest };
}

/** The confirm page's second sum: what is repaid. Loan amount + interest = the lender's repaymentAmount; `other` as in Disbursal. */
export interface Repayable {
  loan: number;
  interest: number | null;
  repayment: number | null;
  other: number | null;
}

export function repayable(order: Pick<Order, 'loanAmount' | 'interest' | 'repaymentAmount'>): Repayable {
  const interest = order.interest ?? null;
  const repayment = order.repaymentAmount ?? null;
  const rest = interest === null || repayment === null ? 0 : round2(repayment - (order.loanAmount + interest));
  return { loan: order.loanAmount, interest, repayment, other: rest === 0 ? null : rest };
}

/** A step of the timeline: reached, overdue (the due step, when the lender says so), or not yet. */
export type StepStatus = 'done' | 'overdue' | 'pending';

export interface TimelineStep {
  /** The step's name, by key ('stepApplied'). */
  label: OrderKey;
  /** The lender's time it happened or falls on ('' when the order does not say). */
  date: string;
  status: StepStatus;
  /** A payment's mark: the amount received ('Paid {amount}'), and the due date an extension fee moved the loan to. */
  amount?: number;
  newDueDate?: string;
}

/** The payments the detail page lists: received, waiting for the bank, or failed (a payment page opened and left is none). */
export function listedPayments(payments: Offered<readonly PaymentRecord[]> | null): PaymentRecord[] {
  if (!payments?.offered) return [];
  return payments.value.filter((p) => p.status === 'received' || p.status === 'pending' || p.status === 'failed');
}

/** Received payments, oldest first, as marks of the timeline: 'Paid ₹4,000', or an extension fee with the new due date. */
function paymentMarks(payments: Offered<readonly PaymentRecord[]> | null): TimelineStep[] {
  if (!payments?.offered) return [];
  return payments.value
    .filter((p) => p.status === 'received')
    .map((p): TimelineStep => {
      const extended = p.purpose === 'extensionFee' && p.newDueDate !== '';
      return {
        label: extended ? 'stepExtended' : 'stepPaid',
        date: p.paidAt,
        status: 'done',
        amount: p.paidAmount ?? p.amount ?? 0,
        ...(extended ? { newDueDate: p.newDueDate } : {}),
      };
    })
    .sort((a, b) => (istInstant(a.date) ?? 0) - (istInstant(b.date) ?? 0));
}

/**
 * Applied, approved, disbursed, due, repaid: from the dates the order has and its state. The due step
 * is overdue only when the lender says so (isOverdue); once settled it is done if its day has come.
 * A passed due date alone marks nothing, and a future one is never done. With the order's payments
 * (beyond the spec), each received payment leaves its mark, dated, placed by its day around the due
 * step, and the repaid step has the day of the last one.
 */
export function timeline(
  order: Pick<Order, 'orderState' | 'applyTime' | 'loanDate' | 'repaymentDate' | 'overdueDays'>,
  today: number,
  payments: Offered<readonly PaymentRecord[]> | null = null,
): TimelineStep[] {
  const s = order.orderState;
  const settled = s === ORDER_STATE.settled;
  const reached = (done: boolean): StepStatus => (done ? 'done' : 'pending');
  const disbursed = s === ORDER_STATE.loaned || s === ORDER_STATE.overdued || settled || s === ORDER_STATE.extension;
  const left = daysLeft(order.repaymentDate, today);
  const due: StepStatus = settled ? reached(left === null || left <= 0) : isOverdue(order) ? 'overdue' : 'pending';
  const marks = paymentMarks(payments);
  const dueDay = istDay(order.repaymentDate);
  // Paid on or before the due day: before the due step; later: after it.
  const before = marks.filter((m) => dueDay === null || (istDay(m.date) ?? dueDay) <= dueDay);
  const after = marks.filter((m) => !before.includes(m));
  return [
    { label: 'stepApplied', date: order.applyTime, status: 'done' },
    { label: 'stepApproved', date: '', status: reached(s !== ORDER_STATE.auditing && s !== ORDER_STATE.denied) },
    { label: 'stepDisbursed', date: order.loanDate, status: reached(disbursed) },
    ...before,
    { label: 'stepDue', date: order.repaymentDate, status: due },
    ...after,
    { label: 'stepRepaid', date: settled ? (marks.at(-1)?.date ?? '') : '', status: reached(settled) },
  ];
}

/** The detail page, with a payment of this order the tab started and has not told yet: coming back from the gateway. */
export const returning = (c: { page: OrderPage; orderId: string; started: StartedPayment | null }): boolean =>
  c.page === 'detail' && c.started?.orderId === c.orderId;

/** The lender's record of the payment this page came back from, or null (none found, or no payments call). */
export function startedRecord(c: { started: StartedPayment | null; payments: Offered<readonly PaymentRecord[]> | null }): PaymentRecord | null {
  return c.started !== null && c.payments?.offered ? findPayment(c.started, c.payments.value) : null;
}

/** Whether Pay again is offered (a new intent, only while the lender says nothing is pending). */
export const canPayAgain = (c: { started: StartedPayment | null; order: Order | null; payments: Offered<readonly PaymentRecord[]> | null }): boolean =>
  c.started !== null && c.order !== null && payAgainBy(c.started, c.order, c.payments) !== null;

/** Pay again is held back because the lender says another payment of the order waits for the bank. */
export const heldByPending = (c: { payments: Offered<readonly PaymentRecord[]> | null }): boolean => paymentPending(c.payments);

/** Spec §2 'Order detail': the extension prompt shows only when isExtension is set (not 0). */
export const canExtend = (order: Pick<Order, 'isExtension'>): boolean => (order.isExtension ?? 0) !== 0;
