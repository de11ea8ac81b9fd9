/**
 * The privacy centre's calls, beyond the spec: each answers `{ offered: false }` when the backend has
 * no such call; the centre then says what it can and consents are kept on the device alone.
 */
import { privacyCalls, type ConsentItem, type ConsentPayload, type ConsentPurpose, type DeletionRequest, type PrivacyOverview } from '../../contract/privacy';
import type { Offered } from '../../contract/offered';
import { localConsents } from '../lib/consents';
import type { CallOptions } from './client';
import { offered } from './offered';

/** The borrower's consents and deletion requests. */
export function getPrivacy({ signal }: CallOptions = {}): Promise<Offered<PrivacyOverview>> {
  return offered(privacyCalls.privacy, { signal });
}

/** Gives or withdraws a consent: the consent as the lender now keeps it. */
export function setConsent(purpose: ConsentPurpose, given: boolean, { signal }: CallOptions = {}): Promise<Offered<ConsentItem>> {
  const json: ConsentPayload = { purpose };
  return offered(given ? privacyCalls.giveConsent : privacyCalls.withdrawConsent, { json, signal });
}

/** The open deletion request (new, or the one already received). */
export function requestDeletion({ signal }: CallOptions = {}): Promise<Offered<DeletionRequest>> {
  return offered(privacyCalls.requestDeletion, { json: {}, signal });
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
