/**
 * Ending a loan early, beside the order machine on the loan's page: the lender's quote for a
 * cooling-off exit or a pre-closure, a part payment, and the repay call under one idempotency key.
 * It never computes an amount (the lender quotes it) and does not tell the payment's outcome (the
 * order machine does, on the return). Effects are provided at the edge.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { ClosureKind, ClosureQuote, RepayPurpose } from '../../contract/closure';
import type { Offered } from '../../contract/offered';
import type { Order, PaymentUrl } from '../../contract/orders';
import { say, saidOf, type Said } from '../../i18n/core';
import type { ClosureKey } from '../../i18n/en/closure';
import { notProvided } from '../shared/actors';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { markOf, paymentAllowed, withReturn, type StartedPayment } from '../shared/payment';
import { paths } from '../shared/paths';
import { enforces } from '../shared/rules';
import { dueNow, partAmount, quoteExpired } from './closure.rules';
import { machineSentences } from '../shared/sentences';

export interface ClosureInput {
  orderId: string;
  /** The order as the detail page shows it: what a part payment leaves owing, and the order as it was when the borrower left to pay. */
  order: Order;
  origin: string;
  paymentHosts: readonly string[];
  /** The lender's clock (src/lib/lender-clock.ts); defaults to the device's. */
  now?: () => number;
}

export interface ClosureContext extends IdempotentIntent {
  orderId: string;
  order: Order;
  origin: string;
  paymentHosts: readonly string[];
  now: () => number;
  quote: ClosureQuote | null;
  /** The part payment's amount as typed. */
  part: string;
  /** When the unanswered intent happened (the lender's clock): kept with its key. */
  intentAt: number | null;
  /** Said at the offer's button or the form: a failed payment, a changed quote, an invalid amount. */
  notice: Said<ClosureKey> | null;
}

export type ClosureEvent =
  | { type: 'quote.retried' }
  | { type: 'closure.tapped' }
  | { type: 'closure.confirmed' }
  | { type: 'closure.cancelled' }
  | { type: 'part.tapped' }
  | { type: 'part.changed'; value: string }
  | { type: 'part.confirmed' }
  | { type: 'part.cancelled' };

export interface PayInput {
  orderId: string;
  purpose: RepayPurpose;
  kind?: ClosureKind;
  amount: number;
  idempotencyKey: string;
}

const closure = setup({
  types: { context: {} as ClosureContext, events: {} as ClosureEvent, input: {} as ClosureInput },
  actors: {
    /** GET /order/v1/closure?orderId= (beyond the spec: { offered: false } without it). */
    closureQuote: fromPromise<Offered<ClosureQuote>, { orderId: string }>(notProvided('closureQuote')),
    /** POST /pay-order/v1/repay {orderId, purpose, kind, amount} with the intent's Idempotency-Key. */
    pay: fromPromise<PaymentUrl, PayInput>(notProvided('pay')),
  },
  actions: {
    /** Leaves the app for the payment page (the edge: window.location.assign). */
    openPayment: (_, _params: { url: string }) => {},
    /** Keeps the payment started in the tab's storage, so the return (and a reload of it) knows it. */
    rememberPayment: (_, _params: { started: StartedPayment }) => {},
    /** The key of a new intent (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
    markIntent: assign({ intentAt: ({ context }) => context.now() }),
    dropIntent: assign({ idempotencyKey: null, intentAt: null }),
  },
  guards: {
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** The lender quoted a closure of this kind. */
    quoted: (_, params: { answer: Offered<ClosureQuote>; kind: ClosureKind }) => params.answer.offered && params.answer.value.kind === params.kind,
    expired: ({ context }) => context.quote !== null && quoteExpired(context.quote, context.now()),
    partValid: ({ context }) => partAmount(context.part, dueNow(context.order)) !== null,
    paymentAllowed: ({ context }, params: { paymentUrl: string }) => paymentAllowed(params.paymentUrl, { origin: context.origin, hosts: context.paymentHosts }),
  },
});

/** The payment the intent started, as the tab remembers it. */
function startedBy(context: ClosureContext, answer: PaymentUrl, purpose: StartedPayment['purpose']): StartedPayment {
  return {
    orderId: context.orderId,
    purpose,
    key: intentKey(context, 'closure'),
    at: context.intentAt ?? context.now(),
    paymentId: answer.paymentId ?? null,
    before: markOf(context.order),
  };
}

