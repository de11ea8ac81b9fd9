/**
 * Ending a loan early: the quote is beyond the spec (`{ offered: false }` when the backend has no such
 * call); paying it, or a part, is the spec's repay call with the purpose and amount added.
 */
import { closureCalls, type ClosureQuote, type RepayPayload } from '../../contract/closure';
import { orderCalls, type PaymentUrl } from '../../contract/orders';
import type { Offered } from '../../contract/offered';
import { api, type CallOptions, type IntentOptions } from './client';
import { offered } from './offered';

/** What closes the loan now. */
export function closureQuote(orderId: string, { signal }: CallOptions = {}): Promise<Offered<ClosureQuote>> {
  return offered(closureCalls.closureQuote, { searchParams: { orderId }, signal });
}

/** Pays the quote or a part, with the intent's Idempotency-Key: the gateway's paymentUrl. */
export function repayFor(payload: RepayPayload, { signal, idempotencyKey }: IntentOptions): Promise<PaymentUrl> {
  return api.call(orderCalls.repay, { json: payload, signal, idempotencyKey });
}
