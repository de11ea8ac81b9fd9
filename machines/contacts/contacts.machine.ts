/**
 * The contacts step (spec §2 'Contacts', §3 'Contact payload', §5 'Contacts', §8): three emergency
 * contacts, each with a relation (choices from the server), a name and a mobile.
 *
 * loading the relation choices → editing (every change sanitised by contacts.rules.ts and written
 * to the draft; a tap on Submit with something missing or wrong flags it and focuses the first) →
 * submitting → done (the draft is removed, back to the verification hub) | editing again with the
 * server's errorColumn messages as a numbered list in a toast (and under the fields).
 *
 * Effects are placeholders provided at the edge (src/flows/auth/ContactsRoute.tsx).
 */
import { assign, fromPromise, setup } from 'xstate';
import { columnErrors, rejectionOf, rejectionText } from '../auth-form/auth-form.rules';
import { notProvided } from '../shared/actors';
import { messageOf } from '../shared/errors';
import {
  applyContactChange,
  columnOf,
  CONTACT_MESSAGES,
  contactPayload,
  contactsFromDraft,
  contactsReady,
  keepKnownRelations,
  type Contact,
  type ContactPart,
  type ContactPayloadLike,
  type RelationChoice,
} from './contacts.rules';

export interface ContactsInput {
  /** The draft: the payload's nine keys. */
  draft?: Readonly<Record<string, string>> | null;
  /** The signed-in borrower's 10-digit phone: a contact cannot be the borrower. */
  ownPhone?: string | null;
}

export interface ContactsContext {
  contacts: readonly Contact[];
  relations: readonly RelationChoice[];
  ownPhone: string | null;
  loadError: string | null;
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

export const contactsMachine = setup({
  types: {
    context: {} as ContactsContext,
    events: {} as ContactsEvent,
    input: {} as ContactsInput,
  },
  actors: {
    /** GET /auth/v1/auth-page-info?type=contactInfo: the relation choices (the first field with a dictionary). */
    loadRelations: fromPromise<RelationChoice[]>(notProvided('loadRelations')),
    /** POST /auth/v1/contacts */
    submit: fromPromise<void, ContactPayloadLike>(notProvided('submit')),
  },
  actions: {
    persistDraft: (_, _params: { draft: ContactPayloadLike }) => {},
    clearDraft: () => {},
    leave: () => {},
    showToast: (_, _params: { message: string }) => {},
  },
  guards: {
    noRelations: (_, params: { relations: readonly RelationChoice[] }) => params.relations.length === 0,
    changes: ({ context, event }) =>
      event.type === 'contact.changed' && applyContactChange(context.contacts, context.relations, event.index, event.part, event.value) !== context.contacts,
    ready: ({ context }) => contactsReady(context.contacts, context.ownPhone),
  },
}).createMachine({
  id: 'contacts',
  description: 'Three emergency contacts: relation, name and mobile each.',
  context: ({ input }) => ({
    contacts: contactsFromDraft(input.draft),
    relations: [],
    ownPhone: input.ownPhone ?? null,
    loadError: null,
    flagged: false,
    serverErrors: {},
    attention: 0,
  }),
  initial: 'loading',
  states: {
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
            actions: assign({ loadError: CONTACT_MESSAGES.noRelations }),
          },
          {
            target: 'editing',
            description: 'The draft is restored; a relation that is no longer a choice is emptied.',
            actions: assign(({ context, event }) => ({ relations: event.output, contacts: keepKnownRelations(context.contacts, event.output) })),
          },
        ],
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => messageOf(event.error, CONTACT_MESSAGES.loadFailed) }) },
      },
    },
    failed: {
      description: 'The relation choices could not be loaded: the reason and Try again. The draft is kept.',
      on: { 'relations.retried': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    editing: {
      description:
        "The borrower fills three contacts. Name: lowercase letters, ' and . only (capitals lower-cased). Mobile: digits only, at most 10. Submit is always active.",
      on: {
        'contact.changed': {
          guard: 'changes',
          description: 'Sanitised and written to the draft; a finished mobile that is not valid, repeated or the borrower’s own is flagged at once.',
          actions: [
            assign(({ context, event }) => {
              const { [columnOf(event.index, event.part)]: _, ...serverErrors } = context.serverErrors;
              return { contacts: applyContactChange(context.contacts, context.relations, event.index, event.part, event.value), serverErrors };
            }),
            { type: 'persistDraft', params: ({ context }) => ({ draft: contactPayload(context.contacts) }) },
          ],
        },
        'contacts.submitted': [
          { guard: 'ready', target: 'submitting' },
          {
            description: 'Something is missing or wrong: every problem is shown under its field and focus goes to the first.',
            actions: assign({ flagged: true, attention: ({ context }) => context.attention + 1 }),
          },
        ],
      },
    },
    submitting: {
      description: 'POST /auth/v1/contacts with the nine keys. Read-only; a second tap is ignored.',
      tags: ['submitting'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => contactPayload(context.contacts),
        onDone: { target: 'done' },
        onError: {
          target: 'editing',
          description: 'Not saved: data.errorColumn[].msg as a numbered list in a toast (msg when none), under the fields too.',
          actions: [
            { type: 'showToast', params: ({ event }) => ({ message: rejectionText(rejectionOf(event.error, CONTACT_MESSAGES.submitFailed)) }) },
            assign({
              serverErrors: ({ event }) => columnErrors(rejectionOf(event.error, CONTACT_MESSAGES.submitFailed)),
              attention: ({ context, event }) =>
                rejectionOf(event.error, CONTACT_MESSAGES.submitFailed).columns.length ? context.attention + 1 : context.attention,
            }),
          ],
        },
      },
    },
    done: {
      description: 'Saved: the draft is removed and the borrower goes back to /auth/index?pid=.',
      type: 'final',
      entry: ['clearDraft', 'leave'],
    },
  },
});
