/**
 * One order on one of its three pages (audit, confirm or detail, given as input): it reads the order,
 * follows it through the order's states and hands the page over when the order belongs on another.
 * It makes no call and keeps no storage itself: its actors and effectful actions are provided at the
 * edge (the orders flow's effects). Its sub-charts are composed from order.audit.ts (re-checks),
 * order.confirm.ts (Get Money) and order.payment.ts (Repayment and the payment's outcome); its rules
 * are in order.rules.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LenderKfs, OrderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { Order, PaymentUrl } from '../../contract/orders';
import type { PaymentRecord } from '../../contract/payments';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import { placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { kfsBinds, kfsToSend, type KfsStanding } from '../shared/kfs-ack';
import { navigate } from '../shared/navigation';
import { machineSentences } from '../shared/sentences';
import { paths } from '../shared/paths';
import { payAgainBy, paymentAllowed, paymentOutcome, type PaymentOutcome, type StartedPayment } from '../shared/payment';
import { rechecking } from './order.audit';
import { confirming } from './order.confirm';
import { outcomeStates, payable } from './order.payment';
import { belongsOn, recheckDelay, returning, whereItBelongs, type OrderPage } from './order.rules';

/** What the confirm page keeps across a reload (bw.draft.order.loan.<orderId>): the Get Money key. */
export type OrderDraft = IdempotentIntent;

export interface OrderInput {
  orderId: string;
  page: OrderPage;
  /** The confirm page's draft, read when the page opened. */
  draft?: OrderDraft | null;
  /** Epoch ms of today: due date and days left. */
  today: number;
  /** The app's origin: the return address, and the one payment origin always allowed. */
  origin: string;
  /** Payment hosts allowed at build time (VITE_PAYMENT_HOSTS). */
  paymentHosts: readonly string[];
  /** The page was hidden when it opened. */
  hidden?: boolean;
  /** The detail page: the payment this tab started for the order and has not told yet (the tab's storage). */
  started?: StartedPayment | null;
  /** The lender's clock (src/lib/lender-clock.ts); defaults to the device's. */
  now?: () => number;
}

export interface OrderContext extends IdempotentIntent {
  orderId: string;
  page: OrderPage;
  today: number;
  origin: string;
  paymentHosts: readonly string[];
  order: Order | null;
  hidden: boolean;
  /** Automatic re-checks since the schedule (re)started: the next delay. */
  rechecks: number;
  /** Why the page could not be loaded: the server's msg, else by key. */
  error: Said<OrderKey> | null;
  /** A failed re-check, Get Money or repayment, shown at its button: the server's msg, else by key. */
  notice: Said<OrderKey> | null;
  now: () => number;
  /** The payment this tab started for the order and has not told yet, or null. */
  started: StartedPayment | null;
  /** When the unanswered repayment intent happened (the lender's clock): kept with its key. */
  intentAt: number | null;
  /** The order's payments (beyond the spec), read on the detail page; null until read, or when they could not be. */
  payments: Offered<PaymentRecord[]> | null;
  /** Automatic re-checks of a pending payment since it was found pending: the next delay. */
  paymentChecks: number;
  /** The confirm page: the KFS Get Money stands on (machines/shared/kfs-ack.ts), null until read. */
  kfs: KfsStanding | null;
  /** When the borrower ticked the acknowledgement on this page (the lender's clock), or null. */
  kfsTickedAt: number | null;
}

export type OrderEvent =
  | { type: 'page.retried' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'page.restored' }
  | { type: 'refresh.tapped' }
  | { type: 'getMoney.tapped' }
  | { type: 'kfs.ticked'; checked: boolean }
  | { type: 'repay.tapped' }
  | { type: 'outcome.closed' }
  | { type: 'pay.again' };

