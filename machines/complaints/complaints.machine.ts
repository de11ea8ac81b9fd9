/**
 * Complaints on Help, beyond the spec: the borrower's tickets and a form to raise one, sent once
 * under one idempotency key, when the lender offers them.
 * It does not show the grievance officer or the Ombudsman route (the view always does) and makes no
 * call itself: effects are provided at the edge (src/flows/complaints/complaints.effects.ts).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { Offered } from '../../contract/beyond-spec';
import type { Complaint, ComplaintCategory } from '../../contract/complaints';
import { say, saidOf, type Said } from '../../i18n/core';
import type { ComplaintsKey } from '../../i18n/en/complaints';
import { notProvided } from '../shared/actors';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { keptEdit } from '../shared/feedback';
import { enforces } from '../shared/rules';
import { applyEdit, cleanText, complaintContent, complaintProblem, isCategory, pickedOrder, type ComplaintNotice, type OrderChoice } from './complaints.rules';
import { machineSentences } from '../shared/sentences';

/** What is kept across a reload (this tab only): the form, and the key of a send left unanswered. */
export interface ComplaintDraft extends IdempotentIntent {
  category: string;
  orderId: string;
  text: string;
}

export interface ComplaintsInput {
  draft?: ComplaintDraft | null;
}

/** What the load brings: the tickets and the orders a complaint may be about. */
export interface ComplaintsLoaded {
  complaints: readonly Complaint[];
  orders: readonly OrderChoice[];
}

export interface ComplaintsContext extends ComplaintDraft {
  complaints: readonly Complaint[];
  orders: readonly OrderChoice[];
  /** What Help says under the form, until the next clean edit. */
  notice: ComplaintNotice | null;
  /** Where the caret goes after an edit the rules changed, else null. */
  caret: number | null;
  /** Why the list could not be loaded, or why the last send failed. */
  error: Said<ComplaintsKey> | null;
  /** The ticket just raised, named in the status line. */
  raised: Complaint | null;
}

export type ComplaintsEvent =
  | { type: 'complaints.retried' }
  | { type: 'complaint.started' }
  | { type: 'category.changed'; value: string }
  | { type: 'order.changed'; value: string }
  | { type: 'text.changed'; value: string }
  | { type: 'complaint.cancelled' }
  | { type: 'complaint.sent' };

export interface RaiseInput {
  category: ComplaintCategory;
  orderId: string | null;
  content: string;
  idempotencyKey: string;
}

const draftOf = (c: ComplaintDraft): ComplaintDraft => ({ category: c.category, orderId: c.orderId, text: c.text, idempotencyKey: c.idempotencyKey });
const persist = { type: 'persistDraft', params: ({ context }: { context: ComplaintsContext }) => ({ draft: draftOf(context) }) } as const;
const emptyForm = { category: '', orderId: '', text: '', idempotencyKey: null, notice: null, caret: null };

