/** Ending a loan early: the quote is beyond the spec; paying it is the spec's repay call. */
import { ClosureQuery, ClosureQuote } from '../closure';
import type { Endpoint } from '../endpoint';

/** What closes the loan now: the cooling-off exit or pre-closure (?orderId=). */
export const closureQuote = { method: 'GET', path: '/order/v1/closure', query: ClosureQuery, answer: ClosureQuote, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const closureCalls = { closureQuote } as const;
