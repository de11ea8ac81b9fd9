/**
 * The event cases of the dynamic-form machine (tests/machines/auth-form.machine.test.ts and
 * `npm run flows` → flows/auth-form.md). One small definition serves both kinds: a workState
 * dropdown, a state and its district that cannot be hidden, a text field that can. The kind only
 * decides whether the button waits for every field (basic) or flags what is missing (work). A plain
 * definition without a state has an optional e-mail, checked for its format before sending.
 * Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { AuthPageField, Place } from '../../contract/verification';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { StepStatus } from '../shared/steps';
import type { AuthFormInput, authFormMachine } from './auth-form.machine';
import { isComplete, isWellFormed, neededStateId, type FormDefinition } from './auth-form.rules';

/** A field definition with the usual defaults (required, not numeric, no limit); `over` sets the rest. */
export const field = (over: Partial<AuthPageField> & Pick<AuthPageField, 'key' | 'value' | 'dataType'>): AuthPageField => ({
  checkReq: 1,
  checkType: 0,
  lengthLimitMax: null,
  label: '',
  dictionaryVoList: [],
  ...over,
});

export const DEFINITION: FormDefinition = {
  cannotHidden: [
    field({
      key: 'Employment type',
      value: 'workState',
      dataType: 0,
      dictionaryVoList: [
        { dictLabel: 'Salaried', dictValue: '1' },
        { dictLabel: 'Unemployed / student', dictValue: '3' },
      ],
    }),
    field({ key: 'State', value: 'state', dataType: 4 }),
    field({ key: 'District', value: 'district', dataType: 5 }),
  ],
  canHidden: [field({ key: 'Company name', value: 'companyName', dataType: 1, lengthLimitMax: 60 })],
};
/** A definition without a state field (no state list is loaded), with an optional e-mail (its format is checked). */
export const PLAIN_DEFINITION: FormDefinition = {
  cannotHidden: [
    field({ key: 'PIN code', value: 'pinCode', dataType: 1, checkType: 1, lengthLimitMax: 6 }),
    field({ key: 'Email', value: 'email', dataType: 1, checkReq: 0, lengthLimitMax: 60 }),
  ],
  canHidden: [],
};

/** find-user-auth's flags: basic and work not done yet (identity and face done before them), and every step done. */
export const FORMS_PENDING: StepStatus = { kycAadhaarAndPan: 1, kycFaceAndHold: 1, basic: 0, work: 0, contact: 0 };
export const ALL_DONE: StepStatus = { kycAadhaarAndPan: 1, kycFaceAndHold: 1, basic: 1, work: 1, contact: 1 };

export const STATES: Place[] = [
  { id: '10', name: 'Karnataka' },
  { id: '20', name: 'Kerala' },
];
/** Districts as loaded (the same list serves every state of the cases: the ids are what matters). */
export const DISTRICTS: Place[] = [{ id: '10001', name: 'Bengaluru Urban' }];

export const STATUS_FAILURE = new Error('Network busy, please try again');
export const LOAD_FAILURE = new Error('Service busy, please try again');
export const REJECTED = Object.assign(new Error('Please check the highlighted fields'), {
  columns: [
    { column: 'companyName', msg: 'Company name can be at most 60 characters' },
    { column: 'district', msg: 'This district is not in Karnataka' },
  ],
});
export const REJECTED_PLAIN = new Error('Service busy, please try again later');
/** The sandbox's PIN-code refusal: said under the PIN code of the plain form only; a toast on a form without one. */
export const REJECTED_PIN = Object.assign(new Error('Please check the highlighted fields'), {
  columns: [{ column: 'pinCode', msg: 'PIN code must be 6 digits and cannot start with 0' }],
});

export const cases = [
  actorDone('loadStatus', FORMS_PENDING),
  // The step was done before this visit (a second tab, Back, a link): nothing to send again.
  actorDone('loadStatus', ALL_DONE),
  actorError('loadStatus', STATUS_FAILURE),
  actorDone('loadForm', DEFINITION),
  actorDone('loadForm', PLAIN_DEFINITION),
  actorError('loadForm', LOAD_FAILURE),
  { type: 'xstate.done.actor.loadStates', output: STATES, actorId: 'loadStates' },
  { type: 'xstate.error.actor.loadStates', error: LOAD_FAILURE, actorId: 'loadStates' },
  { type: 'form.retried' },
  { type: 'field.changed', name: 'workState', value: '1' },
  { type: 'field.changed', name: 'workState', value: '3' },
  { type: 'field.changed', name: 'state', value: '10' },
  { type: 'field.changed', name: 'state', value: '20' },
  { type: 'field.changed', name: 'district', value: '10001' },
  { type: 'field.changed', name: 'companyName', value: 'Acme' },
  { type: 'field.changed', name: 'pinCode', value: '560001' },
  { type: 'field.changed', name: 'email', value: 'asha@' },
  { type: 'field.changed', name: 'email', value: 'asha@example.com' },
  { type: 'xstate.done.actor.loadDistricts', output: DISTRICTS, actorId: 'loadDistricts' },
  { type: 'xstate.error.actor.loadDistricts', error: LOAD_FAILURE, actorId: 'loadDistricts' },
  { type: 'districts.retried' },
  { type: 'form.submitted' },
  { type: 'xstate.done.actor.submit', output: undefined, actorId: 'submit' },
  { type: 'xstate.error.actor.submit', error: REJECTED, actorId: 'submit' },
  { type: 'xstate.error.actor.submit', error: REJECTED_PLAIN, actorId: 'submit' },
  { type: 'xstate.error.actor.submit', error: REJECTED_PIN, actorId: 'submit' },
] satisfies CaseList<typeof authFormMachine>;

/** The key of a submit sent before a reload, kept in the draft. */
export const DRAFT_KEY = 'draft-key-0001';

/**
 * Both kinds, fresh and restored from a draft: a district that no longer exists (its submit's key
 * goes with it), a state that no longer exists, complete answers whose submit a reload left unanswered.
 */
export const inputs = {
  basic: { kind: 'basic', pid: '7', draft: null },
  work: { kind: 'work', pid: '7', draft: null },
  basicRestored: { kind: 'basic', pid: '7', draft: { values: { workState: '1', state: '10', district: '10999', companyName: 'Acme' }, idempotencyKey: DRAFT_KEY } },
  workRestoredGoneState: { kind: 'work', pid: '7', draft: { values: { workState: '3', state: '99', district: '99001' }, idempotencyKey: null } },
  workReloadedWhileSending: { kind: 'work', pid: '7', draft: { values: { workState: '3', state: '10', district: '10001' }, idempotencyKey: DRAFT_KEY } },
} satisfies Record<string, AuthFormInput>;

/** What decides what can happen next: the state, which fields are filled, the chosen state and the lists loaded. */
export function serialize(snapshot: SnapshotFrom<typeof authFormMachine>) {
  const c = snapshot.context;
  return {
    value: snapshot.value,
    kind: c.kind,
    fields: c.fields.length,
    filled: Object.keys(c.values)
      .filter((k) => c.values[k])
      .sort(),
    hiding: c.values.workState === '3',
    state: c.values.state ?? '',
    complete: isComplete(c),
    wellFormed: isWellFormed(c),
    needed: neededStateId(c),
    flagged: c.flagged,
    serverErrors: Object.keys(c.serverErrors).length > 0,
    keyed: c.idempotencyKey !== null,
  };
}
