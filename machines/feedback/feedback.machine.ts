/**
 * Feedback: the floating button's dialog with the customer-care contact and a text sent once under
 * one idempotency key; the text is a draft of the tab until it is sent.
 * It does not check the text (feedback.rules.ts does) and makes no call itself: effects are provided
 * at the edge (src/flows/feedback/feedback.effects.ts).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { say, saidOf, type Said } from '../../i18n/core';
import type { FeedbackKey } from '../../i18n/en/feedback';
import { notProvided } from '../shared/actors';
import { keptEdit } from '../shared/feedback';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { applyEdit, cleanText, feedbackContent, hasContent, type CustomerContact, type FeedbackNotice } from './feedback.rules';
import { machineSentences } from '../shared/sentences';

/** What is kept across a reload (this tab only): the text, and the key of a send left unanswered. */
export interface FeedbackDraft extends IdempotentIntent {
  text: string;
}

export interface FeedbackInput {
  /** What was typed before in this tab, and the key of a send a reload left unanswered. */
  draft?: FeedbackDraft | null;
}

export interface FeedbackContext extends IdempotentIntent {
  text: string;
  /** The customer-care contact once loaded (null: not loaded yet, or not loadable this time). */
  contact: CustomerContact | null;
  /** What the dialog says under the field, until the next clean edit. */
  notice: FeedbackNotice | null;
  /** Where the caret goes after an edit the rules changed (the view follows it), else null. */
  caret: number | null;
  /** Why the last send failed (the server's msg, else by key), shown until the text is edited or sent again. */
  error: Said<FeedbackKey> | null;
}

export type FeedbackEvent =
  | { type: 'feedback.opened' }
  | { type: 'feedback.closed' }
  | { type: 'text.changed'; value: string }
  | { type: 'feedback.sent' };

const draftOf = (context: Pick<FeedbackContext, 'text' | 'idempotencyKey'>): FeedbackDraft => ({ text: context.text, idempotencyKey: context.idempotencyKey });

