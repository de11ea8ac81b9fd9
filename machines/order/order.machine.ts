/**
 * The order lifecycle on the client: one machine for the three pages of an order (spec §2 'Audit',
 * 'Confirm', 'Order detail'; §4 'Order states', 'Audit pages', 'Repayment and extension'), with the
 * page as input. Its states follow the order's own states.
 *
 * - loading: GET /order/v1/detail?orderId=. Then `routing` decides: an order whose state does not
 *   belong on this page replaces the page with the one it belongs on (order.rules.ts whereItBelongs),
 *   so a deep link to a stale page never shows stale actions; otherwise the state of the order:
 * - auditing (1) and lending (4), on the audit page: Refresh re-checks (a tap while a check runs is
 *   ignored); while the page is visible it re-checks by itself, backing off (RECHECK_DELAYS_MS), and
 *   stops while hidden (`page.hidden` / `page.visible`, sent by the route from visibilitychange). Each
 *   answer goes through `routing` again: 2 → confirm, above 4 → /orders.
 * - pass (2), on the confirm page: Get Money stands on a KFS that binds now (the one acknowledged, or the
 *   current one the lender issues, or the app's own, ticked here); then it sends POST /order/v1/loan once, with an idempotency key
 *   made at the tap and kept in the draft until answered (a retry or a reload sends the same key),
 *   then replaces the page with /orders.
 * - loaned (6), overdued (8), settled (7), on the detail page: Repayment sends POST /pay-order/v1/repay
 *   with a key made at the tap; the payment URL, with the return address appended, is opened only
 *   when it is allowed (machines/shared/payment.ts paymentAllowed), else a clear error and no navigation.
 *   Leaving, the payment started is remembered in the tab (`rememberPayment`). The detail page also
 *   reads the order's payments (beyond the spec): its list, its receipts and the timeline's marks.
 * - Coming back from the gateway (the detail page with a payment this tab started): `checkingPayment`
 *   asks the lender, then tells one outcome (paymentOutcome): received, pending (the page checks
 *   again by itself), not received (Pay again), or not confirmed yet (Check again, Pay again). A
 *   reload tells it again, until the borrower goes on to the loan (`outcome.closed`). Pay again is a
 *   new intent with a new key, offered only while the lender says nothing is pending.
 * - Back, the bfcache (`page.restored`, from pageshow with persisted) and, on the confirm and detail
 *   pages, the page becoming visible again read the order again.
 *
 * Rules in order.rules.ts; effects are provided at the edge (src/flows/orders/order.effects.ts).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { LenderKfs, OrderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { Order, PaymentUrl } from '../../contract/orders';
import type { PaymentRecord } from '../../contract/payments';
import { notProvided } from '../shared/actors';
import { say, saidOf, type Said } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { APP_KFS, kfsBinds, kfsPrompt, kfsToSend, lenderStanding, orderKfsBinds, type KfsStanding } from '../shared/kfs-ack';
import { navigate } from '../shared/navigation';
import { enforces } from '../shared/rules';
import { paths } from '../shared/paths';
import { markOf, payAgainBy, paymentAllowed, paymentOutcome, withReturn, type PaymentOutcome, type StartedPayment } from '../shared/payment';
import { ORDER_STATE } from '../shared/order-states';
import { belongsOn, recheckDelay, returnAddress, returning, whereItBelongs, type OrderPage } from './order.rules';

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

/** The payment the repayment intent started, as the tab remembers it. */
function startedBy(context: OrderContext, answer: PaymentUrl): StartedPayment | null {
  if (context.order === null || context.idempotencyKey === null) return null;
  return {
    orderId: context.orderId,
    purpose: 'repayment',
    key: context.idempotencyKey,
    at: context.intentAt ?? context.now(),
    paymentId: answer.paymentId ?? null,
    before: markOf(context.order),
  };
}

/** The borrower has been told: the payment is forgotten here and in the tab. */
const forget = ['forgetPayment', 'dropStarted'] as const;

/**
 * Pay again: a new intent with a new key. A repayment is requested at once, on the loan's page; an
 * extension fee is paid from the extension page, which says what can be done now.
 */
