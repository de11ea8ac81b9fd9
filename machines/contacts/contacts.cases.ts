/**
 * The event cases of the contacts machine (tests/machines/contacts.machine.test.ts and
 * `npm run flows` → flows/contacts.md). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { VerificationStatus } from '../../contract/verification';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { contactsMachine, ContactsInput } from './contacts.machine';
import { CONTACT_SLOTS, contactProblems, contactsReady, hasProblems, type RelationChoice } from './contacts.rules';

export const RELATIONS: RelationChoice[] = [
  { value: '1', label: 'Parents' },
  { value: '6', label: 'Friend' },
];
export const OWN_PHONE = '9000000001';
export const MOBILES = ['9876543210', '8765432109', '7654321098'] as const;
export const STATUS_FAILURE = new Error('Network busy, please try again');
export const LOAD_FAILURE = new Error('Service busy, please try again');
/** find-user-auth with the contacts step still to do, and with it done (the contact flag 1). */
export const STATUS_OPEN: VerificationStatus = {
  userAuthConfigVoList: [{ key: 'identity' }, { key: 'face' }, { key: 'basic' }, { key: 'work' }, { key: 'contacts' }],
  basic: 1,
  work: 1,
  kycAadhaarAndPan: 1,
  kycFaceAndHold: 1,
  contact: 0,
};
export const STATUS_DONE: VerificationStatus = { ...STATUS_OPEN, contact: 1 };
export const REJECTED = Object.assign(new Error('Please check the highlighted fields'), {
  columns: [
    { column: 'oneMobile', msg: 'Contact 1 mobile is not valid' },
    { column: 'twoName', msg: 'Contact 2 name is not valid' },
  ],
});
export const REJECTED_PLAIN = new Error('Service busy, please try again later');

export const cases = [
  actorDone('loadStatus', STATUS_OPEN),
  actorDone('loadStatus', STATUS_DONE),
  actorError('loadStatus', STATUS_FAILURE),
  actorDone('loadRelations', RELATIONS),
  // No choices came: the step cannot be filled in.
  actorDone('loadRelations', []),
  actorError('loadRelations', LOAD_FAILURE),
  { type: 'relations.retried' },
  ...[0, 1, 2].flatMap((index) => [
    { type: 'contact.changed' as const, index, part: 'relation' as const, value: '1' },
    { type: 'contact.changed' as const, index, part: 'name' as const, value: 'Ravi Kumar' },
    { type: 'contact.changed' as const, index, part: 'mobile' as const, value: MOBILES[index]! },
  ]),
  // A number that cannot be a mobile, a number given twice, the borrower's own.
  { type: 'contact.changed', index: 0, part: 'mobile', value: '5123456789' },
  { type: 'contact.changed', index: 1, part: 'mobile', value: MOBILES[0] },
  { type: 'contact.changed', index: 2, part: 'mobile', value: OWN_PHONE },
  // A 0 typed before a number, waiting for its tenth digit: not a wrong number yet.
  { type: 'contact.changed', index: 0, part: 'mobile', value: '0987654321' },
  { type: 'contacts.submitted' },
  { type: 'xstate.done.actor.submit', output: undefined, actorId: 'submit' },
  { type: 'xstate.error.actor.submit', error: REJECTED, actorId: 'submit' },
  { type: 'xstate.error.actor.submit', error: REJECTED_PLAIN, actorId: 'submit' },
] satisfies CaseList<typeof contactsMachine>;

/** The key of a submit sent before a reload, kept in the draft. */
export const DRAFT_KEY = 'draft-key-0001';
/** Three complete contacts, as the draft keeps them. */
const PEOPLE = Object.fromEntries(
  CONTACT_SLOTS.flatMap((slot, i) => [
    [`${slot}Relation`, '1'],
    [`${slot}Name`, 'ravikumar'],
    [`${slot}Mobile`, MOBILES[i]!],
  ]),
);

export const inputs = {
  fresh: { pid: '7', draft: null, ownPhone: OWN_PHONE },
  /** A reload: contact 1 complete, contact 2 with a relation that is no longer offered (its submit's key goes with it). */
  restored: {
    pid: '7',
    draft: { values: { oneRelation: '6', oneName: 'asha', oneMobile: MOBILES[0], twoRelation: '42', twoName: "d'souza" }, idempotencyKey: DRAFT_KEY },
    ownPhone: OWN_PHONE,
  },
  /** A reload while the three contacts were being sent: the draft has the submit's key. */
  reloadedWhileSending: { pid: '7', draft: { values: PEOPLE, idempotencyKey: DRAFT_KEY }, ownPhone: OWN_PHONE },
} satisfies Record<string, ContactsInput>;

/** The state, how much is filled, whether something is wrong, whether problems are flagged. */
export function serialize(snapshot: SnapshotFrom<typeof contactsMachine>) {
  const c = snapshot.context;
  return {
    value: snapshot.value,
    filled: c.contacts.reduce((n, x) => n + Number(!!x.relation) + Number(!!x.name) + Number(!!x.mobile), 0),
    wrong: hasProblems(contactProblems(c.contacts, c.ownPhone, false)),
    ready: contactsReady(c.contacts, c.ownPhone),
    flagged: c.flagged,
    serverErrors: Object.keys(c.serverErrors).length > 0,
    keyed: c.idempotencyKey !== null,
  };
}
