/** The event cases of the generic resource machine (About us, Help, Product detail, Face result). */
import type { CaseList } from '../shared/cases';
import type { resourceMachine } from './resource.machine';

export const cases = [
  { type: 'xstate.done.actor.load', output: { appName: 'Borrower' }, actorId: 'load' },
  { type: 'xstate.error.actor.load', error: new Error('Service busy'), actorId: 'load' },
  { type: 'resource.retried' },
] satisfies CaseList<typeof resourceMachine>;
