/**
 * The event cases of the verification router (tests/machines/verification.machine.test.ts,
 * tests/views/verification.test.tsx, `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { CaseList } from '../shared/cases';
import type { verificationMachine, VerificationInput } from './verification.machine';
import type { VerificationStatus } from '../../contract/verification';

const status = (flags: Partial<VerificationStatus>): VerificationStatus => ({
  userAuthConfigVoList: [{ key: 'identity' }, { key: 'face' }, { key: 'basic' }, { key: 'work' }, { key: 'contacts' }],
  basic: 0,
  work: 0,
  kycAadhaarAndPan: 0,
  kycFaceAndHold: 0,
  contact: 0,
  ...flags,
});

/** Identity done, face not: the router goes to step 2 of 5, /auth/face. An unknown key ('selfie') is skipped. */
export const FACE_PENDING: VerificationStatus = {
  ...status({ kycAadhaarAndPan: 1 }),
  userAuthConfigVoList: [{ key: 'identity' }, { key: 'selfie' }, { key: 'face' }, { key: 'basic' }, { key: 'work' }, { key: 'contacts' }],
};
export const FACE_PENDING_PATH = '/auth/face?pid=7&step=2&as=5';
export const ALL_DONE = status({ basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 });
export const STATUS_FAILURE = new Error('System busy, please try again later');

export const cases = [
  { type: 'xstate.done.actor.loadStatus', output: FACE_PENDING, actorId: 'loadStatus' },
  { type: 'xstate.done.actor.loadStatus', output: ALL_DONE, actorId: 'loadStatus' },
  { type: 'xstate.error.actor.loadStatus', error: STATUS_FAILURE, actorId: 'loadStatus' },
  { type: 'info.dismissed' },
] satisfies CaseList<typeof verificationMachine>;

/** A link with a product, and one without (?pid= missing). */
export const inputs = {
  withProduct: { pid: '7' },
  withoutProduct: { pid: '' },
} satisfies Record<string, VerificationInput>;

export function serialize(snapshot: SnapshotFrom<typeof verificationMachine>) {
  return { value: snapshot.value, error: snapshot.context.error !== null };
}