const payingAgain = order.createStateConfig({
  on: {
    'pay.again': [
      {
        guard: { type: 'paysAgain', params: { by: 'repay', state: ORDER_STATE.overdued } },
        target: '#order.overdued.requesting',
        description: 'Pay again (overdue): a new repayment, a new key.',
        actions: [...forget, 'newIdempotencyKey', 'markIntent'],
      },
      {
        guard: { type: 'paysAgain', params: { by: 'repay', state: ORDER_STATE.loaned } },
        target: '#order.loaned.requesting',
        description: 'Pay again: a new repayment, a new key.',
        actions: [...forget, 'newIdempotencyKey', 'markIntent'],
      },
      {
        guard: { type: 'paysAgain', params: { by: 'extension' } },
        target: '#order.leaving',
        description: 'Pay the extension fee again: its page (Back returns here).',
        actions: [...forget, { type: 'navigate', params: ({ context }) => ({ to: paths.orderExtension.href(context.orderId), replace: false }) }],
      },
    ],
  },
});

/**
 * A loan the borrower can repay (6 Loaned, 8 Overdued): the same Repayment, once per tap, for both;
 * only the page's tag (and so the red when overdue) differs.
 */
const payable = (description: string, tag: 'loaned' | 'overdued') =>
  order.createStateConfig({
    description,
    tags: ['detail', 'payable', tag],
    initial: 'idle',
    states: {
      idle: {
        description: 'The order and Repayment; a failed repayment says why at the button.',
        on: {
          'repay.tapped': [
            { guard: 'keyed', target: 'requesting', description: 'The same repayment again (after a failure): the same key.' },
            { target: 'requesting', description: 'Repayment: a new key.', actions: ['newIdempotencyKey', 'markIntent'] },
          ],
          'page.visible': { target: '#order.loading', actions: 'markVisible' },
          'page.restored': { target: '#order.loading', actions: 'markVisible' },
        },
      },
      requesting: {
        description: 'POST /pay-order/v1/repay once: a second tap is ignored.',
        tags: ['repaying'],
        entry: assign({ notice: null }),
        invoke: {
          id: 'repay',
          src: 'repay',
          input: ({ context }) => ({ orderId: context.orderId, idempotencyKey: intentKey(context, 'order') }),
          onDone: [
            {
              guard: { type: 'paymentAllowed', params: ({ event }) => ({ paymentUrl: event.output.paymentUrl }) },
              target: 'redirecting',
              description: 'An allowed payment page: the tab remembers the payment started, and goes there with the return address appended.',
              actions: [
                { type: 'keepStarted', params: ({ context, event }) => ({ started: startedBy(context, event.output) }) },
                { type: 'rememberPayment', params: ({ context }) => ({ started: context.started as StartedPayment }) },
                assign({ idempotencyKey: null, intentAt: null }),
                {
                  type: 'openPayment',
                  params: ({ context, event }) => ({ url: withReturn(event.output.paymentUrl, returnAddress(context.origin, context.orderId)) }),
                },
              ],
            },
            {
              target: 'idle',
              description: 'Not an allowed payment page: a clear error, no navigation; the next tap is a new request.',
              actions: assign({ idempotencyKey: null, intentAt: null, notice: say<OrderKey>('paymentRefused') }),
            },
          ],
          onError: {
            target: 'idle',
            description: "Not started (or the answer was lost): the server's msg; the key stays for a retry.",
            actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'repayFailed') }),
          },
        },
      },
      redirecting: {
        description: 'The browser is on its way to the payment page; coming back (Back, the bfcache) reads the order again.',
        tags: ['redirecting'],
        on: {
          'page.visible': { target: '#order.loading', actions: 'markVisible' },
          'page.restored': { target: '#order.loading', actions: 'markVisible' },
        },
      },
    },
  });

/**
 * An order still with the lender (1 Auditing, 4 Lending): the audit page, its Refresh and its
 * backing-off re-checks, the same for both; only the description and the page's tag differ.
 */
