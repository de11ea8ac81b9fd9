/**
 * The rules of the extension page (/orders/{id}/extension; spec §2 'Extension', §3 'Extension info',
 * §4 'Repayment and extension', §9 'Extension fee payment window' and 'Extended due date'), pure.
 *
 * - Which orders the page shows (an extension offered on 6 Loaned / 8 Overdued with isExtension set,
 *   or applied and awaiting its fee, 11) and where it sends any other.
 * - The 24-hour payment window, counted on the lender's clock from extensionApplyTime (IST).
 * - The rate as a percentage and the notes (their texts, and the messages, by key: i18n/en/extension.ts).
 */
import type { ExtensionInfo } from '../../contract/extension';
import type { Order } from '../../contract/orders';
import type { ExtensionKey } from '../../i18n/en/extension';
import { istInstant } from '../shared/india-time';
import { ORDER_STATE } from '../shared/order-states';
import { paths } from '../shared/paths';

/** Spec §9: the extension fee must be paid within 24 hours of the request. */
export const EXTENSION_WINDOW_MS = 24 * 3_600_000;

/** An extension offered: the order is loaned or overdue and the lender says it can be extended. */
export const offered = (order: Pick<Order, 'orderState' | 'isExtension'>): boolean =>
  (order.orderState === ORDER_STATE.loaned || order.orderState === ORDER_STATE.overdued) && (order.isExtension ?? 0) !== 0;

/** An extension applied, its fee not paid yet (11 Extension). */
export const awaitingPayment = (order: Pick<Order, 'orderState'>): boolean => order.orderState === ORDER_STATE.extension;

/** Whether the extension page shows this order. */
export const belongsOnExtension = (order: Pick<Order, 'orderState' | 'isExtension'>): boolean => offered(order) || awaitingPayment(order);

/**
 * Where the extension page sends an order it does not show (replacing itself), or null when it shows
 * it: 1 Auditing and 4 Lending → the audit page, 2 Pass → confirm, 6 / 8 without an extension offer
 * and 7 Settled → the order detail, anything else → /orders.
 */
export function extensionElsewhere(orderId: string, order: Pick<Order, 'orderState' | 'isExtension'>): string | null {
  if (belongsOnExtension(order)) return null;
  switch (order.orderState) {
    case ORDER_STATE.auditing:
    case ORDER_STATE.lending:
      return paths.orderAudit.href(orderId);
    case ORDER_STATE.pass:
      return paths.orderConfirm.href(orderId);
    case ORDER_STATE.loaned:
    case ORDER_STATE.overdued:
    case ORDER_STATE.settled:
      return paths.orderDetail.href(orderId);
    default:
      return paths.orders.href();
  }
}

/**
 * The end of the fee's payment window: 24 hours after extensionApplyTime (India time), in ms since
 * the epoch; null when the lender's time cannot be read.
 */
export function paymentDeadline(info: Pick<ExtensionInfo, 'extensionApplyTime'>): number | null {
  const applied = istInstant(info.extensionApplyTime);
  return applied === null ? null : applied + EXTENSION_WINDOW_MS;
}

/** The window has ended at `now` (on the lender's clock). No deadline: never. */
export const windowOver = (deadline: number | null, now: number): boolean => deadline !== null && now >= deadline;

/** What is left of the window, in ms (0 once it has ended). */
export const windowLeft = (deadline: number, now: number): number => Math.max(0, deadline - now);

/** Whole seconds as 'HH:MM:SS' (hours not capped: '23:59:59'); negative counts as 0. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** extensionRate is a fraction: 0.1 → '10%', 0.015 → '1.5%' (at most two decimals). */
export function formatRate(fraction: number): string {
  return `${Math.round(fraction * 100 * 100) / 100}%`;
}

/**
 * Spec §2's note, as a sum: service fee + overdue fee + interest − already paid = the fee due. Each
 * part is the lender's. Where it does not send the overdue part (spec §3 names no such field), the
 * overdue line is what the lender's fee leaves once the other parts are counted, and says so.
 */
export interface FeeBreakdown {
  serviceFee: number;
  /** A fraction (extensionRate). */
  rate: number;
  overdue: number;
  /** The overdue part is the lender's own figure; false: the rest of its fee, not itemised. */
  overdueGiven: boolean;
  interest: number;
  paid: number;
  due: number;
  /**
   * When the lender sends every part and they do not add up to its fee due: due − (service + overdue
   * + interest − paid), shown as its own line, so the lines on screen always add up.
   */
  other: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function feeBreakdown(
  info: Pick<ExtensionInfo, 'extensionServiceFee' | 'extensionRate' | 'interest' | 'extensionFeePaid' | 'extensionFee' | 'overdueFee'>,
): FeeBreakdown {
  const parts = { serviceFee: info.extensionServiceFee, rate: info.extensionRate, interest: info.interest, paid: info.extensionFeePaid, due: info.extensionFee };
  const rest = round2(info.extensionFee + info.extensionFeePaid - info.extensionServiceFee - info.interest);
  if (info.overdueFee == null) return { ...parts, overdue: rest, overdueGiven: false, other: null };
  const other = round2(rest - info.overdueFee);
  return { ...parts, overdue: info.overdueFee, overdueGiven: true, other: other === 0 ? null : other };
}

/**
 * What the borrower still owes on the loan once the fee is paid: the fee does not repay it. The
 * lender's figure when it sends one (repaymentAmountAfter); else the order's repayment amount as the
 * lender shows it today, said as such ('today': an overdue fee in it is part of the extension fee).
 */
export type OwedAfter = { amount: number; lenders: boolean } | null;

export function owedAfterFee(info: Pick<ExtensionInfo, 'repaymentAmountAfter'>, order: Pick<Order, 'repaymentAmount'> | null): OwedAfter {
  if (info.repaymentAmountAfter != null) return { amount: info.repaymentAmountAfter, lenders: true };
  const today = order?.repaymentAmount;
  return today == null ? null : { amount: today, lenders: false };
}

/** The return address of the extension's payment: the order's detail page, which reads the order again. */
export const extensionReturnAddress = (origin: string, orderId: string): string => `${origin}${paths.orderDetail.href(orderId)}`;

/** Spec §2 'Extension': the four notes on the page, in the spec's order (texts: i18n/en/extension.ts). */
export const EXTENSION_NOTES = ['noteDueDate', 'noteWindow', 'noteFee', 'noteRepaid'] as const satisfies readonly ExtensionKey[];