export const complaintsMachine = setup({
  types: { context: {} as ComplaintsContext, events: {} as ComplaintsEvent, input: {} as ComplaintsInput },
  actors: {
    /** GET /user/v1/complaints, then the borrower's orders (beyond the spec: { offered: false } without it). */
    loadComplaints: fromPromise<Offered<ComplaintsLoaded>>(notProvided('loadComplaints')),
    /** POST /user/v1/complaints with the send's key (beyond the spec: { offered: false } without it). */
    raiseComplaint: fromPromise<Offered<Complaint>, RaiseInput>(notProvided('raiseComplaint')),
  },
  actions: {
    /** The form (and an unanswered send's key) is kept in this tab: a reload loses nothing. */
    persistDraft: (_, _params: { draft: ComplaintDraft }) => {},
    /** Raised: the draft goes. */
    clearDraft: () => {},
    /** The key of a new send (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
    /** A text edit under the rule; a change to what would be sent drops the key of an unanswered send. */
    edited: assign(({ context, event }) => {
      if (event.type !== 'text.changed') return {};
      return keptEdit(context, event.value, complaintContent);
    }),
    /** An edit the rules keep nothing of: only what to say. */
    noticed: assign(({ context, event }) => {
      if (event.type !== 'text.changed') return {};
      const { notice, caret } = applyEdit(context.text, event.value);
      return { notice, caret };
    }),
  },
  guards: {
    offered: (_, params: { answer: Offered<unknown> }) => params.answer.offered,
    hasDraft: ({ context }) => context.category !== '' || context.text !== '',
    changesText: ({ context, event }) => event.type === 'text.changed' && applyEdit(context.text, event.value).text !== context.text,
    complete: ({ context }) => complaintProblem(context) === null,
    keyed: ({ context }) => context.idempotencyKey !== null,
  },
}).createMachine({
  id: 'complaints',
  description: "Complaints on Help: the borrower's tickets and a form to raise one, when the lender offers them; the grievance officer and the RBI route are always named.",
  context: ({ input }) => {
    const d = input.draft;
    const text = cleanText(d?.text ?? '');
    const category = isCategory(d?.category ?? '') ? (d?.category ?? '') : '';
    // A key belongs to what it was made for: a draft that had to be cleaned is a new intent.
    const idempotencyKey = text === (d?.text ?? '') && category === (d?.category ?? '') ? (d?.idempotencyKey ?? null) : null;
    return { complaints: [], orders: [], category, orderId: d?.orderId ?? '', text, idempotencyKey, notice: null, caret: null, error: null, raised: null };
  },
  initial: 'loading',
  states: {
    loading: {
      description: "GET /user/v1/complaints, then the borrower's orders: 'Loading your complaints…'.",
      tags: ['busy'],
      invoke: {
        id: 'loadComplaints',
        src: 'loadComplaints',
        onDone: [
          {
            guard: { type: 'offered', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            description: 'The tickets came; an order picked in the draft that is no longer theirs is dropped.',
            actions: assign(({ context, event }) => {
              if (!event.output.offered) return {};
              const { complaints, orders } = event.output.value;
              return { complaints, orders, orderId: pickedOrder(orders, context.orderId) ?? '', error: null };
            }),
          },
          { target: 'notOffered', description: 'The lender has no such call (404, or its unknown-path answer).' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<ComplaintsKey>(event.error, 'loadFailed') }) },
      },
    },
    notOffered: {
      description: 'The lender does not take complaints in the app: Help says to write to the grievance officer (named below) and gives the RBI route; no form.',
      tags: ['notOffered'],
      meta: enforces('grievance-officer-shown', 'grievance-escalation'),
      type: 'final',
    },
    failed: {
      description: "The tickets could not be loaded: the reason and Try again; the officer and the RBI route are still named.",
      tags: ['failed'],
      meta: enforces('grievance-officer-shown', 'grievance-escalation'),
      on: { 'complaints.retried': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      description: "The tickets with their status, reply date and replies (the RBI route on a ticket 30 days without a resolution), the form or 'Raise a complaint', the officer and the RBI route.",
      tags: ['ready'],
      meta: enforces('grievance-officer-shown', 'grievance-escalation'),
      initial: 'deciding',
      states: {
        deciding: {
          description: 'A draft from before a reload opens the form again; otherwise the list.',
          always: [{ guard: 'hasDraft', target: 'writing' }, { target: 'browsing' }],
        },
        browsing: {
          description: "The tickets and 'Raise a complaint'; after a send, the status line names the ticket and its reply date.",
          tags: ['browsing'],
          on: { 'complaint.started': { target: 'writing', actions: assign({ raised: null }) } },
        },
        writing: {
          description: "The form: 'What is it about?', 'Which order? (optional)', 'Your complaint' with 'n / 300', Cancel and Send complaint.",
          tags: ['writing'],
          on: {
            'category.changed': {
              description: 'A topic picked: a new intent when it changes what would be sent. Written to the draft.',
              actions: [
                assign(({ context, event }) => ({
                  category: isCategory(event.value) ? event.value : '',
                  idempotencyKey: event.value === context.category ? context.idempotencyKey : null,
                  notice: context.notice === 'noCategory' ? null : context.notice,
                  error: null,
                })),
                persist,
              ],
            },
            'order.changed': {
              description: 'An order picked, or none: a new intent when it changes. Written to the draft.',
              actions: [
                assign(({ context, event }) => {
                  const orderId = pickedOrder(context.orders, event.value) ?? '';
                  return { orderId, idempotencyKey: orderId === context.orderId ? context.idempotencyKey : null, error: null };
                }),
                persist,
              ],
            },
            'text.changed': [
              {
                guard: 'changesText',
                description: 'Refused characters are left out, what goes beyond 300 is cut (and Help says so). Written to the draft.',
                actions: ['edited', persist],
              },
              { description: 'Nothing of the edit can be kept: the text stays, Help says why.', actions: 'noticed' },
            ],
            'complaint.cancelled': { target: 'browsing', description: 'Cancel: the form closes; what was typed is kept for the next opening.' },
            'complaint.sent': [
              {
                guard: and(['complete', 'keyed']),
                target: 'sending',
                description: 'The same complaint as an unanswered send (a failure, a reload): the same key.',
              },
              {
                guard: 'complete',
                target: 'sending',
                description: 'A new send: a new key, kept in the draft until answered.',
                actions: ['newIdempotencyKey', persist],
              },
              {
                description: "Not complete: nothing is sent; 'Please select what it is about.' or 'Please write your complaint first.'",
                actions: assign(({ context }) => ({ notice: complaintProblem(context), caret: null })),
              },
            ],
          },
        },
        sending: {
          description: 'POST /user/v1/complaints with the key: the form is read-only, Send complaint busy.',
          tags: ['writing', 'sending'],
          entry: assign({ notice: null, caret: null, error: null }),
          invoke: {
            id: 'raiseComplaint',
            src: 'raiseComplaint',
            input: ({ context }) => ({
              // Sent only when complete (the guard on Send): the category is one of the list.
              category: isCategory(context.category) ? context.category : 'other',
              orderId: context.orderId === '' ? null : context.orderId,
              content: complaintContent(context.text),
              idempotencyKey: intentKey(context, 'complaints'),
            }),
            onDone: [
              {
                guard: { type: 'offered', params: ({ event }) => ({ answer: event.output }) },
                target: 'browsing',
                description: "Raised: the ticket heads the list, the status line gives its number and reply date, the draft goes.",
                actions: [
                  assign(({ context, event }) => {
                    if (!event.output.offered) return {};
                    const ticket = event.output.value;
                    return { ...emptyForm, raised: ticket, complaints: [ticket, ...context.complaints.filter((t) => t.ticketNo !== ticket.ticketNo)] };
                  }),
                  'clearDraft',
                ],
              },
              {
                target: 'writing',
                description: 'The lender lists complaints but does not take them in the app: said so; the text stays.',
                actions: assign({ error: say<ComplaintsKey>('raiseNotOffered') }),
              },
            ],
            onError: {
              target: 'writing',
              description: "Not raised: the server's msg (or 'Your complaint could not be sent…'); the text and its key stay, Send tries again.",
              actions: assign({ error: ({ event }) => saidOf<ComplaintsKey>(event.error, 'sendFailed') }),
            },
          },
        },
      },
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const complaintsSentences = machineSentences<ComplaintsEvent>({
  events: {
    'complaints.retried': 'The borrower taps Try again on the complaints',
    'complaint.started': 'The borrower taps Raise a complaint',
    'category.changed': 'The borrower picks the topic',
    'order.changed': 'The borrower picks the loan it is about',
    'text.changed': 'The borrower types the complaint',
    'complaint.cancelled': 'The borrower closes the form',
    'complaint.sent': 'The borrower taps Send',
  },
  guards: {
    offered: 'The lender offers complaints in the app',
    hasDraft: 'A complaint was being written in this tab',
    changesText: 'The typed text changes the complaint',
    complete: 'The topic and the text are filled in',
    keyed: 'This complaint already has its one-time key (a retry of the same complaint)',
  },
});