const returnAddress = (context: ClosureContext) => new URL(paths.orderDetail.href(context.orderId), context.origin).toString();

/** Paying: once per tap; an allowed page is left for, remembering the payment; anything else says why at `back`. */
const paying = (purpose: StartedPayment['purpose'], input: (context: ClosureContext) => Omit<PayInput, 'idempotencyKey' | 'orderId'>, back: string) =>
  closure.createStateConfig({
    description: purpose === 'closure' ? 'POST /pay-order/v1/repay with the closure quote, once: a second tap is ignored.' : 'POST /pay-order/v1/repay with the part chosen, once: a second tap is ignored.',
    // Drawn on the card it was sent from: the confirmation, or the part payment's form.
    tags: ['busy', purpose === 'closure' ? 'confirming' : 'part'],
    entry: assign({ notice: null }),
    invoke: {
      id: 'pay',
      src: 'pay',
      input: ({ context }) => ({ orderId: context.orderId, idempotencyKey: intentKey(context, 'closure'), ...input(context) }),
      onDone: [
        {
          guard: { type: 'paymentAllowed', params: ({ event }) => ({ paymentUrl: event.output.paymentUrl }) },
          target: '#closure.redirecting',
          description: 'An allowed payment page: the tab remembers the payment started, and goes there with the return address appended.',
          actions: [
            { type: 'rememberPayment', params: ({ context, event }) => ({ started: startedBy(context, event.output, purpose) }) },
            'dropIntent',
            { type: 'openPayment', params: ({ context, event }) => ({ url: withReturn(event.output.paymentUrl, returnAddress(context)) }) },
          ],
        },
        {
          target: back,
          description: 'Not an allowed payment page: a clear error, no navigation; the next tap is a new request.',
          actions: ['dropIntent', assign({ notice: say<ClosureKey>('paymentRefused') })],
        },
      ],
      onError: {
        target: back,
        description: "Not started (or the answer was lost): the server's msg; the key stays for a retry.",
        actions: assign({ notice: ({ event }) => saidOf<ClosureKey>(event.error, 'payFailed') }),
      },
    },
  });

/** The offer of one kind of closure, with its confirmation and payment, and a part payment beside it. */
const offering = (kind: ClosureKind, description: string) =>
  closure.createStateConfig({
    description,
    tags: ['offer', kind],
    meta: enforces(kind === 'coolingOff' ? 'cooling-off-exit' : 'pre-closure'),
    initial: 'idle',
    states: {
      idle: {
        description: 'The offer with its amount, and Pay part of the amount; a changed quote says so here.',
        on: {
          'closure.tapped': { target: 'confirming', actions: assign({ notice: null }) },
          'part.tapped': { target: 'part', actions: assign({ part: '', notice: null }) },
        },
      },
      confirming: {
        description: 'Every part of the amount (adding up to it), the fees kept, until when it holds, Pay and Cancel.',
        tags: ['confirming'],
        on: {
          'closure.confirmed': [
            {
              guard: 'expired',
              target: '#closure.quoting',
              description: 'The quote no longer holds on the lender\'s clock: ask again, and say the amount changed.',
              actions: ['dropIntent', assign({ notice: say<ClosureKey>('quoteChanged') })],
            },
            { guard: 'keyed', target: 'paying', description: 'The same payment again (after a failure): the same key.' },
            { target: 'paying', description: 'Pay: a new key.', actions: ['newIdempotencyKey', 'markIntent'] },
          ],
          'closure.cancelled': {
            target: '#closure.quoting',
            description: 'Cancel: the quote is read again, so the offer shows the amount as it stands now (the lender may have refused a changed one).',
            actions: ['dropIntent', assign({ notice: null })],
          },
        },
      },
      paying: paying('closure', (c) => ({ purpose: 'closure', kind, amount: c.quote?.amount ?? 0 }), 'confirming'),
      part: {
        description: 'The amount to pay (below what is due) and what it leaves owing, Pay and Cancel.',
        tags: ['part'],
        on: {
          'part.changed': { actions: ['dropIntent', assign({ part: ({ event }) => event.value, notice: null })] },
          'part.confirmed': [
            { guard: and(['partValid', 'keyed']), target: 'partPaying', description: 'The same part again (after a failure): the same key.' },
            { guard: 'partValid', target: 'partPaying', actions: ['newIdempotencyKey', 'markIntent'], description: 'A part below the due: a new key.' },
            { actions: assign({ notice: ({ context }) => say<ClosureKey>('partInvalid', { due: String(dueNow(context.order) ?? '') }) }), description: 'Not a part payment: say so at the field.' },
          ],
          'part.cancelled': { target: 'idle', actions: ['dropIntent', assign({ part: '', notice: null })] },
        },
      },
      partPaying: paying('repayment', (c) => ({ purpose: 'part', amount: partAmount(c.part, dueNow(c.order)) ?? 0 }), 'part'),
    },
  });

