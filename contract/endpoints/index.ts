/**
 * The endpoint table: every call under /api1 that the app makes or the sandbox serves. Each call's
 * entry lives in its domain's module beside its schemas (a module is bundled whole, so a screen
 * carries only its domains); this index joins them for the sandbox, the tools and the tests.
 */
import { PARAM, type Endpoint } from '../endpoint';
import { analyticsCalls } from '../analytics';
import { authCalls } from '../auth';
import { bankCalls } from '../bank';
import { bridgeCalls } from '../device';
import { closureCalls } from '../closure';
import { complaintCalls } from '../complaints';
import { contentCalls } from '../content';
import { deviceCalls } from '../device';
import { documentCalls } from '../documents';
import { extensionCalls } from '../extension';
import { homeCalls } from '../home';
import { kfsCalls } from '../kfs';
import { loanCalls } from '../loans';
import { orderCalls } from '../orders';
import { paymentCalls } from '../payments';
import { privacyCalls } from '../privacy';
import { productCalls } from '../products';
import { scheduleCalls } from '../schedule';
import { sessionCalls } from '../sessions';
import { verificationCalls } from '../verification';

export { API_BASE, pathOf, type AnswerOf, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from '../endpoint';

/** Each domain's calls, by the domain's name. */
export const ENDPOINTS_BY_DOMAIN = {
  auth: authCalls,
  bridge: bridgeCalls,
  home: homeCalls,
  products: productCalls,
  verification: verificationCalls,
  loans: loanCalls,
  bank: bankCalls,
  orders: orderCalls,
  payments: paymentCalls,
  extension: extensionCalls,
  schedule: scheduleCalls,
  content: contentCalls,
  device: deviceCalls,
  analytics: analyticsCalls,
  sessions: sessionCalls,
  documents: documentCalls,
  complaints: complaintCalls,
  closure: closureCalls,
  privacy: privacyCalls,
  kfs: kfsCalls,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every call by its name (names are unique across domains: tests/tools/endpoint-literals.test.ts). */
export const ENDPOINTS = {
  ...authCalls,
  ...bridgeCalls,
  ...homeCalls,
  ...productCalls,
  ...verificationCalls,
  ...loanCalls,
  ...bankCalls,
  ...orderCalls,
  ...paymentCalls,
  ...extensionCalls,
  ...scheduleCalls,
  ...contentCalls,
  ...deviceCalls,
  ...analyticsCalls,
  ...sessionCalls,
  ...documentCalls,
  ...complaintCalls,
  ...closureCalls,
  ...privacyCalls,
  ...kfsCalls,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Every call with its name, in the table's order. */
export const ENDPOINT_LIST: readonly (Endpoint & { readonly name: EndpointName })[] = Object.entries(ENDPOINTS).map(([name, entry]) => ({
  ...(entry as Endpoint),
  name: name as EndpointName,
}));

// Here, not in ../endpoint.ts, which the first screen loads: only the sandbox and the tools use these.

/** The path as a router pattern (`{name}` → `:name`), for a server that registers the call. */
export function routePattern(entry: Endpoint): string {
  return entry.path.replace(PARAM, ':$1');
}

/** "GET /home/v1/index": how the docs, the tests and the atlas name a call. */
export const callName = (entry: Endpoint): string => `${entry.method} ${entry.path}`;
