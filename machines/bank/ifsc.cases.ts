/**
 * The event cases of the IFSC finder (tests/machines/bank-ifsc.machine.test.ts and `npm run flows`).
 * Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { BankName, Branch, NamedPlace } from '../../contract/bank';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { IfscInput, ifscMachine } from './ifsc.machine';

export const BANKS: BankName[] = [
  { id: '1', bankName: 'State Bank of India' },
  { id: '2', bankName: 'HDFC Bank' },
];
export const STATES: NamedPlace[] = [{ id: '11', name: 'Karnataka' }];
export const CITIES: NamedPlace[] = [{ id: '111', name: 'Bengaluru' }];
export const BRANCHES: Branch[] = [
  { id: '1111', name: 'MG Road', ifsc: 'SBIN0000813' },
  { id: '1112', name: 'Koramangala', ifsc: 'SBIN0005778' },
];
export const LOAD_FAILURE = new Error('Service busy, please try again');

export const cases = [
  { type: 'search.changed', value: 'state' },
  actorDone('loadBanks', BANKS),
  actorError('loadBanks', LOAD_FAILURE),
  actorDone('loadStates', STATES),
  actorError('loadStates', LOAD_FAILURE),
  actorDone('loadCities', CITIES),
  actorError('loadCities', LOAD_FAILURE),
  actorDone('loadBranches', BRANCHES),
  actorError('loadBranches', LOAD_FAILURE),
  { type: 'list.retried' },
  { type: 'bank.chosen', id: '1' },
  { type: 'state.chosen', id: '11' },
  { type: 'city.chosen', id: '111' },
  { type: 'branch.chosen', id: '1112' },
  { type: 'level.back' },
] satisfies CaseList<typeof ifscMachine>;

export const inputs = { default: { pid: '3' } } satisfies Record<string, IfscInput>;

/** What decides what can happen next: the state, and whether a search is typed. */
export function serialize(snapshot: SnapshotFrom<typeof ifscMachine>) {
  return { value: snapshot.value, searching: snapshot.context.query !== '' };
}
