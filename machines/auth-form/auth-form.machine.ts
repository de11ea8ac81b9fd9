/**
 * The dynamic basic-info and work-info forms, one machine for both, built from the server's field
 * definition; the districts of the chosen state load beside the form.
 * It does not know the fields (the definition and auth-form.rules.ts do) and makes no call itself:
 * effects are provided at the edge (src/flows/auth/auth-form.effects.ts).
 */
import { and, assign, fromPromise, setup, stateIn } from 'xstate';
import type { FormAnswers, Place } from '../../contract/verification';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { AuthFormKey } from '../../i18n/en/authForm';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { stepDone, type StepStatus } from '../shared/steps';
import {
  applyChange,
  hasStateField,
  isComplete,
  isWellFormed,
  neededStateId,
  restoreValues,
  samePayload,
  shownFieldNames,
  submitPayload,
  toFields,
  validateDistricts,
  type FormDefinition,
  type FormField,
  type FormKind,
  type Values,
} from './auth-form.rules';
import { allAtFields, placeRejection, rejectionOf, toastOfRejection } from '../shared/rejection';
import { machineSentences } from '../shared/sentences';

/** What is kept across a reload or an expired session (bw.draft.auth.basic / auth.work). */
export interface AuthFormDraft extends IdempotentIntent {
  /** What the borrower typed: parameter name → value. */
  values: Values;
}

export interface AuthFormInput {
  kind: FormKind;
  /** The product being applied for (?pid=): the hub link. */
  pid: string;
  /** What the borrower typed before, and the key of a submit left unanswered. */
  draft?: AuthFormDraft | null;
}

export interface AuthFormContext extends IdempotentIntent {
  kind: FormKind;
  pid: string;
  fields: FormField[];
  values: Values;
  states: Place[];
  /** Districts by state id, as loaded. */
  districts: Record<string, Place[]>;
  /** Why the definition or the state list could not be loaded (the server's msg, or a message by key). */
  loadError: Said<AuthFormKey> | null;
  /** Required fields left empty are flagged (after a tap on submit found some). */
  flagged: boolean;
  /** The server's errorColumn messages by parameter name, until the field is changed. */
  serverErrors: Record<string, string>;
  /** Counts the moments focus should go to the first field with a problem (the view follows it). */
  attention: number;
}

export type AuthFormEvent =
  | { type: 'field.changed'; name: string; value: string }
  | { type: 'form.submitted' }
  | { type: 'form.retried' }
  | { type: 'districts.retried' };

const EDITING = '#authForm.form.submission.editing';

const withoutKey = (record: Record<string, string>, key: string): Record<string, string> => {
  if (!(key in record)) return record;
  const { [key]: _, ...rest } = record;
  return rest;
};

/** The key stays with answers that send the same request; other answers are a new intent, without one yet. */
const keyFor = (context: AuthFormContext, values: Values): string | null =>
  samePayload(context.fields, context.values, values) ? context.idempotencyKey : null;

const draftOf = (context: AuthFormContext): AuthFormDraft => ({ values: context.values, idempotencyKey: context.idempotencyKey });

