/** Ending a loan early: the quote is beyond the spec; paying it is the spec's repay call. */
import { ClosureQuery, ClosureQuote } from '../closure';
import type { Endpoint } from '../endpoint';

export const closureCalls = {
  /** What closes the loan now: the cooling-off exit or pre-closure (?orderId=). */
  closureQuote: { method: 'GET', path: '/order/v1/closure', query: ClosureQuery, answer: ClosureQuote, token: true, beyondSpec: true },
} as const satisfies Record<string, Endpoint>;
