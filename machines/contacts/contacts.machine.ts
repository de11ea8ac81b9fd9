/**
 * The contacts step: three emergency contacts (a relation from the server's choices, a name and a
 * mobile), checked, then sent once under one idempotency key.
 * It does not hold the checks (contacts.rules.ts does) and makes no call itself: effects are
 * provided at the edge (src/flows/auth/contacts.effects.ts).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { ContactPayload } from '../../contract/verification';
import { allAtFields, placeRejection, rejectionOf, toastOfRejection } from '../shared/rejection';
import { notProvided } from '../shared/actors';
import { say, saidOf, type Said } from '../../i18n/core';
import type { ContactsKey } from '../../i18n/en/contacts';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { stepDone, type StepStatus } from '../shared/steps';
import {
  applyContactChange,
  columnOf,
  contactPayload,
  contactsFromDraft,
  contactValues,
  contactsReady,
  isContactColumn,
  keepKnownRelations,
  type Contact,
  type ContactPart,
  type RelationChoice,
} from './contacts.rules';
import { machineSentences } from '../shared/sentences';

/** What is kept across a reload or an expired session (bw.draft.auth.contacts). */
export interface ContactsDraft extends IdempotentIntent {
  /** The payload's nine keys, as typed (contactValues). */
  values: Readonly<Record<string, string>>;
}

export interface ContactsInput {
  /** The product being applied for (?pid=): the hub link. */
  pid: string;
  /** What the borrower typed before, and the key of a submit left unanswered. */
  draft?: ContactsDraft | null;
  /** The signed-in borrower's 10-digit phone: a contact cannot be the borrower. */
  ownPhone?: string | null;
}

export interface ContactsContext extends IdempotentIntent {
  pid: string;
  contacts: readonly Contact[];
  relations: readonly RelationChoice[];
  ownPhone: string | null;
  /** Why the step cannot be filled in: the server's msg, or a message by key. */
  loadError: Said<ContactsKey> | null;
  /** After a tap on Submit found something missing: every problem is shown. */
  flagged: boolean;
  /** The server's errorColumn messages by column (oneName…), until that field is changed. */
  serverErrors: Record<string, string>;
  /** Counts the moments focus should go to the first field with a problem. */
  attention: number;
}

export type ContactsEvent =
  | { type: 'contact.changed'; index: number; part: ContactPart; value: string }
  | { type: 'contacts.submitted' }
  | { type: 'relations.retried' };

const draftOf = (context: ContactsContext): ContactsDraft => ({ values: contactValues(context.contacts), idempotencyKey: context.idempotencyKey });

