/**
 * A received payment's receipt (beyond the spec): a document the borrower reads, prints or saves as
 * PDF from the browser. It makes no call and does not print itself: the payments call, the lender's
 * config and the print dialog are provided at the edge. Rules are in receipt.rules.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ClientConfig } from '../../contract/content';
import type { Offered } from '../../contract/offered';
import type { PaymentRecord } from '../../contract/payments';
import { saidOf, type Said } from '../../i18n/core';
import type { ReceiptKey } from '../../i18n/en/receipt';
import { notProvided } from '../shared/actors';
import { receiptOf } from './receipt.rules';
import { machineSentences } from '../shared/sentences';

/** Who lends, as the client config gives it (null: not given, or the config could not be read). */
export type Lender = NonNullable<ClientConfig['lender']>;

/** What the page reads: the order's payments, and who lends. */
export interface ReceiptData {
  payments: Offered<PaymentRecord[]>;
  lender: Lender | null;
}

export interface ReceiptInput {
  orderId: string;
  paymentId: string;
}

export interface ReceiptContext extends ReceiptInput {
  record: PaymentRecord | null;
  lender: Lender | null;
  /** Why the receipt could not be loaded: the server's msg, else by key. */
  error: Said<ReceiptKey> | null;
}

export type ReceiptEvent = { type: 'page.retried' } | { type: 'print.tapped' };

export const receiptMachine = setup({
  types: { context: {} as ReceiptContext, events: {} as ReceiptEvent, input: {} as ReceiptInput },
  actors: {
    /** GET /pay-order/v1/payments?orderId= (beyond the spec: { offered: false } without it), with GET /client/v1/config for who lends. */
    loadReceipt: fromPromise<ReceiptData, { orderId: string }>(notProvided('loadReceipt')),
  },
  actions: {
    /** The browser's print dialog, where 'Save as PDF' is (the edge: window.print). */
    print: () => {},
  },
  guards: {
    offered: (_, params: { data: ReceiptData }) => params.data.payments.offered,
    found: ({ context }, params: { data: ReceiptData }) => params.data.payments.offered && receiptOf(params.data.payments.value, context.paymentId) !== null,
  },
}).createMachine({
  id: 'receipt',
  description: "A received payment's receipt: a page to print or save as PDF, in the borrower's language.",
  context: ({ input }) => ({ orderId: input.orderId, paymentId: input.paymentId, record: null, lender: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "The order's payments and who lends.",
      tags: ['loading'],
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ data: event.output }) },
            target: 'shown',
            actions: assign({
              record: ({ context, event }) => (event.output.payments.offered ? receiptOf(event.output.payments.value, context.paymentId) : null),
              lender: ({ event }) => event.output.lender,
            }),
          },
          { guard: { type: 'offered', params: ({ event }) => ({ data: event.output }) }, target: 'missing', description: 'No received payment of that id.' },
          { target: 'notOffered', description: 'The lender has no payments call (404, or its unknown-path answer): no receipts.' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<ReceiptKey>(event.error, 'loadFailed') }) },
      },
    },
    failed: {
      description: 'The receipt could not be loaded: the reason and Try again.',
      tags: ['failed'],
      on: { 'page.retried': 'loading' },
    },
    notOffered: {
      description: 'The lender does not give receipts in the app: the page says so, with the way back to the loan.',
      tags: ['notOffered'],
    },
    missing: {
      description: 'No receipt: the payment is not one the lender has received (or not of this order).',
      tags: ['missing'],
    },
    shown: {
      description: 'The receipt: its number and date, who lends, the borrower, the payment and what it paid off; Print.',
      tags: ['shown'],
      on: { 'print.tapped': { description: "The browser's print dialog (Save as PDF).", actions: 'print' } },
    },
  },
});

export const receiptSentences = machineSentences<ReceiptEvent>({
  events: {
    'page.retried': 'The borrower taps Try again',
    'print.tapped': 'The borrower taps Print',
  },
  guards: {
    offered: 'The lender gives its payments in the app',
    found: 'The lender has received a payment of this id for this order',
  },
});
