/** The loan application calls (contract/loans.ts): precheck, calculate, apply. */
import { loanCalls, type ApplyPayload, type CalculateQuery, type CalculationResult, type Precheck } from '../../contract/loans';
import { api, type CallOptions, type IntentOptions } from './client';

export function precheck(productId: string, { signal }: CallOptions = {}): Promise<Precheck> {
  return api.call(loanCalls.precheck, { query: { productId }, signal });
}

export function calculate({ amount, period, productId }: CalculateQuery, { signal }: CallOptions = {}): Promise<CalculationResult> {
  return api.call(loanCalls.calculate, { query: { amount, period, productId }, signal });
}

/** With the intent's Idempotency-Key. The answer's data is not used. */
export async function apply(payload: ApplyPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(loanCalls.apply, { json: payload, signal, idempotencyKey });
}
