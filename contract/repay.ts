/**
 * What the spec's repay call carries beyond {orderId}: an early closure or a part payment. Apart from
 * ./closure.ts so that the order calls, which the first screen loads, do not carry the closure quote.
 */
import * as v from 'valibot';
import { id } from './common';

/** Within the cooling-off period ('coolingOff': the exit without penalty), or after it ('preClosure'). */
export const CLOSURE_KINDS = ['coolingOff', 'preClosure'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

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
