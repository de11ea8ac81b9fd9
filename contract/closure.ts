/**
 * Ending a loan early: the cooling-off exit and pre-closure (docs/borrower-rights.md 'Cooling-off
 * exit, pre-closure and part payment'). The quote is beyond the spec (./beyond-spec.ts): a backend
 * without it shows no closure amounts. Paying a quote, or part of what is due, goes through the
 * spec's repay call with the purpose and the amount added, which a backend of the spec ignores.
 */
import * as v from 'valibot';
import { id, num, optionalNum, text } from './common';

/** Within the cooling-off period ('coolingOff': the exit without penalty), or after it ('preClosure'). */
export const CLOSURE_KINDS = ['coolingOff', 'preClosure'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

/** GET /order/v1/closure?orderId= */
export const ClosureQuery = v.looseObject({ orderId: id });
export type ClosureQuery = v.InferOutput<typeof ClosureQuery>;

/**
 * What closes the loan now, whole rupees: `amount` = principal + interest for `days` days + penal
 * charge − paid so far. `feesKept`: the processing fee and its GST, deducted at disbursal and not
 * refunded (the KFS says so). Times are the lender's ('YYYY-MM-DD HH:mm:ss', India time): the quote
 * holds until `validUntil`; the cooling-off period ends at `coolingOffUntil`.
 */
export const ClosureQuote = v.looseObject({
  kind: v.picklist(CLOSURE_KINDS),
  amount: num,
  principal: num,
  interest: num,
  days: num,
  penalCharge: optionalNum,
  paidSoFar: optionalNum,
  processingFeeKept: optionalNum,
  gstKept: optionalNum,
  validUntil: text,
  coolingOffUntil: text,
});
export type ClosureQuote = v.InferOutput<typeof ClosureQuote>;
/** What the sandbox answers (typed, so the app and the sandbox cannot drift apart). */
export type ClosureQuoteAnswer = v.InferInput<typeof ClosureQuote>;

/** What a repayment pays, beyond the spec's whole amount due: the loan closed at its quote, or a part chosen by the borrower. */
export const REPAY_PURPOSES = ['closure', 'part'] as const;
export type RepayPurpose = (typeof REPAY_PURPOSES)[number];

/**
 * POST /pay-order/v1/repay with, beyond the spec's {orderId}, what it pays: `purpose` 'closure' with
 * the quote's `kind` and `amount` (refused when the quote has changed), or 'part' with the `amount`.
 */
export const RepayPayload = v.looseObject({
  orderId: id,
  purpose: v.optional(v.picklist(REPAY_PURPOSES)),
  kind: v.optional(v.picklist(CLOSURE_KINDS)),
  amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type RepayPayload = v.InferOutput<typeof RepayPayload>;
