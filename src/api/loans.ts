/** The loan application calls (contract/loans.ts): precheck, calculate, apply. */
import { loanCalls, type ApplyPayload, type CalculateQuery, type CalculationResult, type Precheck } from '../../contract/loans';
import { api, type CallOptions, type IntentOptions } from './client';
import { readKey, readOrCall } from './read-ahead';

export const precheckRead = (productId: string): string => readKey(loanCalls.precheck.path, { productId });

/** The precheck: a fresh read-ahead answer (started at Apply), else the call. */
export function precheck(productId: string, { signal }: CallOptions = {}): Promise<Precheck> {
  return readOrCall(precheckRead(productId), (s) => api.call(loanCalls.precheck, { query: { productId }, signal: s }), signal);
}

export function calculate({ amount, period, productId }: CalculateQuery, { signal }: CallOptions = {}): Promise<CalculationResult> {
  return api.call(loanCalls.calculate, { query: { amount, period, productId }, signal });
}

/** With the intent's Idempotency-Key. The answer's data is not used. */
export async function apply(payload: ApplyPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(loanCalls.apply, { json: payload, signal, idempotencyKey });
}
