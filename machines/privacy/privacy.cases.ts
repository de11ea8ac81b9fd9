/**
 * The event cases of the privacy centre (tests/machines/privacy.machine.test.ts, the view tests and
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { ConsentItem, DeletionRequest, PrivacyOverview } from '../../contract/privacy';
import { hasOpenRequest, PURPOSES, statusIn } from './privacy.rules';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { PrivacyContext, PrivacyInput, privacyMachine } from './privacy.machine';

export const IDENTITY_GIVEN: ConsentItem = { purpose: 'identity', givenAt: '2026-05-01 10:00:00', withdrawnAt: '' };
export const LOCATION_GIVEN: ConsentItem = { purpose: 'location', givenAt: '2026-05-02 09:30:00', withdrawnAt: '' };
export const LOCATION_WITHDRAWN: ConsentItem = { ...LOCATION_GIVEN, withdrawnAt: '2026-05-03 18:45:00' };
export const RECEIVED: DeletionRequest = { id: 'req-1', state: 'received', requestedAt: '2026-05-04 11:00:00', decidedAt: '', reason: '' };
export const DECLINED: DeletionRequest = { id: 'req-0', state: 'declined', requestedAt: '2026-04-01 11:00:00', decidedAt: '2026-04-02 12:00:00', reason: 'Your loan is still open.' };
export const OVERVIEW: PrivacyOverview = { consents: [IDENTITY_GIVEN, LOCATION_GIVEN], deletionRequests: [DECLINED] };

export const LOAD_FAILURE = new Error('Service busy, please try again');
export const SAVE_FAILURE = new Error('Network busy');
export const DELETION_FAILURE = new Error('Service busy, please try again');

/** This phone kept the location consent given (the dialog on home). */
export const inputs: Record<string, PrivacyInput> = {
  device: { device: [{ purpose: 'location', givenAt: '2026-05-02T04:00:00.000Z', withdrawnAt: '' }], now: () => '2026-05-05T06:30:00.000Z' },
};

export const cases = [
  actorDone('loadPrivacy', { offered: true, value: OVERVIEW }),
  actorDone('loadPrivacy', { offered: false }),
  actorError('loadPrivacy', LOAD_FAILURE),
  { type: 'privacy.retried' },
  { type: 'consent.withdrawn', purpose: 'location' },
  { type: 'consent.given', purpose: 'location' },
  { type: 'consent.given', purpose: 'identity' },
  actorDone('saveConsent', { offered: true, value: LOCATION_WITHDRAWN }),
  actorDone('saveConsent', { offered: false }),
  actorError('saveConsent', SAVE_FAILURE),
  { type: 'deletion.asked' },
  { type: 'deletion.cancelled' },
  { type: 'deletion.confirmed' },
  actorDone('requestDeletion', { offered: true, value: RECEIVED }),
  actorDone('requestDeletion', { offered: false }),
  actorError('requestDeletion', DELETION_FAILURE),
] as const satisfies CaseList<typeof privacyMachine>;

/** What of a snapshot decides the future: the state, whether a request is open, and what each consent is. */
export const serialize = (s: { value: unknown; context: PrivacyContext }) =>
  JSON.stringify([s.value, hasOpenRequest(s.context.requests), PURPOSES.map((p) => statusIn(s.context.consents, s.context.device, p))]);
