/**
 * Loan History (spec §2 'Orders list'): the borrower's orders, and, when the page was opened with a
 * reason (an open loan refused an application, or an application was just sent), a notice that says
 * why the borrower is here. It does not decide what an order's row shows or links to: that is in
 * orders.rules.ts; its calls are provided at the edge.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HomeProduct } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { OrdersKey } from '../../i18n/en/orders';
import { blockedNotice, submittedNotice, type BlockedNotice, type SubmittedNotice } from './orders.rules';
import { machineSentences } from '../shared/sentences';

export interface OrdersInput {
  /** ?blocked={pid}: the product an open loan refused a new application for, or null. */
  blocked: string | null;
  /** ?submitted={pid}: the product just applied for, or null. */
  submitted?: string | null;
}

export interface OrdersContext {
  orders: OrderListItem[] | null;
  /** Why the list could not be loaded: the server's msg, else by key. */
  error: Said<OrdersKey> | null;
  /** Why the borrower is here (from ?blocked=), or null: Loan History as it is. */
  notice: BlockedNotice | null;
  /** The application just sent (from ?submitted=), or null. */
  submitted: SubmittedNotice | null;
}

export type OrdersEvent = { type: 'orders.retried' } | { type: 'orders.refreshed' };

export const ordersMachine = setup({
  types: { context: {} as OrdersContext, events: {} as OrdersEvent, input: {} as OrdersInput },
  actors: {
    /** GET /order/v1/list */
    loadOrders: fromPromise<OrderListItem[]>(notProvided('loadOrders')),
    /** GET /home/v1/index: home's products, for the name and type of the product in ?blocked=. */
    loadProducts: fromPromise<HomeProduct[]>(notProvided('loadProducts')),
  },
  actions: {
    showToast: (_, _params: { message: Said<OrdersKey> }) => {},
  },
  guards: {
    noReason: ({ context }) => context.notice === null && context.submitted === null,
  },
}).createMachine({
  id: 'orders',
  description:
    "The borrower's orders, with a refresh; opened because an open loan blocked an application, it also says why; opened after APPLY NOW, it says the application was sent.",
  context: ({ input }) => ({
    orders: null,
    error: null,
    notice: input.blocked === null ? null : blockedNotice(input.blocked, null),
    submitted: input.submitted ? submittedNotice(input.submitted, null) : null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The list and, when the address says why the borrower is here, that product on home, side by side; the page shows once both have answered, so the notice never pushes the list down.',
      tags: ['loading'],
      type: 'parallel',
      onDone: 'ready',
      states: {
        list: {
          description: "The borrower's orders.",
          initial: 'loading',
          states: {
            loading: {
              description: 'GET /order/v1/list.',
              invoke: {
                id: 'loadOrders',
                src: 'loadOrders',
                onDone: { target: 'loaded', actions: assign({ orders: ({ event }) => event.output, error: null }) },
                onError: { target: '#orders.failed', actions: assign({ error: ({ event }) => saidOf<OrdersKey>(event.error, 'loadFailed') }) },
              },
            },
            loaded: { description: 'The orders are here.', type: 'final' },
          },
        },
        reason: {
          description: 'Why the borrower is here (?blocked={pid} or ?submitted={pid}): the product, as home lists it.',
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Was Loan History opened with a reason? Without one there is nothing to look up.',
              always: [{ guard: 'noReason', target: 'known' }, { target: 'finding' }],
            },
            finding: {
              description: "GET /home/v1/index: the product's name, and whether it is the app's own (it can be scheduled) or a partner's.",
              invoke: {
                id: 'loadProducts',
                src: 'loadProducts',
                onDone: {
                  target: 'known',
                  actions: assign({
                    notice: ({ context, event }) => (context.notice ? blockedNotice(context.notice.pid, event.output) : null),
                    submitted: ({ context, event }) => (context.submitted ? submittedNotice(context.submitted.pid, event.output) : null),
                  }),
                },
                onError: {
                  target: 'known',
                  description: "Home could not be read: the notice says why (or that the application was sent) without the product's name, and offers nothing it cannot be sure of.",
                },
              },
            },
            known: { description: 'The notice is settled (or there is none).', type: 'final' },
          },
        },
      },
    },
    failed: {
      description: 'Nothing to show: the reason and Try again.',
      on: { 'orders.retried': 'loading' },
    },
    ready: {
      description: 'The notice when there is a reason (an open loan, or the application just sent), then the list (or the empty text) and Refresh.',
      on: { 'orders.refreshed': 'refreshing' },
    },
    refreshing: {
      description: 'The list is loaded again; the one on screen stays, Refresh is busy, a second refresh is ignored.',
      tags: ['refreshing'],
      invoke: {
        id: 'refreshOrders',
        src: 'loadOrders',
        onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          description: 'The list on screen stays; the reason in a toast.',
          actions: { type: 'showToast', params: ({ event }) => ({ message: saidOf<OrdersKey>(event.error, 'refreshFailed') }) },
        },
      },
    },
  },
});

export const ordersSentences = machineSentences<OrdersEvent>({
  events: {
    'orders.retried': 'The borrower taps Try again',
    'orders.refreshed': 'The borrower taps Refresh',
  },
  guards: {
    noReason: 'Loan History was opened without a reason to explain',
  },
});
