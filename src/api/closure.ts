/**
 * Ending a loan early: the quote is a call beyond the spec (contract/beyond-spec.ts), `{ offered: false }`
 * when the backend has no such call; paying it, or a part, is the spec's repay call with the purpose
 * and amount added (contract/closure.ts RepayPayload).
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import type { ClosureQuote, RepayPayload } from '../../contract/closure';
import type { Offered } from '../../contract/offered';
import { PaymentUrl } from '../../contract/orders';
import { api, type CallOptions, type IntentOptions } from './client';
import { offered } from './offered';

/** GET /order/v1/closure?orderId=: what closes the loan now. */
export function closureQuote(orderId: string, { signal }: CallOptions = {}): Promise<Offered<ClosureQuote>> {
  return offered(BEYOND_SPEC.closureQuote, { searchParams: { orderId }, signal });
}

/** POST /pay-order/v1/repay {orderId, purpose, kind, amount}, with the intent's Idempotency-Key → data.paymentUrl. */
export function repayFor(payload: RepayPayload, { signal, idempotencyKey }: IntentOptions): Promise<PaymentUrl> {
  return api.post('pay-order/v1/repay', PaymentUrl, { json: payload, signal, idempotencyKey });
}
