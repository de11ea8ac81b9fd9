/** Products (spec §3 'Product info'; §7 GET /product/v1/product-info?id={pid}). */
import * as v from 'valibot';
import { id, lines, list, num, numbers, optionalNum, text } from './common';
import type { Endpoint } from './endpoint';

/** GET /product/v1/product-info?id={pid} */
export const ProductQuery = v.looseObject({ id });
export type ProductQuery = v.InferOutput<typeof ProductQuery>;

export const ProductDetailSection = v.looseObject({ title: text, content: lines });
export const ProductInfo = v.looseObject({
  /** Ascending; items that are not amounts are left out. */
  amountList: v.pipe(numbers, v.transform((a) => [...a].sort((x, y) => x - y))),
  period: num,
  /** Interest as a fraction per day. */
  interestRate: num,
  /** Lending time, as the backend words it (e.g. "2 hours"). */
  loanProcessingTime: text,
  /** Rating. */
  score: optionalNum,
  serviceRate: optionalNum,
  slogan: text,
  periodList: numbers,
  /** detail[0].content: eligibility lines; detail[1].content: requirement lines. */
  detail: list(ProductDetailSection),
});
export type ProductInfo = v.InferOutput<typeof ProductInfo>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// A product's page (spec §7).

/** ?id={pid} */
const productInfo = { method: 'GET', path: '/product/v1/product-info', query: ProductQuery, answer: ProductInfo, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const productCalls = { productInfo } as const;
