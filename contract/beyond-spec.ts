/**
 * The calls beyond the spec that the app makes: a view of the endpoint table (./endpoints/index.ts), each
 * entry marked `beyondSpec`. A backend may not have them, so the app makes them through `offered`,
 * and every screen that uses one has a state for "not offered" that does what the spec says.
 */
import type { Endpoint } from './endpoint';
import { closureCalls } from './closure';
import { complaintCalls } from './complaints';
import { documentCalls } from './documents';
import { kfsCalls } from './kfs';
import { paymentCalls } from './payments';
import { privacyCalls } from './privacy';
import { sessionCalls } from './sessions';

export { answersNotOffered, UNKNOWN_PATH_MSG, type Offered } from './offered';

/** A call of the table that the spec does not name. */
export type BeyondSpecCall = Endpoint & { readonly beyondSpec: true };

/** The app's calls beyond the spec, by their names in the endpoint table. */
export const BEYOND_SPEC = {
  ...sessionCalls,
  listPayments: paymentCalls.listPayments,
  ...documentCalls,
  ...complaintCalls,
  ...closureCalls,
  ...privacyCalls,
  ...kfsCalls,
} as const satisfies Record<string, BeyondSpecCall>;
