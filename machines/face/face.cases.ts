/**
 * The event cases of the face step (tests/machines/face.machine.test.ts, tests/views/face.test.tsx,
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { LivingCheckConfig } from '../../contract/verification';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { StepStatus } from '../shared/steps';
import type { FaceInput, faceMachine } from './face.machine';

export const STATUS_FAILURE = new Error('Network busy, please try again');
export const CONFIG_FAILURE = new Error('Service busy, please try again');
export const HOLD_FAILURE = new Error('Please Upload Face Recognition ');

/** find-user-auth's flags: the face step not done yet (identity done before it), and every step done. */
export const FACE_PENDING: StepStatus = { kycAadhaarAndPan: 1, kycFaceAndHold: 0, basic: 0, work: 0, contact: 0 };
/** The face step was done before this visit (a second tab, Back, a link): nothing to redo, nothing more to load. */
export const FACE_DONE: StepStatus = { kycAadhaarAndPan: 1, kycFaceAndHold: 1, basic: 1, work: 1, contact: 1 };

/** The living-check config as read: no hold (also what a config the app cannot read gives), or a hold after the check. */
export const NO_HOLD: LivingCheckConfig = { needsHold: false };
export const HOLD: LivingCheckConfig = { needsHold: true };

export const cases = [
  actorDone('loadStatus', FACE_PENDING),
  actorDone('loadStatus', FACE_DONE),
  actorError('loadStatus', STATUS_FAILURE),
  actorDone('loadConfig', NO_HOLD),
  actorDone('loadConfig', HOLD),
  actorError('loadConfig', CONFIG_FAILURE),
  { type: 'load.retried' },
  { type: 'consent.given' },
  { type: 'photo.checked', status: 1 },
  { type: 'photo.checked', status: 2 },
  { type: 'photo.changed' },
  { type: 'face.submitted' },
  actorDone('livingHold', undefined),
  actorError('livingHold', HOLD_FAILURE),
] satisfies CaseList<typeof faceMachine>;

/** Step 2 of 5 for product 7; the result page is /auth/callback?pid=7&step=2&as=5. */
export const inputs = {
  step: { query: { pid: '7', step: 2, total: 5 } },
} satisfies Record<string, FaceInput>;

/** What decides what can happen next: the state, the config, the check's status, whether an error shows. */
export function serialize(snapshot: SnapshotFrom<typeof faceMachine>) {
  const c = snapshot.context;
  return { value: snapshot.value, needsHold: c.needsHold, checked: c.checked?.status ?? 'none', error: c.error !== null };
}
