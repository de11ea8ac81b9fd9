/**
 * Ending a loan early: the cooling-off exit and pre-closure (docs/borrower-rights.md 'Cooling-off
 * exit, pre-closure and part payment'). The quote is beyond the spec (./beyond-spec.ts): a backend
 * without it shows no closure amounts. Paying a quote, or part of what is due, goes through the
 * spec's repay call with the purpose and the amount added, which a backend of the spec ignores.
 */
import * as v from 'valibot';
import { id, num, optionalNum, text } from './common';
import { CLOSURE_KINDS } from './orders';
import type { Endpoint } from './endpoint';

export { CLOSURE_KINDS, REPAY_PURPOSES, RepayPayload, type ClosureKind, type RepayPurpose } from './orders';

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

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// Ending a loan early: the quote is beyond the spec; paying it is the spec's repay call.

/** What closes the loan now: the cooling-off exit or pre-closure (?orderId=). */
const closureQuote = { method: 'GET', path: '/order/v1/closure', query: ClosureQuery, answer: ClosureQuote, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const closureCalls = { closureQuote } as const;
