/**
 * The privacy centre's rules (machines/privacy/privacy.machine.ts): which consent shows how, which may
 * be given again here, and how the lender's record and the device's are read together.
 */
import type { ConsentItem, ConsentPurpose, DeletionRequest } from '../../contract/privacy';

/** Every purpose, in the order the centre lists them (a record, so the type checks none is missing). */
const ORDER: Record<ConsentPurpose, number> = { identity: 0, face: 1, location: 2, device: 3 };
export const PURPOSES = (Object.keys(ORDER) as ConsentPurpose[]).sort((a, b) => ORDER[a] - ORDER[b]);

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

/**
 * One row per purpose, in the order of PURPOSES: the lender's record, else the device's; a
 * withdrawal on this phone the lender has not recorded (not offered, or not told yet) shows as such,
 * since it holds here whatever the lender says.
 */
export function consentRows(lender: readonly ConsentItem[], device: readonly ConsentItem[]): { purpose: ConsentPurpose; item: ConsentItem | undefined }[] {
  return PURPOSES.map((purpose) => {
    const theirs = lender.find((c) => c.purpose === purpose);
    const ours = device.find((c) => c.purpose === purpose);
    return { purpose, item: ours?.withdrawnAt && !theirs?.withdrawnAt ? ours : (theirs ?? ours) };
  });
}

/** What `purpose` is now, as the centre shows it. */
export function statusIn(lender: readonly ConsentItem[], device: readonly ConsentItem[], purpose: ConsentPurpose): ConsentStatus {
  return consentStatus(purpose, consentRows(lender, device).find((r) => r.purpose === purpose)?.item);
}

/** Withdraw is offered while the consent is in force; Allow again once withdrawn, for what is given here. */
export const mayWithdraw = (lender: readonly ConsentItem[], device: readonly ConsentItem[], purpose: ConsentPurpose): boolean => canWithdraw(statusIn(lender, device, purpose));
export const mayGiveAgain = (lender: readonly ConsentItem[], device: readonly ConsentItem[], purpose: ConsentPurpose): boolean =>
  givenHere(purpose) && statusIn(lender, device, purpose) === 'withdrawn';

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
