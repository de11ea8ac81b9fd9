/** The loan application (spec §7): precheck, calculate, apply. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { ApplyPayload, CalculateQuery, CalculationResult, Precheck, PrecheckQuery } from '../loans';

export const loanCalls = {
  precheck: { method: 'GET', path: '/order/v1/precheck', query: PrecheckQuery, answer: Precheck, token: true, beyondSpec: false },
  calculate: { method: 'GET', path: '/order/v1/calculate', query: CalculateQuery, answer: CalculationResult, token: true, beyondSpec: false },
  /** APPLY NOW. The spec does not use its answer's data. */
  apply: { method: 'POST', path: '/order/v1/apply', body: ApplyPayload, answer: Ignored, token: true, beyondSpec: false, intent: true, money: true },
} as const satisfies Record<string, Endpoint>;
