/**
 * The Annual Percentage Rate of a loan (RBI KFS circular, April 2024, Annex B): the internal rate of
 * return of the borrower's cash flows, computed on the NET DISBURSED amount (what reaches the
 * borrower after every fee the lender levies), annualised as a nominal rate: the rate per period
 * times the periods in a year, as the RBI's illustration does (monthly IRR × 12).
 *
 *     APR = r × n, where r solves  Σ_k  CF_k / (1 + r)^{t_k} = 0
 *     CF_0 = + net disbursed (t = 0), CF_k = − each repayment at period t_k, n = periods per year.
 *
 * Pure: the KFS (machines/application) and its tests use it.
 */

/** One cash flow from the borrower's side: + received, − paid; `at` in periods after disbursal. */
export interface CashFlow {
  at: number;
  amount: number;
}

/** The flows' net present value at the periodic rate `rate` (> −1). */
export function npv(flows: readonly CashFlow[], rate: number): number {
  return flows.reduce((sum, f) => (f.amount === 0 ? sum : sum + f.amount / Math.pow(1 + rate, f.at)), 0);
}

const LOWEST_RATE = -0.999_999;
const HIGHEST_RATE = 1e6;

/**
 * The internal rate of return per period: the rate at which the flows' NPV is 0, or null when there
 * is none (no sign change, e.g. nothing received or nothing paid). Bisection: it always converges
 * once the root is bracketed, whatever the flows (Newton can overshoot below −1 on short loans).
 */
export function irr(flows: readonly CashFlow[], tolerance = 1e-12): number | null {
  if (!flows.some((f) => f.amount > 0) || !flows.some((f) => f.amount < 0)) return null;
  let lo = LOWEST_RATE;
  let hi = 1;
  const sign = (r: number) => Math.sign(npv(flows, r));
  // Widen the bracket upwards until the sign changes (a very expensive loan).
  while (sign(lo) === sign(hi) && hi < HIGHEST_RATE) hi *= 2;
  if (sign(lo) === sign(hi)) return null;
  const atLo = sign(lo);
  for (let i = 0; i < 500 && hi - lo > tolerance; i++) {
    const mid = (lo + hi) / 2;
    if (sign(mid) === atLo) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The nominal annual rate (a fraction: 0.171 is 17.1%) of flows counted in periods, `periodsPerYear` of them a year. */
export function nominalApr(flows: readonly CashFlow[], periodsPerYear: number): number | null {
  const r = irr(flows);
  return r === null ? null : r * periodsPerYear;
}

export const DAYS_PER_YEAR = 365;

/**
 * The APR of a single-repayment loan counted in days: the borrower receives `netDisbursed` on day 0
 * and repays `repayment` on day `days` (APR = daily IRR × 365). Null when it cannot be computed.
 */
export function singlePaymentApr({ netDisbursed, repayment, days }: { netDisbursed: number; repayment: number; days: number }): number | null {
  if (!(netDisbursed > 0) || !(repayment > 0) || !(days > 0)) return null;
  return nominalApr(
    [
      { at: 0, amount: netDisbursed },
      { at: days, amount: -repayment },
    ],
    DAYS_PER_YEAR,
  );
}
