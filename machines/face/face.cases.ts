/**
 * The event cases of the face step (tests/machines/face.machine.test.ts, tests/views/face.test.tsx,
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { CaseList } from '../shared/cases';
import type { faceMachine, FaceInput } from './face.machine';

export const CONFIG_FAILURE = new Error('Service busy, please try again');
export const HOLD_FAILURE = new Error('Please Upload Face Recognition ');

export const cases = [
  { type: 'xstate.done.actor.loadConfig', output: { needsHold: false }, actorId: 'loadConfig' },
  { type: 'xstate.done.actor.loadConfig', output: { needsHold: true }, actorId: 'loadConfig' },
  { type: 'xstate.error.actor.loadConfig', error: CONFIG_FAILURE, actorId: 'loadConfig' },
  { type: 'config.retried' },
  { type: 'consent.given' },
  { type: 'photo.checked', status: 1 },
  { type: 'photo.checked', status: 2 },
  { type: 'photo.changed' },
  { type: 'face.submitted' },
  { type: 'xstate.done.actor.livingHold', output: undefined, actorId: 'livingHold' },
  { type: 'xstate.error.actor.livingHold', error: HOLD_FAILURE, actorId: 'livingHold' },
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
