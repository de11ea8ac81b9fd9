/**
 * The privacy centre's calls, beyond the spec (contract/beyond-spec.ts): each answers
 * `{ offered: false }` when the backend has no such call; the centre then says what it can and
 * consents are kept on the device alone (src/lib/consents.ts).
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import type { Offered } from '../../contract/offered';
import type { ConsentItem, ConsentPayload, ConsentPurpose, DeletionRequest, PrivacyOverview } from '../../contract/privacy';
import { localConsents } from '../lib/consents';
import type { CallOptions } from './client';
import { offered } from './offered';

/** GET /user/v1/privacy: the borrower's consents and deletion requests. */
export function getPrivacy({ signal }: CallOptions = {}): Promise<Offered<PrivacyOverview>> {
  return offered(BEYOND_SPEC.privacy, { signal });
}

/** POST /user/v1/consents or /user/v1/consents/withdraw {purpose}: the consent as the lender now keeps it. */
export function setConsent(purpose: ConsentPurpose, given: boolean, { signal }: CallOptions = {}): Promise<Offered<ConsentItem>> {
  const json: ConsentPayload = { purpose };
  return offered(given ? BEYOND_SPEC.giveConsent : BEYOND_SPEC.withdrawConsent, { json, signal });
}

/** POST /user/v1/deletion-requests {}: the open request (new, or the one already received). */
export function requestDeletion({ signal }: CallOptions = {}): Promise<Offered<DeletionRequest>> {
  return offered(BEYOND_SPEC.requestDeletion, { json: {}, signal });
}

/**
 * A consent given on a step (I agree, Allow): kept on the device at once, and sent to the lender
 * without waiting. The tap is the consent; a lost record is sent again at the next visit, and a lender
 * that had it withdrawn says so when the data arrives.
 */
export function noteConsentGiven(purpose: ConsentPurpose): void {
  localConsents.give(purpose);
  void setConsent(purpose, true).catch(() => undefined);
}