const order = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as OrderInput,
  },
  actors: {
    /** GET /order/v1/detail?orderId= */
    loadOrder: fromPromise<Order, { orderId: string }>(notProvided('loadOrder')),
    /** POST /order/v1/loan {orderId} with the intent's Idempotency-Key (Get Money). */
    confirmLoan: fromPromise<void, { orderId: string; idempotencyKey: string }>(notProvided('confirmLoan')),
    /** GET /kfs/v1/order?orderId= (beyond the spec): the KFS the order stands on and whether it binds now. */
    orderKfs: fromPromise<Offered<OrderKfs>, { orderId: string }>(notProvided('orderKfs')),
    /** POST /kfs/v1/issue {kind: 'order', orderId} (beyond the spec): the current KFS for the order. */
    issueKfs: fromPromise<Offered<LenderKfs>, { orderId: string }>(notProvided('issueKfs')),
    /** POST /kfs/v1/acknowledge {kfsNo} (beyond the spec; idempotent per number). */
    acknowledgeKfs: fromPromise<LenderKfs, { kfsNo: string }>(notProvided('acknowledgeKfs')),
    /** POST /pay-order/v1/repay {orderId} with the intent's Idempotency-Key. */
    repay: fromPromise<PaymentUrl, { orderId: string; idempotencyKey: string }>(notProvided('repay')),
    /** GET /pay-order/v1/payments?orderId= (beyond the spec: { offered: false } without it). */
    listPayments: fromPromise<Offered<PaymentRecord[]>, { orderId: string }>(notProvided('listPayments')),
  },
  actions: {
    navigate,
    /** Leaves the app for the payment page (the edge: window.location.assign). */
    openPayment: (_, _params: { url: string }) => {},
    persistDraft: (_, _params: { draft: OrderDraft }) => {},
    clearDraft: () => {},
    /** Keeps the payment started in the tab's storage, so the return (and a reload of it) knows it. */
    rememberPayment: (_, _params: { started: StartedPayment }) => {},
    /** The borrower has been told: the tab forgets the payment. */
    forgetPayment: () => {},
    keepStarted: assign({ started: (_, params: { started: StartedPayment | null }) => params.started }),
    dropStarted: assign({ started: null }),
    /** The key of a new intent (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
    /** The re-check schedule starts over (a tap, the page visible again). */
    restartSchedule: assign({ rechecks: 0, hidden: false }),
    countRecheck: assign({ rechecks: ({ context }) => context.rechecks + 1 }),
    /** A new repayment intent happens now, on the lender's clock (the payment is found by it when the lender names none). */
    markIntent: assign({ intentAt: ({ context }) => context.now() }),
    restartPaymentChecks: assign({ paymentChecks: 0, hidden: false }),
    countPaymentCheck: assign({ paymentChecks: ({ context }) => context.paymentChecks + 1 }),
  },
  guards: {
    hidden: ({ context }) => context.hidden,
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** Get Money may go: a KFS that binds now, acknowledged (kfs-ack.ts). */
    kfsBinds: ({ context }) => kfsBinds(context.kfs, context.kfsTickedAt, context.order?.period ?? 0, context.now()),
    /** The lender's KFS was ticked here and is to be acknowledged with the lender first. */
    kfsToSend: ({ context }) => kfsToSend(context.kfs, context.kfsTickedAt),
    /** The order is in `state` and belongs on this page. */
    shows: ({ context }, params: { state: number }) => context.order?.orderState === params.state && belongsOn(context.page, params.state),
    paymentAllowed: ({ context }, params: { paymentUrl: string }) =>
      paymentAllowed(params.paymentUrl, { origin: context.origin, hosts: context.paymentHosts }),
    detailPage: ({ context }) => context.page === 'detail',
    /** The detail page, with a payment of this order the tab started and has not told yet. */
    returning: ({ context }) => returning(context),
    /** The lender's answer (these payments, the order read) tells this outcome of the payment started. */
    told: ({ context }, params: { payments: Offered<PaymentRecord[]> | null; outcome: PaymentOutcome }) =>
      context.started !== null && context.order !== null && paymentOutcome(context.started, context.order, params.payments) === params.outcome,
    /** Pay again pays this way (and, for a repayment, the order is in `state`). */
    paysAgain: ({ context }, params: { by: 'repay' | 'extension'; state?: number }) =>
      context.started !== null &&
      context.order !== null &&
      payAgainBy(context.started, context.order, context.payments) === params.by &&
      (params.state === undefined || context.order.orderState === params.state),
  },
  delays: {
    /**
     * The audit page's next re-check: 5 s, 10 s, 20 s, 40 s, then every 60 s.
     * @duration 5 s, 10 s, 20 s, 40 s, then 60 s
     */
    recheck: ({ context }) => recheckDelay(context.rechecks),
    /**
     * A pending payment's next check, backing off like the audit page's.
     * @duration 5 s, 10 s, 20 s, 40 s, then 60 s
     */
    paymentRecheck: ({ context }) => recheckDelay(context.paymentChecks),
  },
});

/** The setup the sub-charts are written against. */
export type OrderSetup = typeof order;

