/**
 * Rules of ending a loan early, from the detail page (machines/closure/closure.machine.ts): what the
 * closure amount is made of (every part listed, adding up to it), whether a quote still holds on the
 * lender's clock, and a part payment's amount and what it leaves owing.
 */
import type { ClosureQuote } from '../../contract/closure';
import type { Order } from '../../contract/orders';
import { istInstant } from '../shared/india-time';

export type ClosureLine = { part: 'principal' | 'interest' | 'penalCharge' | 'paidSoFar'; amount: number };

/**
 * The quote's amount, part by part: principal + interest (+ penal charge) − paid so far. Parts of 0
 * beyond the first two are left out. Null when the lender's parts do not add up to its amount: the
 * screen then shows the amount alone, never parts that disagree with it.
 */
export function closureLines(q: Pick<ClosureQuote, 'amount' | 'principal' | 'interest' | 'penalCharge' | 'paidSoFar'>): ClosureLine[] | null {
  const penal = q.penalCharge ?? 0;
  const paid = q.paidSoFar ?? 0;
  if (q.principal + q.interest + penal - paid !== q.amount) return null;
  return [
    { part: 'principal', amount: q.principal },
    { part: 'interest', amount: q.interest },
    ...(penal > 0 ? [{ part: 'penalCharge' as const, amount: penal }] : []),
    ...(paid > 0 ? [{ part: 'paidSoFar' as const, amount: -paid }] : []),
  ];
}

/** The quote no longer holds at `now` (ms on the lender's clock): it is asked again before paying. A time it cannot read holds (the lender refuses a stale one). */
export function quoteExpired(q: Pick<ClosureQuote, 'validUntil'>, now: number): boolean {
  const until = istInstant(q.validUntil);
  return until !== null && now >= until;
}

/** Whole rupees typed for a part payment ('4000', '4,000', ' 4000 '), or null. */
export function typedRupees(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  return Number(digits);
}

/** The lender's amount due now (the detail's repayment amount), or null without one. */
export const dueNow = (order: Pick<Order, 'repaymentAmount'> | null): number | null => order?.repaymentAmount ?? null;

/** A part payment: at least ₹1 and less than the amount due (the whole is Repayment). Null when it is not one. */
export function partAmount(text: string, due: number | null): number | null {
  const amount = typedRupees(text);
  if (amount === null || due === null || amount < 1 || amount >= due) return null;
  return amount;
}

/** What a part payment of `text` leaves owing, or null while it is not a part payment. */
export function leavesOwing(text: string, due: number | null): number | null {
  const amount = partAmount(text, due);
  return amount === null || due === null ? null : due - amount;
}
