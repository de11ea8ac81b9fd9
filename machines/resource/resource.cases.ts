/** The event cases of the generic resource machine (About us, Help, Product detail). */
import type { CaseList } from '../../tests/support/model';
import type { resourceMachine } from './resource.machine';

export const cases = [
  { type: 'xstate.done.actor.load', output: { appName: 'Borrower' }, actorId: 'load' },
  { type: 'xstate.error.actor.load', error: new Error('Service busy'), actorId: 'load' },
  { type: 'resource.retried' },
] satisfies CaseList<typeof resourceMachine>;
