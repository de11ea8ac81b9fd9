/** Home (spec §3 'Home product', 'Home in-progress item'; §7 GET /home/v1/index). */
import * as v from 'valibot';
import { codeOr, id, list, num, optionalCode, optionalNum, text } from './common';
import type { Endpoint } from './endpoint';

export const HomeProduct = v.looseObject({
  id,
  name: text,
  logo: text,
  maxAmount: num,
  /** Loan period in days. */
  period: num,
  /** Interest as a fraction per day (0.001 = 0.1% per day). */
  rate: num,
  /** 0 means it can be applied for (also when a backend sends nothing the app can read: the precheck decides). */
  isFull: codeOr(0),
  /** 0 is a partner product, which leaves the app for its h5Href. */
  productType: optionalCode,
  h5Href: text,
});
export type HomeProduct = v.InferOutput<typeof HomeProduct>;

export const InProgressItem = v.looseObject({
  orderId: id,
  orderState: num,
  name: text,
  logo: text,
  amount: optionalNum,
  fullButtonName: text,
});
export type InProgressItem = v.InferOutput<typeof InProgressItem>;

export const HomeResponse = v.looseObject({
  /** 1 single-product layout, 2 multi-product layout. */
  userStatus: num,
  homeProductVos: list(HomeProduct),
  undwayList: list(InProgressItem),
});
export type HomeResponse = v.InferOutput<typeof HomeResponse>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The home screen's one call (spec §7).

const home = { method: 'GET', path: '/home/v1/index', answer: HomeResponse, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const homeCalls = { home } as const;