export const orderMachine = order.createMachine({
  id: 'order',
  description: 'An order on its audit, confirm or detail page, following the order through its states.',
  context: ({ input }) => ({
    orderId: input.orderId,
    page: input.page,
    today: input.today,
    origin: input.origin,
    paymentHosts: input.paymentHosts,
    order: null,
    hidden: input.hidden ?? false,
    rechecks: 0,
    error: null,
    notice: null,
    idempotencyKey: input.page === 'confirm' ? (input.draft?.idempotencyKey ?? null) : null,
    now: input.now ?? Date.now,
    started: input.page === 'detail' ? (input.started ?? null) : null,
    intentAt: null,
    payments: null,
    paymentChecks: 0,
    kfs: null,
    kfsTickedAt: null,
  }),
  on: {
    'page.hidden': { actions: 'markHidden' },
    'page.visible': { actions: 'markVisible' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /order/v1/detail?orderId=.',
      tags: ['loading'],
      entry: assign({ notice: null }),
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: 'returning',
            target: 'checkingPayment',
            description: 'Back from a payment this tab started: ask the lender what happened to it.',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
          { guard: 'detailPage', target: 'readingPayments', actions: assign({ order: ({ event }) => event.output, error: null }) },
          { target: 'routing', actions: assign({ order: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<OrderKey>(event.error, 'loadFailed') }) },
      },
    },
    readingPayments: {
      description: "GET /pay-order/v1/payments (beyond the spec): the order's payments, for their list, their receipts and the timeline; without the call, or when it fails, the page is the spec's.",
      tags: ['loading'],
      invoke: {
        id: 'listPayments',
        src: 'listPayments',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'routing', actions: assign({ payments: ({ event }) => event.output }) },
        onError: { target: 'routing', description: 'Not read: no payments list, as against a lender without the call.', actions: assign({ payments: null }) },
      },
    },
    ...outcomeStates(order),
    failed: {
      description: 'The order could not be loaded: the reason and Try again.',
      tags: ['failed'],
      on: { 'page.retried': 'loading', 'page.restored': 'loading' },
    },
    routing: {
      description: "The order's state decides: its state on this page, or the page it belongs on.",
      always: [
        { guard: { type: 'shows', params: { state: 1 } }, target: 'auditing' },
        { guard: { type: 'shows', params: { state: 4 } }, target: 'lending' },
        { guard: { type: 'shows', params: { state: 2 } }, target: 'pass' },
        { guard: { type: 'shows', params: { state: 6 } }, target: 'loaned' },
        { guard: { type: 'shows', params: { state: 8 } }, target: 'overdued' },
        { guard: { type: 'shows', params: { state: 7 } }, target: 'settled' },
        {
          target: 'leaving',
          description: 'Not for this page: replace it with the page the order belongs on (audit: 2 → confirm, else /orders).',
          actions: [
            'clearDraft',
            {
              type: 'navigate',
              params: ({ context }) => ({
                to: whereItBelongs(context.page, context.orderId, context.order?.orderState ?? 0) ?? paths.orders.href(),
                replace: true,
              }),
            },
          ],
        },
      ],
    },
    auditing: rechecking(order, "1 Auditing: 'In Auditing', the note, Refresh and the re-checks.", 'auditing'),
    lending: rechecking(order, '4 Lending (approved, the money on its way): the audit page stays (spec §4) and keeps re-checking.', 'lending'),
    pass: confirming(order),
    loaned: payable(order, '6 Loaned: the order, due date, timeline and Repayment.', 'loaned'),
    overdued: payable(order, '8 Overdued: the same, with days overdue and the overdue fee, Repayment in red.', 'overdued'),
    settled: {
      description: '7 Settled (e.g. back from a payment that covered it): the order, read-only.',
      tags: ['detail', 'settled'],
      on: {
        'page.visible': { target: '#order.loading', actions: 'markVisible' },
        'page.restored': { target: '#order.loading', actions: 'markVisible' },
      },
    },
    leaving: {
      description: 'Another page replaced this one.',
      tags: ['leaving'],
      type: 'final',
    },
  },
});

export const orderSentences = machineSentences<OrderEvent>({
  events: {
    'page.retried': 'The borrower taps Try again',
    'page.hidden': 'The borrower leaves the page in the background',
    'page.visible': 'The borrower comes back to the page',
    'page.restored': 'The browser shows the page again from its back-forward cache',
    'refresh.tapped': 'The borrower taps Refresh (or Check again)',
    'getMoney.tapped': 'The borrower taps Get Money',
    'kfs.ticked': 'The borrower ticks or unticks the Key Fact Statement acknowledgement',
    'repay.tapped': 'The borrower taps Repayment',
    'outcome.closed': "The borrower goes on to the loan after reading the payment's outcome",
    'pay.again': 'The borrower taps Pay again',
  },
  guards: {
    hidden: 'The page is in the background',
    keyed: 'An earlier attempt of the same intent is still unanswered, so its key is sent again',
    kfsBinds: 'A Key Fact Statement that binds now has been acknowledged',
    kfsToSend: "The lender's Key Fact Statement was ticked here and must be acknowledged with the lender first",
    shows: 'The order is in this state and belongs on this page',
    paymentAllowed: 'The payment page the lender gave is one the app may open',
    detailPage: 'This is the loan detail page',
    returning: 'The borrower is back from a payment this tab started and has not been told about yet',
    told: "The lender's answer tells this outcome of the payment",
    paysAgain: 'Paying again is done this way (a repayment now, or the extension fee from its page)',
  },
});
