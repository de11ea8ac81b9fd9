/** The loan application (spec §7): precheck, calculate, apply. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { ApplyPayload, CalculateQuery, CalculationResult, Precheck, PrecheckQuery } from '../loans';

export const precheck = { method: 'GET', path: '/order/v1/precheck', query: PrecheckQuery, answer: Precheck, token: true, beyondSpec: false } as const satisfies Endpoint;

export const calculate = { method: 'GET', path: '/order/v1/calculate', query: CalculateQuery, answer: CalculationResult, token: true, beyondSpec: false } as const satisfies Endpoint;

/** APPLY NOW. The spec does not use its answer's data. */
export const apply = { method: 'POST', path: '/order/v1/apply', body: ApplyPayload, answer: Ignored, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const loanCalls = { precheck, calculate, apply } as const;
