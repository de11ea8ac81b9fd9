/**
 * The event cases of the rating prompt (tests/machines/rating.machine.test.ts, tests/views/rating.test.tsx,
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import { actorDone, actorError, delayElapsed, type CaseList } from '../shared/cases';
import { rateMachine, type RateContext } from './rate.machine';
import { NO_SHELL, TIMEOUT } from './rating.fixtures';

export const cases = [
  { type: 'evaluate.tapped' },
  { type: 'cancel.tapped' },
  actorDone('openStoreReview', undefined),
  actorError('openStoreReview', NO_SHELL),
  actorError('openStoreReview', TIMEOUT),
  delayElapsed(rateMachine, 'closeDelay', 'rate.waiting'),
  actorDone('closeWebview', undefined),
  actorError('closeWebview', NO_SHELL),
  actorError('closeWebview', TIMEOUT),
] satisfies CaseList<typeof rateMachine>;

/** What decides what can happen next: the state and the notice shown. */
export function serialize(snapshot: { value: unknown; context: RateContext }) {
  return { value: snapshot.value, notice: snapshot.context.notice };
}
