/** The loan application calls (spec §7): precheck, calculate, apply. */
import { api, type CallOptions, type IntentOptions } from './client';
import { Ignored } from '../../contract/common';
import { CalculationResult, Precheck, type ApplyPayload, type CalculateQuery } from '../../contract/loans';

/** GET /order/v1/precheck?productId= */
export function precheck(productId: string, { signal }: CallOptions = {}): Promise<Precheck> {
  return api.get('order/v1/precheck', Precheck, { searchParams: { productId }, signal });
}

/** GET /order/v1/calculate?amount=&period=&productId= */
export function calculate({ amount, period, productId }: CalculateQuery, { signal }: CallOptions = {}): Promise<CalculationResult> {
  return api.get('order/v1/calculate', CalculationResult, { searchParams: { amount, period, productId }, signal });
}

/** POST /order/v1/apply (the apply payload), with the intent's Idempotency-Key. The answer's data is not used. */
export async function apply(payload: ApplyPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('order/v1/apply', Ignored, { json: payload, signal, idempotencyKey });
}