export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
    input: {} as FeedbackInput,
  },
  actors: {
    /** GET /client/v1/config: customer.phone and customer.email ('' each when the config has none). */
    loadContact: fromPromise<CustomerContact>(notProvided('loadContact')),
    /** POST /opinion-record/v1/save (form: content), with the send's key. */
    save: fromPromise<void, { content: string; idempotencyKey: string }>(notProvided('save')),
  },
  actions: {
    /** The text (and an unanswered send's key) is kept in this tab: a reload loses nothing. */
    persistDraft: (_, _params: { draft: FeedbackDraft }) => {},
    /** Sent: the draft goes. */
    clearDraft: () => {},
    /** 'Thank you for your feedback', on the page under the closed dialog. */
    showToast: (_, _params: { message: Said<FeedbackKey> }) => {},
    /** The key of a new send (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
    /** An edit: the rules' text and notice; a change to what would be sent drops the key of an unanswered send. */
    edited: assign(({ context, event }) => {
      if (event.type !== 'text.changed') return {};
      return keptEdit(context, event.value, feedbackContent);
    }),
    /** An edit the rules keep nothing of: only what to say (and where the caret stays). */
    noticed: assign(({ context, event }) => {
      if (event.type !== 'text.changed') return {};
      const { notice, caret } = applyEdit(context.text, event.value);
      return { notice, caret };
    }),
  },
  guards: {
    contactKnown: ({ context }) => context.contact !== null,
    /** The edit changes the text (an edit the rules refuse entirely only says so). */
    changesText: ({ context, event }) => event.type === 'text.changed' && applyEdit(context.text, event.value).text !== context.text,
    hasContent: ({ context }) => hasContent(context.text),
    keyed: ({ context }) => context.idempotencyKey !== null,
  },
}).createMachine({
  id: 'feedback',
  description: 'The floating Feedback button and its dialog: customer-care contact, a text of at most 300 allowed characters, Send once.',
  context: ({ input }) => {
    const text = cleanText(input.draft?.text ?? '');
    // A key belongs to the text it was made for: a draft whose text had to be cleaned is a new intent.
    const idempotencyKey = text === (input.draft?.text ?? '') ? (input.draft?.idempotencyKey ?? null) : null;
    return { text, idempotencyKey, contact: null, notice: null, caret: null, error: null };
  },
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the floating Feedback button (home and account). What was typed is kept for the next opening.',
      on: { 'feedback.opened': { target: 'open', actions: assign({ notice: null, caret: null }) } },
    },
    open: {
      description: 'The dialog is open.',
      type: 'parallel',
      tags: ['open'],
      states: {
        contact: {
          description: "The customer-care phone and e-mail from the client config, loaded at the first opening.",
          initial: 'checking',
          states: {
            checking: {
              description: 'Loaded at an earlier opening? Then it is shown at once.',
              always: [{ guard: 'contactKnown', target: 'shown' }, { target: 'loading' }],
            },
            loading: {
              description: 'GET /client/v1/config. The field can be typed in meanwhile.',
              invoke: {
                id: 'loadContact',
                src: 'loadContact',
                onDone: { target: 'shown', actions: assign({ contact: ({ event }) => event.output }) },
                onError: { target: 'shown', description: 'Not loadable: the contact lines are left out (tried again at the next opening).' },
              },
            },
            shown: { description: "The customer phone (tel:) and e-mail (mailto:), each left out when the config has none." },
          },
        },
        form: {
          description: 'The feedback text: written, then sent once with the key of that send.',
          initial: 'editing',
          states: {
            editing: {
              description: "The borrower writes; the counter shows 'n / 300'.",
              on: {
                'text.changed': [
                  {
                    guard: 'changesText',
                    description: 'Refused characters are left out, what goes beyond 300 is cut (and the dialog says so). Written to the draft.',
                    actions: ['edited', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
                  },
                  {
                    description: 'Nothing of the edit can be kept (a refused character, or the field is full): the text stays, the dialog says why.',
                    actions: 'noticed',
                  },
                ],
                'feedback.sent': [
                  {
                    guard: and(['hasContent', 'keyed']),
                    target: 'sending',
                    description: 'The same text as an unanswered send (a reload in the middle): the same key.',
                  },
                  {
                    guard: 'hasContent',
                    target: 'sending',
                    description: 'A new send: a new key, kept in the draft until answered.',
                    actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
                  },
                  {
                    description: "Blank: nothing is sent; 'Please write your feedback first.'",
                    actions: assign({ notice: 'empty' as const, caret: null }),
                  },
                ],
                'feedback.closed': { target: '#feedback.closed', description: 'Cancel, Escape: the dialog closes, the text is kept.' },
              },
            },
            sending: {
              description: 'POST /opinion-record/v1/save (form: content, the text trimmed). Read-only; another tap and closing are ignored.',
              tags: ['sending'],
              entry: assign({ notice: null, caret: null, error: null }),
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context }) => ({ content: feedbackContent(context.text), idempotencyKey: intentKey(context, 'feedback') }),
                onDone: { target: 'sent' },
                onError: {
                  target: 'failed',
                  actions: assign({ error: ({ event }) => saidOf<FeedbackKey>(event.error, 'sendFailed') }),
                },
              },
            },
            sent: {
              description: "Saved: the draft goes, the dialog closes and 'Thank you for your feedback' shows.",
              entry: ['clearDraft', assign({ text: '', idempotencyKey: null }), { type: 'showToast', params: { message: say<FeedbackKey>('thanks') } }],
              always: { target: '#feedback.closed' },
            },
            failed: {
              description: "Not saved: the server's msg; the text and its key stay, Send tries again with the same key.",
              tags: ['failed'],
              on: {
                'text.changed': [
                  {
                    guard: 'changesText',
                    target: 'editing',
                    description: 'Another text: a new intent (its key is dropped when what would be sent changes).',
                    actions: ['edited', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
                  },
                  { description: 'Nothing of the edit can be kept: the dialog says why, the failure stays shown.', actions: 'noticed' },
                ],
                'feedback.sent': { target: 'sending', description: 'Retry: the same text, the same key.' },
                'feedback.closed': { target: '#feedback.closed', description: 'The text and its key are kept for the next opening.' },
              },
            },
          },
        },
      },
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const feedbackSentences = machineSentences<FeedbackEvent>({
  events: {
    'feedback.opened': 'The borrower taps the feedback button',
    'feedback.closed': 'The borrower closes the dialog',
    'text.changed': 'The borrower types the feedback',
    'feedback.sent': 'The borrower taps Send',
  },
  guards: {
    contactKnown: "Customer care's phone and e-mail are already known",
    changesText: 'The typed text changes the feedback',
    hasContent: 'The feedback has some text',
    keyed: 'This feedback already has its one-time key (a retry of the same feedback)',
  },
});