export const authFormMachine = setup({
  types: {
    context: {} as AuthFormContext,
    events: {} as AuthFormEvent,
    input: {} as AuthFormInput,
  },
  actors: {
    /** GET /auth/v1/find-user-auth: is this form's step done already? */
    loadStatus: fromPromise<StepStatus>(notProvided('loadStatus')),
    /** GET /auth/v1/auth-page-info?type=baseInfo (as cannotHidden) or GET /auth/v2/auth-page-info?type=workInfo. */
    loadForm: fromPromise<FormDefinition>(notProvided('loadForm')),
    /** GET /map-state/v1/list */
    loadStates: fromPromise<Place[]>(notProvided('loadStates')),
    /** GET /map-state/v1/district/{stateId} */
    loadDistricts: fromPromise<Place[], { stateId: string }>(notProvided('loadDistricts')),
    /** POST /auth/v1/base-info or /auth/v1/work-info: parameter name → value, with the submit's key. */
    submit: fromPromise<void, { values: FormAnswers; idempotencyKey: string }>(notProvided('submit')),
  },
  actions: {
    navigate,
    /** Every change is kept (bw.draft.auth.basic / auth.work) so a reload or an expired session loses nothing. */
    persistDraft: (_, _params: { draft: AuthFormDraft }) => {},
    /** After a successful submit the draft is removed. */
    clearDraft: () => {},
    showToast: (_, _params: { message: Said<AuthFormKey> }) => {},
    /** The key of a new submit (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
  },
  guards: {
    /** find-user-auth says this form's step is done. */
    alreadyDone: ({ context }, params: { status: StepStatus }) => stepDone(params.status, context.kind),
    needsStates: (_, params: { fields: readonly FormField[] }) => hasStateField(params.fields),
    changes: ({ context, event }) => event.type === 'field.changed' && applyChange(context, event.name, event.value) !== context.values,
    /** The change makes another district list needed (or none): the districts region starts over. */
    districtsNeedChange: ({ context, event }) => {
      if (event.type !== 'field.changed') return false;
      const values = applyChange(context, event.name, event.value);
      return values !== context.values && neededStateId({ ...context, values }) !== neededStateId(context);
    },
    complete: ({ context }) => isComplete(context),
    wellFormed: ({ context }) => isWellFormed(context),
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** Every errorColumn message of the refusal names a field shown now: nothing for a toast. */
    allAtShownFields: ({ context }, params: { error: unknown }) => allAtFields(rejectionOf(params.error), shownFieldNames(context)),
    districtsNeeded: ({ context }) => neededStateId(context) !== null,
  },
}).createMachine({
  id: 'authForm',
  description: 'A verification form built from the server: basic info or work info.',
  context: ({ input }) => ({
    kind: input.kind,
    pid: input.pid,
    fields: [],
    values: input.draft?.values ?? {},
    idempotencyKey: input.draft?.idempotencyKey ?? null,
    states: [],
    districts: {},
    loadError: null,
    flagged: false,
    serverErrors: {},
    attention: 0,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'GET /auth/v1/find-user-auth, before anything else: is this step done already?',
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'alreadyDone', params: ({ event }) => ({ status: event.output }) },
            target: 'done',
            description: 'The step is done already (its flag ≠ 0): nothing to send again, so nothing typed counts any more; on to the hub, without loading the form.',
            actions: assign({ values: {}, idempotencyKey: null }),
          },
          { target: 'loading', description: 'Not done yet: the form comes next.' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => saidOf<AuthFormKey>(event.error, 'loadFailed') }),
        },
      },
    },
    loading: {
      description: 'Loading the form: its field definition, then the state list when a field is a state.',
      tags: ['loading'],
      initial: 'definition',
      states: {
        definition: {
          description: 'GET the field definition (baseInfo, or workInfo with its canHidden and cannotHidden groups).',
          invoke: {
            id: 'loadForm',
            src: 'loadForm',
            onDone: [
              {
                guard: { type: 'needsStates', params: ({ event }) => ({ fields: toFields(event.output) }) },
                target: 'states',
                description: 'A field is a state (dataType 4): the state list is needed.',
                actions: assign({ fields: ({ event }) => toFields(event.output) }),
              },
              {
                target: '#authForm.form',
                actions: assign({ fields: ({ event }) => toFields(event.output) }),
              },
            ],
            onError: {
              target: '#authForm.failed',
              actions: assign({ loadError: ({ event }) => saidOf<AuthFormKey>(event.error, 'loadFailed') }),
            },
          },
        },
        states: {
          description: 'GET /map-state/v1/list.',
          invoke: {
            id: 'loadStates',
            src: 'loadStates',
            onDone: { target: '#authForm.form', actions: assign({ states: ({ event }) => event.output }) },
            onError: {
              target: '#authForm.failed',
              actions: assign({ loadError: ({ event }) => saidOf<AuthFormKey>(event.error, 'loadFailed') }),
            },
          },
        },
      },
    },
    failed: {
      description: 'The status or the form could not be loaded: the reason and Try again, which starts again from the status. What was typed before is kept.',
      on: { 'form.retried': { target: 'checking', actions: assign({ loadError: null }) } },
    },
    form: {
      description: 'The form is shown. The draft is restored: values that no longer fit the definition (a choice gone, a state gone) are dropped.',
      type: 'parallel',
      entry: assign(({ context }) => {
        const values = restoreValues(context, context.values);
        return { values, idempotencyKey: keyFor(context, values) };
      }),
      states: {
        submission: {
          description: 'The answers: edited, checked on the tap, then sent with the key of that submit.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The borrower fills the fields. Basic: the button is active once every field is filled. Work: a tap flags unfilled required fields; when workState is 3 the canHidden fields are hidden and not required.',
              on: {
                'field.changed': {
                  guard: 'changes',
                  description:
                    'Sanitised (digits only for checkType 1, at most lengthLimitMax); another state empties its district. A change to what would be sent drops the key of an unanswered submit. Written to the draft.',
                  actions: [
                    assign(({ context, event }) => {
                      const values = applyChange(context, event.name, event.value);
                      return { values, serverErrors: withoutKey(context.serverErrors, event.name), idempotencyKey: keyFor(context, values) };
                    }),
                    { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
                  ],
                },
                'form.submitted': [
                  {
                    guard: and(['complete', 'wellFormed', 'keyed']),
                    target: 'submitting',
                    description: 'The same answers again (after a failure, or a reload while sending): the same key.',
                  },
                  {
                    guard: and(['complete', 'wellFormed']),
                    target: 'submitting',
                    description: 'New answers: a new key, kept in the draft until answered.',
                    actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
                  },
                  {
                    description:
                      "Required fields are empty ('Required', and a summary says which) or an answer is not in its format (an e-mail: the message at the field, nothing else): flagged, focus on the first.",
                    actions: assign({ flagged: true, attention: ({ context }) => context.attention + 1 }),
                  },
                ],
              },
            },
            submitting: {
              description: 'POST base-info or work-info: every visible field with a value. The form is read-only; a second tap is ignored.',
              tags: ['submitting'],
              invoke: {
                id: 'submit',
                src: 'submit',
                input: ({ context }) => ({ values: submitPayload(context.fields, context.values), idempotencyKey: intentKey(context, 'authForm') }),
                onDone: { target: '#authForm.done', actions: assign({ idempotencyKey: null }) },
                onError: [
                  {
                    guard: { type: 'allAtShownFields', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    description:
                      "Not saved, and every data.errorColumn message names a shown field: each is said once, under its field, with 'Please correct the highlighted fields.' above Submit and no toast; focus on the first. Nothing typed is lost, the key is kept.",
                    actions: assign({
                      serverErrors: ({ context, event }) => placeRejection(rejectionOf(event.error), shownFieldNames(context)).atFields,
                      attention: ({ context }) => context.attention + 1,
                    }),
                  },
                  {
                    target: 'editing',
                    description:
                      'Not saved: what names no shown field goes to a toast (those errorColumn messages as a numbered list; msg when there are none), what names one goes under it only. Nothing typed is lost, the key is kept.',
                    actions: [
                      {
                        type: 'showToast',
                        params: ({ context, event }) => ({
                          message: toastOfRejection<AuthFormKey>(rejectionOf(event.error), shownFieldNames(context), 'submitFailed'),
                        }),
                      },
                      assign(({ context, event }) => {
                        const { atFields } = placeRejection(rejectionOf(event.error), shownFieldNames(context));
                        return { serverErrors: atFields, attention: Object.keys(atFields).length ? context.attention + 1 : context.attention };
                      }),
                    ],
                  },
                ],
              },
            },
          },
        },
        districts: {
          description: 'The district list of the chosen state, loaded while the borrower keeps typing.',
          initial: 'checking',
          on: {
            'field.changed': {
              guard: and(['districtsNeedChange', stateIn(EDITING)]),
              target: '.checking',
              reenter: true,
              description: 'Another state (or the district field shown or hidden): start over; a load in flight is cancelled.',
            },
          },
          states: {
            checking: {
              description: 'Does a shown district field need the districts of a state not loaded yet?',
              always: [{ guard: 'districtsNeeded', target: 'loading' }, { target: 'idle' }],
            },
            idle: { description: 'Nothing to load: no state chosen, or its districts are here.' },
            loading: {
              description: 'GET /map-state/v1/district/{stateId}. The district dropdown waits; everything else can be typed.',
              tags: ['districtsLoading'],
              invoke: {
                id: 'loadDistricts',
                src: 'loadDistricts',
                input: ({ context }) => ({ stateId: neededStateId(context) ?? '' }),
                onDone: {
                  target: 'checking',
                  description: 'Kept by state; a restored district not in the list is emptied.',
                  actions: [
                    assign(({ context, event }) => {
                      const stateId = neededStateId(context) ?? '';
                      const districts = { ...context.districts, [stateId]: event.output };
                      const values = validateDistricts({ ...context, districts }, stateId);
                      return { districts, values, idempotencyKey: keyFor(context, values) };
                    }),
                    { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
                  ],
                },
                onError: { target: 'failed' },
              },
            },
            failed: {
              description: "The districts could not be loaded: 'Could not load the districts.' and Try again beside the district field.",
              tags: ['districtsFailed'],
              on: { 'districts.retried': 'loading' },
            },
          },
        },
      },
    },
    done: {
      description:
        'Saved now, or done before (find-user-auth): the draft is removed and /auth/index?pid= replaces the form (the hub sends the borrower on; Back does not reopen it).',
      type: 'final',
      entry: ['clearDraft', { type: 'navigate', params: ({ context }) => ({ to: paths.authHub.href(context.pid), replace: true }) }],
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const authFormSentences = machineSentences<AuthFormEvent>({
  events: {
    'field.changed': 'The borrower fills in or changes an answer',
    'form.submitted': 'The borrower taps Submit',
    'form.retried': 'The borrower taps Try again on the form',
    'districts.retried': 'The borrower taps Try again on the districts',
  },
  guards: {
    alreadyDone: 'The lender says this step is already done',
    needsStates: 'The form asks for a state, so the list of states is needed',
    changes: 'The answer differs from what was there',
    districtsNeedChange: 'The change calls for another list of districts (or none)',
    complete: 'Every required answer is filled in',
    wellFormed: 'Every answer is in its format (an e-mail is an address)',
    keyed: 'This submission already has its one-time key (a retry of the same answers)',
    allAtShownFields: 'Every problem the lender names belongs to a field on screen',
    districtsNeeded: 'A state is chosen, so its districts are needed',
  },
});