export const closureMachine = closure.createMachine({
  id: 'closure',
  description: 'Ending a loan early on its detail page: the cooling-off exit or pre-closure at the lender\'s quote, and a part payment.',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: input.order,
    origin: input.origin,
    paymentHosts: input.paymentHosts,
    now: input.now ?? Date.now,
    quote: null,
    part: '',
    idempotencyKey: null,
    intentAt: null,
    notice: null,
  }),
  initial: 'quoting',
  states: {
    quoting: {
      description: 'GET /order/v1/closure (beyond the spec): what closes the loan now.',
      tags: ['quoting'],
      invoke: {
        id: 'closureQuote',
        src: 'closureQuote',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'quoted', params: ({ event }) => ({ answer: event.output, kind: 'coolingOff' as const }) },
            target: 'coolingOff',
            actions: assign({ quote: ({ event }) => (event.output.offered ? event.output.value : null) }),
          },
          {
            guard: { type: 'quoted', params: ({ event }) => ({ answer: event.output, kind: 'preClosure' as const }) },
            target: 'preClosure',
            actions: assign({ quote: ({ event }) => (event.output.offered ? event.output.value : null) }),
          },
          { target: 'notOffered', description: 'The lender has no quote call: the page is the spec\'s.', actions: assign({ quote: null, notice: null }) },
        ],
        onError: { target: 'quoteFailed', description: 'Not quoted (the loan cannot be closed now, or the call failed): say so, with Try again.', actions: assign({ quote: null, notice: ({ event }) => saidOf<ClosureKey>(event.error, 'quoteFailed') }) },
      },
    },
    notOffered: {
      description: 'A lender without the quote call: nothing is shown; Repayment is the spec\'s.',
      tags: ['notOffered'],
      type: 'final',
    },
    quoteFailed: {
      description: 'The quote could not be read: the reason and Try again.',
      tags: ['quoteFailed'],
      on: { 'quote.retried': { target: 'quoting', actions: assign({ notice: null }) } },
    },
    coolingOff: offering('coolingOff', 'Within the cooling-off period: "Exit this loan without penalty", the principal and the interest for the days begun.'),
    preClosure: offering('preClosure', 'After the cooling-off period: "Close the loan today", the interest to date and no foreclosure fee.'),
    redirecting: {
      description: 'The browser is on its way to the payment page.',
      tags: ['redirecting', 'busy'],
      type: 'final',
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const closureSentences = machineSentences<ClosureEvent>({
  events: {
    'quote.retried': "The borrower taps Try again on the lender's quote",
    'closure.tapped': 'The borrower taps to close the loan now',
    'closure.confirmed': 'The borrower confirms the closure and its amount',
    'closure.cancelled': 'The borrower steps back from the closure',
    'part.tapped': 'The borrower taps to pay a part',
    'part.changed': 'The borrower types the part to pay',
    'part.confirmed': 'The borrower confirms the part payment',
    'part.cancelled': 'The borrower steps back from the part payment',
  },
  guards: {
    keyed: 'This payment already has its one-time key (a retry of the same payment)',
    quoted: 'The lender quotes a closure of this kind',
    expired: "The lender's quote no longer holds on the lender's clock",
    partValid: 'The part is an amount below what is due',
    paymentAllowed: "The payment page is the lender's gateway, which the app may open",
  },
});
