/**
 * What a loan costs. Whole rupees; each fee rounded to the nearest rupee.
 * - processing (service) fee = amount × serviceRate, deducted before disbursal;
 * - GST = 18% of the processing fee, also deducted;
 * - interest = amount × rate per day × days;
 * - received (arrive) = amount − processing fee − GST;
 * - repayment = amount + interest;
 * - due date = the IST calendar day `period` days after the day it is priced (applied) on.
 *
 * GET /order/v1/calculate and POST /order/v1/apply both price with `priceLoan`: what the borrower is
 * shown is, rupee for rupee, what is booked.
 */
import { DAY, istDate } from '../time';

export const GST_RATE = 0.18;

export interface LoanQuote {
  loanAmount: number;
  period: number;
  serviceFee: number;
  gstFee: number;
  interest: number;
  arriveAmount: number;
  repaymentAmount: number;
}

export function quote(input: { amount: number; period: number; ratePerDay: number; serviceRate: number }): LoanQuote {
  const serviceFee = Math.round(input.amount * input.serviceRate);
  const gstFee = Math.round(serviceFee * GST_RATE);
  const interest = Math.round(input.amount * input.ratePerDay * input.period);
  return {
    loanAmount: input.amount,
    period: input.period,
    serviceFee,
    gstFee,
    interest,
    arriveAmount: input.amount - serviceFee - gstFee,
    repaymentAmount: input.amount + interest,
  };
}

/** A product's terms, as pricing reads them. */
export interface ProductRates {
  rate: number;
  serviceRate: number;
}

export interface PricedLoan extends LoanQuote {
  /** The instant repayment falls due: `period` days after `at`. */
  dueAt: Date;
  /** Its IST calendar date, 'YYYY-MM-DD'. */
  dueDate: string;
}

/** The one pricing of a loan of `amount` for `period` days on `product`, applied for at `at`. */
export function priceLoan(product: ProductRates, amount: number, period: number, at: Date): PricedLoan {
  const q = quote({ amount, period, ratePerDay: product.rate, serviceRate: product.serviceRate });
  const dueAt = new Date(at.getTime() + period * DAY);
  return { ...q, dueAt, dueDate: istDate(dueAt) };
}