const rechecking = (description: string, tag: 'auditing' | 'lending') =>
  order.createStateConfig({
    description,
    tags: ['audit', tag],
    initial: 'waiting',
    states: {
      waiting: {
        description: 'Visible: the next re-check after the backing-off delay.',
        always: { guard: 'hidden', target: 'paused', description: 'Hidden: no re-checks.' },
        after: { recheck: { target: 'checking', actions: 'countRecheck' } },
        on: {
          'refresh.tapped': { target: 'checking', description: 'Refresh: check now; the schedule starts over.', actions: 'restartSchedule' },
          'page.hidden': { target: 'paused', actions: 'markHidden' },
          'page.restored': { target: '#order.loading', actions: 'markVisible', description: 'Back from the bfcache: read the order again.' },
        },
      },
      paused: {
        description: 'Hidden: nothing is asked until the page is visible again.',
        on: {
          'page.visible': { target: 'checking', description: 'Visible again: check at once; the schedule starts over.', actions: 'restartSchedule' },
          'refresh.tapped': { target: 'checking', actions: 'restartSchedule' },
          'page.restored': { target: '#order.loading', actions: 'markVisible' },
        },
      },
      checking: {
        description: 'GET /order/v1/detail again; a tap on Refresh (or a return from the bfcache) meanwhile is ignored: this answer is the fresh one.',
        tags: ['refreshing'],
        invoke: {
          id: 'recheckOrder',
          src: 'loadOrder',
          input: ({ context }) => ({ orderId: context.orderId }),
          onDone: {
            target: '#order.routing',
            description: 'The order as it is now: it stays, or goes where it belongs.',
            actions: assign({ order: ({ event }) => event.output, notice: null }),
          },
          onError: {
            target: 'waiting',
            description: 'Not checked: say so; the schedule goes on.',
            actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'recheckFailed') }),
          },
        },
      },
    },
  });

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
    checkingPayment: {
      description:
        "Back from the payment page: the lender's record of the payment this tab started (its payments, beyond the spec), read with the order just read; without the call, the order alone tells it.",
      tags: ['loading', 'checkingPayment'],
      invoke: {
        id: 'checkPayment',
        src: 'listPayments',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'received' }) },
            target: 'received',
            actions: assign({ payments: ({ event }) => event.output }),
          },
          {
            guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'pending' }) },
            target: 'pending',
            actions: assign({ payments: ({ event }) => event.output, paymentChecks: 0 }),
          },
          {
            guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'notReceived' }) },
            target: 'notReceived',
            actions: assign({ payments: ({ event }) => event.output }),
          },
          { target: 'unconfirmed', description: 'Neither the record nor the order shows it yet.', actions: assign({ payments: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', description: 'Not checked: the reason and Try again, which checks again.', actions: assign({ error: ({ event }) => saidOf<OrderKey>(event.error, 'checkFailed') }) },
      },
    },
    received: {
      description:
        'The lender has the payment: how much, when (IST), its reference, and what is left to pay (the loan repaid, or the new due date after an extension fee); its receipt where the lender offers receipts.',
      tags: ['outcome', 'received'],
      on: {
        'outcome.closed': { target: 'routing', description: 'Back to the loan: the tab forgets the payment.', actions: forget },
        'page.restored': { target: '#order.loading', actions: 'markVisible' },
      },
    },
    pending: {
      description:
        'The bank has not answered yet: what that means, that nothing more should be paid meanwhile, and when it will be known. While visible, the page checks again by itself (backing off) and says when it changes; no Pay again.',
      tags: ['outcome', 'pending'],
      initial: 'waiting',
      on: { 'page.restored': { target: '#order.loading', actions: 'markVisible' } },
      states: {
        waiting: {
          description: 'Visible: the next check after the backing-off delay.',
          always: { guard: 'hidden', target: 'paused', description: 'Hidden: no checks.' },
          after: { paymentRecheck: { target: 'checking', actions: 'countPaymentCheck' } },
          on: {
            'refresh.tapped': { target: 'checking', description: 'Check again: now; the schedule starts over.', actions: 'restartPaymentChecks' },
            'page.hidden': { target: 'paused', actions: 'markHidden' },
          },
        },
        paused: {
          description: 'Hidden: nothing is asked until the page is visible again.',
          on: {
            'page.visible': { target: 'checking', description: 'Visible again: check at once; the schedule starts over.', actions: 'restartPaymentChecks' },
            'refresh.tapped': { target: 'checking', actions: 'restartPaymentChecks' },
          },
        },
        checking: {
          description: 'GET /order/v1/detail again (what is left to pay, once the bank answers); a tap meanwhile is ignored.',
          tags: ['refreshing'],
          entry: assign({ notice: null }),
          invoke: {
            id: 'rereadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'checkingRecord', actions: assign({ order: ({ event }) => event.output }) },
            onError: { target: 'waiting', description: 'Not checked: say so; the schedule goes on.', actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'recheckFailed') }) },
          },
        },
        checkingRecord: {
          description: "GET /pay-order/v1/payments again: the payment's record as the lender has it now.",
          tags: ['refreshing'],
          invoke: {
            id: 'recheckPayment',
            src: 'listPayments',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              {
                guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'received' }) },
                target: '#order.received',
                description: 'The bank confirmed it: received.',
                actions: assign({ payments: ({ event }) => event.output }),
              },
              {
                guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'notReceived' }) },
                target: '#order.notReceived',
                description: 'The bank declined it: not received.',
                actions: assign({ payments: ({ event }) => event.output }),
              },
              {
                guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'unconfirmed' }) },
                target: '#order.unconfirmed',
                actions: assign({ payments: ({ event }) => event.output }),
              },
              { target: 'waiting', description: 'Still pending: the schedule goes on.', actions: assign({ payments: ({ event }) => event.output }) },
            ],
            onError: { target: 'waiting', actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'recheckFailed') }) },
          },
        },
      },
    },
    notReceived: {
      description: 'The lender says the payment failed: nothing was taken. Pay again (a new intent), or back to the loan.',
      tags: ['outcome', 'notReceived'],
      on: {
        ...payingAgain.on,
        'outcome.closed': { target: 'routing', description: 'Back to the loan: the tab forgets the payment.', actions: forget },
        'page.restored': { target: '#order.loading', actions: 'markVisible' },
      },
    },
    unconfirmed: {
      description:
        'The lender has not confirmed the payment yet (without the payments call, an order unchanged on return): Check again, Pay again (while nothing is pending), or back to the loan.',
      tags: ['outcome', 'unconfirmed'],
      on: {
        'refresh.tapped': { target: 'loading', description: 'Check again: the order and the payment are read again.' },
        'page.visible': { target: 'loading', actions: 'markVisible', description: 'Back on the page (from a UPI app, say): check again.' },
        'page.restored': { target: 'loading', actions: 'markVisible' },
        ...payingAgain.on,
        'outcome.closed': { target: 'routing', description: 'Back to the loan: the tab forgets the payment.', actions: forget },
      },
    },
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
    auditing: rechecking("1 Auditing: 'In Auditing', the note, Refresh and the re-checks.", 'auditing'),
    lending: rechecking('4 Lending (approved, the money on its way): the audit page stays (spec §4) and keeps re-checking.', 'lending'),
    pass: {
      description: '2 Pass: the loan to confirm and Get Money, under a Key Fact Statement that binds now.',
      tags: ['confirm'],
      initial: 'readingKfs',
      entry: assign({ kfs: null, kfsTickedAt: null }),
      states: {
        readingKfs: {
          description: 'GET /kfs/v1/order (beyond the spec): the KFS the order was acknowledged under, and whether it still binds.',
          tags: ['kfsLoading'],
          invoke: {
            id: 'orderKfs',
            src: 'orderKfs',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              {
                guard: ({ event }) => orderKfsBinds(event.output),
                target: 'idle',
                description: 'The KFS acknowledged (at applying, or here before) binds now: Get Money stands on it.',
                actions: assign({ kfs: ({ event }) => (event.output.offered && event.output.value.kfs ? lenderStanding(event.output.value.kfs) : APP_KFS) }),
              },
              { guard: ({ event }) => event.output.offered, target: 'issuingKfs', description: 'None, or it has expired: the lender issues the current one.' },
              { target: 'idle', description: "Not offered: the app's own KFS, acknowledged with a tick here.", actions: assign({ kfs: APP_KFS }) },
            ],
            onError: { target: 'idle', description: "Not read: the app's own KFS and tick; the lender still checks its own at Get Money.", actions: assign({ kfs: APP_KFS }) },
          },
        },
        issuingKfs: {
          description: 'POST /kfs/v1/issue for the order: the current KFS, with its number and validity, to acknowledge.',
          tags: ['kfsLoading'],
          invoke: {
            id: 'issueKfs',
            src: 'issueKfs',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'idle', actions: assign({ kfs: ({ event }) => (event.output.offered ? lenderStanding(event.output.value) : APP_KFS) }) },
            onError: { target: 'idle', description: "Not issued: the app's own KFS and tick; the lender still checks its own at Get Money.", actions: assign({ kfs: APP_KFS }) },
          },
        },
        idle: {
          description:
            'The loan to confirm and Get Money. Without a KFS that binds, the borrower ticks its acknowledgement first; Get Money waits for it. A failed confirmation says why at the button.',
          meta: enforces('kfs-valid-at-disbursal'),
          on: {
            'kfs.ticked': {
              guard: ({ context }) => kfsPrompt(context.kfs, context.kfsTickedAt).kind === 'toAcknowledge',
              description: 'The tick (or its removal) on a KFS to acknowledge; one acknowledged already has none.',
              actions: assign({ kfsTickedAt: ({ context, event }) => (event.checked ? context.now() : null) }),
            },
            'getMoney.tapped': [
              { guard: and(['kfsToSend', 'keyed']), target: 'acknowledging', description: 'The same Get Money again: the KFS ticked is acknowledged first, the key kept.' },
              {
                guard: 'kfsToSend',
                target: 'acknowledging',
                description: 'Get Money: the KFS ticked is acknowledged with the lender first; a new key, kept in the draft.',
                actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: { idempotencyKey: context.idempotencyKey } }) }],
              },
              { guard: and(['kfsBinds', 'keyed']), target: 'confirming', description: 'The same Get Money again (after a failure or a reload): the same key.' },
              {
                guard: 'kfsBinds',
                target: 'confirming',
                description: 'Get Money: a new key, kept in the draft until answered.',
                actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: { idempotencyKey: context.idempotencyKey } }) }],
              },
            ],
            'page.visible': { target: '#order.loading', actions: 'markVisible' },
            'page.restored': { target: '#order.loading', actions: 'markVisible' },
          },
        },
        acknowledging: {
          description: 'POST /kfs/v1/acknowledge: the lender records the acknowledgement before Get Money; a second tap is ignored.',
          tags: ['confirming'],
          entry: assign({ notice: null }),
          invoke: {
            id: 'acknowledgeKfs',
            src: 'acknowledgeKfs',
            input: ({ context }) => ({ kfsNo: context.kfs?.source === 'lender' ? context.kfs.kfsNo : '' }),
            onDone: { target: 'confirming', actions: assign({ kfs: ({ event }) => lenderStanding(event.output) }) },
            onError: {
              target: 'idle',
              description: "Not acknowledged (it expired meanwhile, say): the lender's msg at the button; reload for the current one.",
              actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'confirmFailed') }),
            },
          },
        },
        confirming: {
          description: 'POST /order/v1/loan once: a second tap is ignored.',
          tags: ['confirming'],
          entry: assign({ notice: null }),
          invoke: {
            id: 'confirmLoan',
            src: 'confirmLoan',
            input: ({ context }) => ({ orderId: context.orderId, idempotencyKey: intentKey(context, 'order') }),
            onDone: {
              target: '#order.leaving',
              description: 'Confirmed: /orders replaces the page.',
              actions: [assign({ idempotencyKey: null }), 'clearDraft', { type: 'navigate', params: { to: paths.orders.href(), replace: true } }],
            },
            onError: {
              target: 'idle',
              description: "Not confirmed (or the answer was lost): the server's msg; the key stays for a retry.",
              actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'confirmFailed') }),
            },
          },
        },
      },
    },
    loaned: payable('6 Loaned: the order, due date, timeline and Repayment.', 'loaned'),
    overdued: payable('8 Overdued: the same, with days overdue and the overdue fee, Repayment in red.', 'overdued'),
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