export const contactsMachine = setup({
  types: {
    context: {} as ContactsContext,
    events: {} as ContactsEvent,
    input: {} as ContactsInput,
  },
  actors: {
    /** GET /auth/v1/find-user-auth: are the contacts done already? */
    loadStatus: fromPromise<StepStatus>(notProvided('loadStatus')),
    /** GET /auth/v1/auth-page-info?type=contactInfo: the relation choices (the first field with a dictionary). */
    loadRelations: fromPromise<RelationChoice[]>(notProvided('loadRelations')),
    /** POST /auth/v1/contacts, with the submit's key. */
    submit: fromPromise<void, { payload: ContactPayload; idempotencyKey: string }>(notProvided('submit')),
  },
  actions: {
    navigate,
    /** Every change is kept (bw.draft.auth.contacts) so a reload or an expired session loses nothing. */
    persistDraft: (_, _params: { draft: ContactsDraft }) => {},
    /** After a successful submit the draft is removed. */
    clearDraft: () => {},
    showToast: (_, _params: { message: Said<ContactsKey> }) => {},
    /** The key of a new submit (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
  },
  guards: {
    alreadyDone: (_, params: { status: StepStatus }) => stepDone(params.status, 'contacts'),
    noRelations: (_, params: { relations: readonly RelationChoice[] }) => params.relations.length === 0,
    changes: ({ context, event }) =>
      event.type === 'contact.changed' && applyContactChange(context.contacts, context.relations, event.index, event.part, event.value) !== context.contacts,
    ready: ({ context }) => contactsReady(context.contacts, context.ownPhone),
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** Every errorColumn message of the refusal names a contact's field: nothing for a toast. */
    allAtFields: (_, params: { error: unknown }) => allAtFields(rejectionOf(params.error), isContactColumn),
  },
}).createMachine({
  id: 'contacts',
  description: 'Three emergency contacts: relation, name and mobile each.',
  context: ({ input }) => ({
    pid: input.pid,
    contacts: contactsFromDraft(input.draft?.values),
    idempotencyKey: input.draft?.idempotencyKey ?? null,
    relations: [],
    ownPhone: input.ownPhone ?? null,
    loadError: null,
    flagged: false,
    serverErrors: {},
    attention: 0,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'GET /auth/v1/find-user-auth, before anything else: are the contacts done already?',
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'alreadyDone', params: ({ event }) => ({ status: event.output }) },
            target: 'done',
            description: 'Contacts are already done (the contact flag ≠ 0): on to the hub, without loading the choices; an unanswered submit is over.',
            actions: assign({ idempotencyKey: null }),
          },
          { target: 'loading', description: 'Not done yet: the relation choices come next.' },
        ],
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => saidOf<ContactsKey>(event.error, 'loadFailed') }) },
      },
    },
    loading: {
      description: 'GET /auth/v1/auth-page-info?type=contactInfo: the relation choices.',
      tags: ['loading'],
      invoke: {
        id: 'loadRelations',
        src: 'loadRelations',
        onDone: [
          {
            guard: { type: 'noRelations', params: ({ event }) => ({ relations: event.output }) },
            target: 'failed',
            description: 'No choices came: the step cannot be filled in.',
            actions: assign({ loadError: say<ContactsKey>('noRelations') }),
          },
          {
            target: 'editing',
            description: 'The draft is restored; a relation that is no longer a choice is emptied (and the key of an unanswered submit dropped).',
            actions: assign(({ context, event }) => {
              const relations = event.output;
              const contacts = keepKnownRelations(context.contacts, relations);
              return { relations, contacts, idempotencyKey: contacts === context.contacts ? context.idempotencyKey : null };
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => saidOf<ContactsKey>(event.error, 'loadFailed') }) },
      },
    },
    failed: {
      description: 'The status or the relation choices could not be loaded: the reason and Try again, which starts again from the status. The draft is kept.',
      tags: ['loadFailed'],
      on: { 'relations.retried': { target: 'checking', actions: assign({ loadError: null }) } },
    },
    editing: {
      description:
        "The borrower fills three contacts. Name: lowercase letters, ' and . only (capitals lower-cased). Mobile: as typed, 10 digits with or without +91, 91 or 0 before them. Submit is always active.",
      tags: ['form'],
      on: {
        'contact.changed': {
          guard: 'changes',
          description:
            'Sanitised and written to the draft; a whole mobile number that is not valid, repeated or the borrower’s own is flagged at once. A change to what would be sent drops the key of an unanswered submit.',
          actions: [
            assign(({ context, event }) => {
              const { [columnOf(event.index, event.part)]: _, ...serverErrors } = context.serverErrors;
              return {
                contacts: applyContactChange(context.contacts, context.relations, event.index, event.part, event.value),
                serverErrors,
                idempotencyKey: null,
              };
            }),
            { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
          ],
        },
        'contacts.submitted': [
          {
            guard: and(['ready', 'keyed']),
            target: 'submitting',
            description: 'The same contacts again (after a failure, or a reload while sending): the same key.',
          },
          {
            guard: 'ready',
            target: 'submitting',
            description: 'New contacts: a new key, kept in the draft until answered.',
            actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
          },
          {
            description: 'Something is missing or wrong: every problem is shown under its field and focus goes to the first.',
            actions: assign({ flagged: true, attention: ({ context }) => context.attention + 1 }),
          },
        ],
      },
    },
    submitting: {
      description: 'POST /auth/v1/contacts with the nine keys (each mobile as its 10 digits). Read-only; a second tap is ignored.',
      tags: ['form', 'submitting'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ payload: contactPayload(context.contacts), idempotencyKey: intentKey(context, 'contacts') }),
        onDone: { target: 'done', actions: assign({ idempotencyKey: null }) },
        onError: [
          {
            guard: { type: 'allAtFields', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            description:
              "Not saved, and every data.errorColumn message names a contact's field: each is said once, under its field, with 'Please correct the highlighted fields.' above Submit and no toast; focus on the first. The key is kept.",
            actions: assign({
              serverErrors: ({ event }) => placeRejection(rejectionOf(event.error), isContactColumn).atFields,
              attention: ({ context }) => context.attention + 1,
            }),
          },
          {
            target: 'editing',
            description:
              "Not saved: what names no contact's field goes to a toast (those errorColumn messages as a numbered list; msg when there are none), what names one goes under it only. The key is kept.",
            actions: [
              { type: 'showToast', params: ({ event }) => ({ message: toastOfRejection<ContactsKey>(rejectionOf(event.error), isContactColumn, 'submitFailed') }) },
              assign(({ context, event }) => {
                const { atFields } = placeRejection(rejectionOf(event.error), isContactColumn);
                return { serverErrors: atFields, attention: Object.keys(atFields).length ? context.attention + 1 : context.attention };
              }),
            ],
          },
        ],
      },
    },
    done: {
      description:
        'Saved (now, or before: find-user-auth says so): the draft is removed and /auth/index?pid= replaces the step (the hub sends the borrower on; Back does not reopen it).',
      type: 'final',
      entry: ['clearDraft', { type: 'navigate', params: ({ context }) => ({ to: paths.authHub.href(context.pid), replace: true }) }],
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const contactsSentences = machineSentences<ContactsEvent>({
  events: {
    'contact.changed': "The borrower picks a contact's relation, or types a name or a mobile",
    'contacts.submitted': 'The borrower taps Submit',
    'relations.retried': 'The borrower taps Try again on the relations',
  },
  guards: {
    alreadyDone: 'The lender says the contacts step is already done',
    noRelations: 'The lender offers no relation to pick',
    changes: 'The change differs from what was there',
    ready: "The three contacts are complete, well formed and not the borrower's own number",
    keyed: 'These contacts already have their one-time key (a retry of the same contacts)',
    allAtFields: "Every problem the lender names belongs to a contact's field",
  },
});
