/**
 * The event cases of "Add bank account" (tests/machines/bank-add.machine.test.ts and `npm run flows`).
 * Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { BankCard } from '../../contract/bank';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { BankAddInput, bankAddMachine } from './bank-add.machine';
import { firstProblem } from './bank-add.rules';

export const IFSC = 'SBIN0001234';
export const ACCOUNT = '123456789012';
export const NEW_CARD: BankCard = { id: '501', cardNo: ACCOUNT, bankCode: IFSC };
export const REFUSED = new Error('This account is already added');

export const cases = [
  { type: 'field.changed', field: 'ifsc', value: 'sbin0001234' },
  { type: 'field.changed', field: 'ifsc', value: 'SBIN1234' },
  { type: 'field.changed', field: 'account', value: ACCOUNT },
  { type: 'field.changed', field: 'confirm', value: ACCOUNT },
  { type: 'field.changed', field: 'confirm', value: '123456789013' },
  { type: 'form.submitted' },
  actorDone('bind', NEW_CARD),
  actorError('bind', REFUSED),
] satisfies CaseList<typeof bankAddMachine>;

/** The key of a bind sent before a reload, kept in the draft. */
export const DRAFT_KEY = 'draft-key-bank-0001';

/**
 * A first visit; a return from the finder with the IFSC (what was typed before kept); a reload in the
 * middle of a bind (its key kept); and a return from the finder with another IFSC over such a draft
 * (a new intent: the key goes).
 */
export const inputs = {
  fresh: { pid: '3', ifscCode: null, draft: null, clientId: 'in.borrower.h5' },
  fromFinder: { pid: '3', ifscCode: 'sbin0001234', draft: { values: { ifsc: '', account: ACCOUNT, confirm: '' }, idempotencyKey: null }, clientId: 'in.borrower.h5' },
  reloadedWhileSending: { pid: '3', ifscCode: IFSC, draft: { values: { ifsc: IFSC, account: ACCOUNT, confirm: ACCOUNT }, idempotencyKey: DRAFT_KEY }, clientId: 'in.borrower.h5' },
  otherIfscFromFinder: {
    pid: '3',
    ifscCode: 'HDFC0000001',
    draft: { values: { ifsc: IFSC, account: ACCOUNT, confirm: ACCOUNT }, idempotencyKey: DRAFT_KEY },
    clientId: 'in.borrower.h5',
  },
} satisfies Record<string, BankAddInput>;

/** What decides what can happen next: the state, the first problem, whether problems show, the key. */
export function serialize(snapshot: SnapshotFrom<typeof bankAddMachine>) {
  const c = snapshot.context;
  return { value: snapshot.value, values: c.values, problem: firstProblem(c.values), flagged: c.flagged, keyed: c.idempotencyKey !== null };
}
