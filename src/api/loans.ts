/** The loan application calls (contract/loans.ts): precheck, calculate, apply. */
import { loanCalls, type ApplyPayload, type CalculateQuery, type CalculationResult, type Precheck } from '../../contract/loans';
import { api, type CallOptions, type IntentOptions } from './client';
import { readKey, readOrCall } from './read-ahead';

export const precheckRead = (productId: string): string => readKey(loanCalls.precheck.path, { productId });
export const calculateRead = ({ amount, period, productId }: CalculateQuery): string => readKey(loanCalls.calculate.path, { amount, period, productId });

/** The precheck: a fresh read-ahead answer (started at Apply), else the call. */
export function precheck(productId: string, { signal }: CallOptions = {}): Promise<Precheck> {
  return readOrCall(precheckRead(productId), (s) => api.call(loanCalls.precheck, { query: { productId }, signal: s }), signal);
}

/** The figures of an amount: a fresh read-ahead answer (the largest amount, read at Apply), else the call. */
export function calculate(query: CalculateQuery, { signal }: CallOptions = {}): Promise<CalculationResult> {
  const { amount, period, productId } = query;
  return readOrCall(calculateRead(query), (s) => api.call(loanCalls.calculate, { query: { amount, period, productId }, signal: s }), signal);
}

/** With the intent's Idempotency-Key. The answer's data is not used. */
export async function apply(payload: ApplyPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(loanCalls.apply, { json: payload, signal, idempotencyKey });
}
