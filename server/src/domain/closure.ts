/**
 * Ending a loan early (docs/borrower-rights.md 'Cooling-off exit, pre-closure and part payment'):
 * what closes it now, on the lender's clock. Within the cooling-off period (Digital Lending
 * Directions 2025) the borrower exits with the principal and the interest for the days elapsed, no
 * penalty; after it, pre-closure asks the interest to date and no foreclosure fee. Either way the
 * processing fee and its GST, deducted at disbursal and disclosed in the KFS, are kept.
 */
import type { ClosureKind } from '../../../contract/closure';
import { DAY, startOfIstDay } from '../time';
import { amountDue, type OwedOrder } from './engine';
import { ORDER_STATE } from './orders';
import { allocate, type Allocation } from './receipts';

/** The cooling-off period, in days from disbursal (the client config's coolingOffDays; RBI: at least 1). */
export const COOLING_OFF_DAYS = 3;

export interface ClosingOrder extends OwedOrder {
  loan_date: Date | null;
  period: number;
  interest: number;
  service_fee: number;
  gst_fee: number;
}

export interface Closure {
  kind: ClosureKind;
  amount: number;
  principal: number;
  /** Interest for `days` days: a day begun counts whole, the first from the minute of disbursal. */
  interest: number;
  days: number;
  penalCharge: number;
  paidSoFar: number;
  processingFeeKept: number;
  gstKept: number;
  validUntil: Date;
  coolingOffUntil: Date;
}

/** Only a loan that is out and not in an extension (6 Loaned, 8 Overdued) can be closed at a quote. */
const CLOSABLE: readonly number[] = [ORDER_STATE.loaned, ORDER_STATE.overdued];

/**
 * What closes `o` at `now`, or null when it cannot be closed (not disbursed, settled, in extension,
 * nothing due). Days are counted in 24-hour periods from disbursal, a period begun counting whole
 * (so 1 day at the minute of disbursal), at most the loan's period; the interest is the loan's in
 * proportion. Never more than what is due now. The quote holds until the next day begins to count or
 * the next India midnight (the penal charge's day), whichever is first.
 */
export function closureQuote(o: ClosingOrder, now: Date, coolingOffDays = COOLING_OFF_DAYS): Closure | null {
  if (!CLOSABLE.includes(o.state) || !o.loan_date) return null;
  const { due, overdueFee } = amountDue(o, now);
  if (due <= 0) return null;
  const elapsed = Math.max(0, now.getTime() - o.loan_date.getTime());
  const days = Math.floor(elapsed / DAY) + 1;
  const charged = Math.min(days, o.period);
  const interest = Math.round((o.interest * charged) / o.period);
  const coolingOffUntil = new Date(o.loan_date.getTime() + Math.max(1, coolingOffDays) * DAY);
  const amount = Math.min(due, Math.max(0, o.loan_amount + interest + overdueFee - o.paid_amount));
  const nextDay = o.loan_date.getTime() + days * DAY;
  const midnight = startOfIstDay(now).getTime() + DAY;
  return {
    kind: now < coolingOffUntil ? 'coolingOff' : 'preClosure',
    amount,
    principal: o.loan_amount,
    interest,
    days: charged,
    penalCharge: overdueFee,
    paidSoFar: o.paid_amount,
    processingFeeKept: o.service_fee,
    gstKept: o.gst_fee,
    validUntil: new Date(Math.min(nextDay, midnight)),
    coolingOffUntil,
  };
}

/** The columns closureQuote reads, for `SELECT … FROM orders`. */
export const CLOSING_COLUMNS = 'state, loan_amount, repayment_amount, paid_amount, repayment_date, loan_date, period, interest, service_fee, gst_fee';

/**
 * What a closure payment paid off, for its receipt: the interest of the quote (what the amount holds
 * beyond the principal and the penal charge), the principal, then the penal charge; money paid before
 * counts first, in the same order (receipts.ts allocate).
 */
export function closureAllocation(order: { loan_amount: number; paid_amount: number }, penalCharge: number, amount: number): Allocation {
  const interest = Math.max(0, order.paid_amount + amount - order.loan_amount - penalCharge);
  return allocate(
    [
      ['interest', interest],
      ['principal', order.loan_amount],
      ['penalCharge', penalCharge],
    ],
    order.paid_amount,
    amount,
  );
}
