/**
 * The privacy centre's rules (machines/privacy/privacy.machine.ts): which consent shows how, which may
 * be given again here, and how the lender's record and the device's are read together.
 */
import type { ConsentItem, ConsentPurpose, DeletionRequest } from '../../contract/privacy';
import { CONSENT_PURPOSES } from '../../contract/privacy';

/**
 * What each consent is now: given, withdrawn, not asked yet (a step asks first), or on without being
 * asked (device information carries no personal data, so it is sent until withdrawn).
 */
export type ConsentStatus = 'given' | 'withdrawn' | 'notGiven' | 'on';

export function consentStatus(purpose: ConsentPurpose, item: ConsentItem | undefined): ConsentStatus {
  if (item?.withdrawnAt) return 'withdrawn';
  if (item?.givenAt) return 'given';
  return purpose === 'device' ? 'on' : 'notGiven';
}

/**
 * The location and device information may be allowed again here; the card images and the face photo
 * are given again on their step, which asks before anything is taken.
 */
export const givenHere = (purpose: ConsentPurpose): boolean => purpose === 'location' || purpose === 'device';

/** Withdraw is offered while the consent is in force. */
export const canWithdraw = (status: ConsentStatus): boolean => status === 'given' || status === 'on';

/** One row per purpose, in the order of CONSENT_PURPOSES: the lender's record first, else the device's. */
export function consentRows(lender: readonly ConsentItem[], device: readonly ConsentItem[]): { purpose: ConsentPurpose; item: ConsentItem | undefined }[] {
  return CONSENT_PURPOSES.map((purpose) => ({ purpose, item: lender.find((c) => c.purpose === purpose) ?? device.find((c) => c.purpose === purpose) }));
}

/** The device's record once `purpose` was given or withdrawn at `at` (a withdrawal keeps the first time). */
export function applied(consents: readonly ConsentItem[], purpose: ConsentPurpose, given: boolean, at: string): ConsentItem[] {
  const before = consents.find((c) => c.purpose === purpose);
  const next: ConsentItem = given ? { purpose, givenAt: at, withdrawnAt: '' } : { purpose, givenAt: before?.givenAt ?? '', withdrawnAt: before?.withdrawnAt || at };
  return [...consents.filter((c) => c.purpose !== purpose), next];
}

/** A request answered: it replaces the one with its id, or comes first. */
export const withRequest = (requests: readonly DeletionRequest[], request: DeletionRequest): DeletionRequest[] => [
  request,
  ...requests.filter((r) => r.id !== request.id),
];

/** A deletion request is open while received: asking again answers the same one. */
export const hasOpenRequest = (requests: readonly DeletionRequest[]): boolean => requests.some((r) => r.state === 'received');
