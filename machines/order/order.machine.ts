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
 * - pass (2), on the confirm page: Get Money sends POST /order/v1/loan once, with an idempotency key
 *   made at the tap and kept in the draft until answered (a retry or a reload sends the same key),
 *   then replaces the page with /orders.
 * - loaned (6), overdued (8), settled (7), on the detail page: Repayment sends POST /pay-order/v1/repay
 *   with a key made at the tap; the payment URL, with the return address appended, is opened only
 *   when it is allowed (machines/shared/payment.ts paymentAllowed), else a clear error and no navigation.
 * - Back, the bfcache (`page.restored`, from pageshow with persisted) and, on the confirm and detail
 *   pages, the page becoming visible again read the order again.
 *
 * Rules in order.rules.ts; effects are provided at the edge (src/flows/orders/order.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Order, PaymentUrl } from '../../contract/orders';
import { notProvided } from '../shared/actors';
import { say, saidOf, type Said } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { paymentAllowed, withReturn } from '../shared/payment';
import { belongsOn, recheckDelay, returnAddress, whereItBelongs, type OrderPage } from './order.rules';

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
}

export type OrderEvent =
  | { type: 'page.retried' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'page.restored' }
  | { type: 'refresh.tapped' }
  | { type: 'getMoney.tapped' }
  | { type: 'repay.tapped' };

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
    /** POST /pay-order/v1/repay {orderId} with the intent's Idempotency-Key. */
    repay: fromPromise<PaymentUrl, { orderId: string; idempotencyKey: string }>(notProvided('repay')),
  },
  actions: {
    navigate,
    /** Leaves the app for the payment page (the edge: window.location.assign). */
    openPayment: (_, _params: { url: string }) => {},
    persistDraft: (_, _params: { draft: OrderDraft }) => {},
    clearDraft: () => {},
    /** The key of a new intent (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
    /** The re-check schedule starts over (a tap, the page visible again). */
    restartSchedule: assign({ rechecks: 0, hidden: false }),
    countRecheck: assign({ rechecks: ({ context }) => context.rechecks + 1 }),
  },
  guards: {
    hidden: ({ context }) => context.hidden,
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** The order is in `state` and belongs on this page. */
    shows: ({ context }, params: { state: number }) => context.order?.orderState === params.state && belongsOn(context.page, params.state),
    paymentAllowed: ({ context }, params: { paymentUrl: string }) =>
      paymentAllowed(params.paymentUrl, { origin: context.origin, hosts: context.paymentHosts }),
  },
  delays: {
    /**
     * The audit page's next re-check: 5 s, 10 s, 20 s, 40 s, then every 60 s.
     * @duration 5 s, 10 s, 20 s, 40 s, then 60 s
     */
    recheck: ({ context }) => recheckDelay(context.rechecks),
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
            { target: 'requesting', description: 'Repayment: a new key.', actions: 'newIdempotencyKey' },
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
              description: 'An allowed payment page: go there, with the return address appended.',
              actions: [
                assign({ idempotencyKey: null }),
                {
                  type: 'openPayment',
                  params: ({ context, event }) => ({ url: withReturn(event.output.paymentUrl, returnAddress(context.origin, context.orderId)) }),
                },
              ],
            },
            {
              target: 'idle',
              description: 'Not an allowed payment page: a clear error, no navigation; the next tap is a new request.',
              actions: assign({ idempotencyKey: null, notice: say<OrderKey>('paymentRefused') }),
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
        onDone: { target: 'routing', actions: assign({ order: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<OrderKey>(event.error, 'loadFailed') }) },
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
      description: '2 Pass: the loan to confirm and Get Money.',
      tags: ['confirm'],
      initial: 'idle',
      states: {
        idle: {
          description: 'The loan to confirm and Get Money; a failed confirmation says why at the button.',
          on: {
            'getMoney.tapped': [
              { guard: 'keyed', target: 'confirming', description: 'The same Get Money again (after a failure or a reload): the same key.' },
              {
                target: 'confirming',
                description: 'Get Money: a new key, kept in the draft until answered.',
                actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: { idempotencyKey: context.idempotencyKey } }) }],
              },
            ],
            'page.visible': { target: '#order.loading', actions: 'markVisible' },
            'page.restored': { target: '#order.loading', actions: 'markVisible' },
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

