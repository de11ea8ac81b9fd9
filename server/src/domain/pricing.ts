/**
 * What a loan costs. Whole rupees; each fee rounded to the nearest rupee.
 * - processing (service) fee = amount × serviceRate, deducted before disbursal;
 * - GST = 18% of the processing fee, also deducted;
 * - interest = amount × rate per day × days;
 * - received (arrive) = amount − processing fee − GST;
 * - repayment = amount + interest.
 */
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
