/** Loan application (spec §3 'Calculation result', 'Precheck', 'Apply payload'; §7 precheck, calculate, apply). */
import * as v from 'valibot';
import { withKfsNo } from './kfs';
import { id, num, optionalCode, optionalNum, optionalObject, optionalText, text } from './common';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

export const CalculationResult = v.looseObject({
  repaymentAmount: num,
  serviceFee: num,
  gstFee: num,
  interest: num,
  /** Beyond the spec (for the Key Fact Statement; other backends may omit them): the amount priced, */
  loanAmount: optionalNum,
  /** the net disbursed amount (loan amount − processing fee − GST), */
  arriveAmount: optionalNum,
  /** the days priced, */
  period: optionalNum,
  /** and the due date if applied for now: 'YYYY-MM-DD' in IST. */
  dueDate: optionalText,
});
export type CalculationResult = v.InferOutput<typeof CalculationResult>;

export const Precheck = v.looseObject({
  /** 0 denied (see rejectStatusVO: the time left of the re-apply wait), 2 an open order exists; anything else (null too) may apply. */
  orderStatus: optionalCode,
  /** The wait left of a denial; null (the spec's 15 days) when it is missing or cannot be read. */
  rejectStatusVO: optionalObject({ day: num, hour: num }),
});
export type Precheck = v.InferOutput<typeof Precheck>;

export const ApplyPayload = v.object({
  cardId: id,
  borrowAmount: num,
  periods: num,
  productId: id,
  checkEmail: v.optional(v.unknown()),
  autoGetMoney: v.picklist([0, 1]),
  autoMoney: v.optional(v.unknown()),
  ...withKfsNo,
});
export type ApplyPayload = v.InferOutput<typeof ApplyPayload>;

/** The answer of POST /order/v1/apply: the order booked (not in the spec, which shows none; the app may ignore it). */
export const ApplyResult = v.looseObject({ orderId: id, orderNo: text });
export type ApplyResult = v.InferOutput<typeof ApplyResult>;

/** GET /order/v1/precheck?productId= */
export const PrecheckQuery = v.looseObject({ productId: id });
export type PrecheckQuery = v.InferOutput<typeof PrecheckQuery>;

/** GET /order/v1/calculate?amount=&period=&productId= (the app fixes the preview period at 7). */
export const CalculateQuery = v.looseObject({ amount: num, period: num, productId: id });
export type CalculateQuery = v.InferOutput<typeof CalculateQuery>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The loan application (spec §7): precheck, calculate, apply.

const precheck = { method: 'GET', path: '/order/v1/precheck', query: PrecheckQuery, answer: Precheck, token: true, beyondSpec: false } as const satisfies Endpoint;

const calculate = { method: 'GET', path: '/order/v1/calculate', query: CalculateQuery, answer: CalculationResult, token: true, beyondSpec: false } as const satisfies Endpoint;

/** APPLY NOW. The spec does not use its answer's data. */
const apply = { method: 'POST', path: '/order/v1/apply', body: ApplyPayload, answer: Ignored, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const loanCalls = { precheck, calculate, apply } as const;
