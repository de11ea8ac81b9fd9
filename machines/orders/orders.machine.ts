/**
 * Loan History (/orders; spec §2 'Orders list'): loading → ready | failed (Try again); from ready a
 * refresh loads the list again while the one on screen stays; a refresh is ignored while one is in
 * progress; a failed refresh keeps the list and says so in a toast.
 *
 * Rules: orders.rules.ts. Effects are provided at the edge (src/flows/orders/orders.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderListItem } from '../../contract/orders';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { OrdersKey } from '../../i18n/en/orders';

export interface OrdersContext {
  orders: OrderListItem[] | null;
  /** Why the list could not be loaded: the server's msg, else by key. */
  error: Said<OrdersKey> | null;
}

export type OrdersEvent = { type: 'orders.retried' } | { type: 'orders.refreshed' };

export const ordersMachine = setup({
  types: { context: {} as OrdersContext, events: {} as OrdersEvent },
  actors: {
    /** GET /order/v1/list */
    loadOrders: fromPromise<OrderListItem[]>(notProvided('loadOrders')),
  },
  actions: {
    showToast: (_, _params: { message: Said<OrdersKey> }) => {},
  },
}).createMachine({
  id: 'orders',
  description: "The borrower's orders, with a refresh.",
  context: { orders: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /order/v1/list.',
      tags: ['loading'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<OrdersKey>(event.error, 'loadFailed') }) },
      },
    },
    failed: {
      description: 'Nothing to show: the reason and Try again.',
      on: { 'orders.retried': 'loading' },
    },
    ready: {
      description: 'The list (or the empty text) and Refresh.',
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
