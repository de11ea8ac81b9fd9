/**
 * Add bank account: the three fields, checked before anything is sent, then one bind under one
 * idempotency key; the loan confirmation then opens with the new card chosen.
 * It does not look up the IFSC (the IFSC finder does) and makes no call itself: effects are provided
 * at the edge (src/flows/bank/bank-add.effects.ts).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { BankBindPayload, BankCard } from '../../contract/bank';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { BankKey } from '../../i18n/en/bank';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { bindPayload, emptyBankValues, ifscText, isSendable, samePayload, sanitize, type BankField, type BankValues } from './bank-add.rules';
import { machineSentences } from '../shared/sentences';

/** What is kept across the trip to the IFSC finder, a reload or an expired session (draft 'bank.add'). */
export interface BankAddDraft extends IdempotentIntent {
  values: BankValues;
}

export interface BankAddInput {
  /** The product being applied for (?pid=): where the new card goes back to. */
  pid: string;
  /** ?ifsc_code= (from the IFSC finder), or null. */
  ifscCode: string | null;
  /** What was typed before, and the key of a bind left unanswered. */
  draft: BankAddDraft | null;
  /** The bind payload's clientId (bank-add.rules.ts bindPayload). */
  clientId: string;
}

export interface BankAddContext extends IdempotentIntent {
  pid: string;
  clientId: string;
  values: BankValues;
  /** Problems are shown (after the first tap on Save found some). */
  flagged: boolean;
  /** Counts the moments focus should go to the first field with a problem (the view follows it). */
  attention: number;
}

export type BankAddEvent = { type: 'field.changed'; field: BankField; value: string } | { type: 'form.submitted' };

const draftOf = (context: BankAddContext): BankAddDraft => ({ values: context.values, idempotencyKey: context.idempotencyKey });

function initialValues(input: BankAddInput): BankValues {
  const values = { ...emptyBankValues(), ...input.draft?.values };
  return input.ifscCode === null || input.ifscCode === '' ? values : { ...values, ifsc: ifscText(input.ifscCode) };
}

/** Where the borrower goes with the new card: the loan confirmation with it chosen (Home without a product). */
export const afterBind = (pid: string, card: BankCard): string => (pid ? paths.productDetail.href(pid, { bankId: card.id }) : paths.home.href());

export const bankAddMachine = setup({
  types: {
    context: {} as BankAddContext,
    events: {} as BankAddEvent,
    input: {} as BankAddInput,
  },
  actors: {
    /** POST /bank/v1/bind-card with the bind's idempotency key; answers the new card. */
    bind: fromPromise<BankCard, { payload: BankBindPayload; idempotencyKey: string }>(notProvided('bind')),
  },
  actions: {
    navigate,
    /** Every change is kept (draft 'bank.add') so the finder, a reload or an expired session loses nothing. */
    persistDraft: (_, _params: { draft: BankAddDraft }) => {},
    /** After a successful bind the draft is removed. */
    clearDraft: () => {},
    showToast: (_, _params: { message: Said<BankKey> }) => {},
    /** The key of a new bind (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
  },
  guards: {
    changes: ({ context, event }) => event.type === 'field.changed' && sanitize(event.field, event.value) !== context.values[event.field],
    sendable: ({ context }) => isSendable(context.values),
    keyed: ({ context }) => context.idempotencyKey !== null,
  },
}).createMachine({
  id: 'bankAdd',
  description: 'Add a bank account: IFSC, account number and its confirmation, bound once per intent.',
  context: ({ input }) => {
    const values = initialValues(input);
    const draftValues = input.draft?.values;
    return {
      pid: input.pid,
      clientId: input.clientId,
      values,
      // The key of an unanswered bind stays only with the same answers (an IFSC from the finder is a new intent).
      idempotencyKey: draftValues && samePayload(draftValues, values) ? input.draft!.idempotencyKey : null,
      flagged: false,
      attention: 0,
    };
  },
  // What the page opened with (an IFSC from the finder included) is the draft from now on.
  entry: { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
  initial: 'editing',
  states: {
    editing: {
      description: 'The borrower types. Problems show at their fields after the first tap on Save, and follow what is typed.',
      on: {
        'field.changed': {
          guard: 'changes',
          description: 'Sanitised (IFSC upper-cased, letters and digits, at most 11; accounts digits only, at most 19), written to the draft; a change drops the key of an unanswered bind.',
          actions: [
            assign(({ context, event }) => {
              const values = { ...context.values, [event.field]: sanitize(event.field, event.value) };
              return { values, idempotencyKey: samePayload(values, context.values) ? context.idempotencyKey : null };
            }),
            { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
          ],
        },
        'form.submitted': [
          {
            guard: and(['sendable', 'keyed']),
            target: 'submitting',
            description: 'The same answers again (after a lost answer, or a reload while sending): the same key.',
          },
          {
            guard: 'sendable',
            target: 'submitting',
            description: 'New answers: a new key, kept in the draft until answered.',
            actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
          },
          {
            description: 'A field is empty, the IFSC is malformed or the accounts differ: each problem at its field, focus on the first; nothing is sent.',
            actions: assign({ flagged: true, attention: ({ context }) => context.attention + 1 }),
          },
        ],
      },
    },
    submitting: {
      description: 'POST /bank/v1/bind-card {bankCode, cardNo, confirmCardNo, productId, clientId}. The form is read-only; a second tap is ignored.',
      tags: ['submitting'],
      invoke: {
        id: 'bind',
        src: 'bind',
        input: ({ context }) => ({ payload: bindPayload(context.values, context.pid, context.clientId), idempotencyKey: intentKey(context, 'bankAdd') }),
        onDone: {
          target: 'done',
          actions: [
            assign({ idempotencyKey: null }),
            'clearDraft',
            { type: 'navigate', params: ({ context, event }) => ({ to: afterBind(context.pid, event.output), replace: true }) },
          ],
        },
        onError: {
          target: 'editing',
          description: "Not bound: the server's msg in a toast; nothing typed is lost and the key is kept, so Save again is the same request.",
          actions: { type: 'showToast', params: ({ event }) => ({ message: saidOf<BankKey>(event.error, 'submitFailed') }) },
        },
      },
    },
    done: {
      description: 'Bound: the draft is removed and the loan confirmation replaces the page with the new card chosen.',
      type: 'final',
      tags: ['submitting'],
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const bankAddSentences = machineSentences<BankAddEvent>({
  events: {
    'field.changed': 'The borrower types the name, the account number or the IFSC',
    'form.submitted': 'The borrower taps Save',
  },
  guards: {
    changes: 'The typed value differs from what was there',
    sendable: 'The three fields are filled in and well formed',
    keyed: 'This account already has its one-time key (a retry of the same account)',
  },
});
