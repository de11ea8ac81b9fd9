/**
 * Home: loads the home data and turns the borrower's taps into navigation by the spec's rules.
 * It does not hold those rules (home.rules.ts does) and makes no call itself: effects are provided
 * at the edge (src/flows/home/home.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HomeResponse } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { say, saidOf, type Said } from '../../i18n/core';
import type { HomeKey } from '../../i18n/en/home';
import { notProvided } from '../shared/actors';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { safeExternalUrl } from '../shared/url';
import { applyDecision, hasOpenOrderFor, inProgressTarget, type ApplyDecision, type CheckedOrder } from './home.rules';
import { machineSentences } from '../shared/sentences';

export interface HomeInput {
  /** An Android browser outside the native shell (see isAndroidBrowser). */
  androidBrowser: boolean;
  /** Where Android browsers are sent to get the app, in the multi-product layout. */
  androidDownloadUrl: string;
}

export interface HomeContext extends HomeInput {
  home: HomeResponse | null;
  /** Why home could not be loaded: the server's msg, or a message by key. */
  error: Said<HomeKey> | null;
  /** The product whose orders are being checked (single layout). */
  applyingFor: string | null;
}

export type HomeEvent =
  | { type: 'home.retried' }
  | { type: 'product.applied'; productId: string }
  | { type: 'inProgress.opened'; orderId: string; orderState: number };

function decide(context: HomeContext, event: HomeEvent): ApplyDecision {
  return event.type === 'product.applied' ? applyDecision(context.home, event.productId, context, safeExternalUrl) : { kind: 'ignore' };
}
const urlOf = (d: ApplyDecision) => (d.kind === 'download' || d.kind === 'external' ? d.url : '');

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
  },
  actors: {
    /** GET /home/v1/index */
    loadHome: fromPromise<HomeResponse>(notProvided('loadHome')),
    /** GET /order/v1/list */
    loadOrders: fromPromise<OrderListItem[]>(notProvided('loadOrders')),
  },
  actions: {
    navigate,
    /** Leaves the app for an http(s) URL (a partner's page, the app download page). */
    openExternal: (_, _params: { url: string }) => {},
    showToast: (_, _params: { message: Said<HomeKey> }) => {},
    /** The next screens' reads for this product, started at the tap (an effect at the edge: reads only). */
    readAhead: (_, _params: { productId: string }) => {},
  },
  guards: {
    singleLayout: ({ context, event }) => decide(context, event).kind === 'checkOrders',
    androidBrowser: ({ context, event }) => decide(context, event).kind === 'download',
    externalProduct: ({ context, event }) => decide(context, event).kind === 'external',
    externalLinkBroken: ({ context, event }) => decide(context, event).kind === 'linkBroken',
    applicable: ({ context, event }) => decide(context, event).kind === 'verify',
    hasOpenOrder: ({ context }, params: { orders: readonly CheckedOrder[] }) =>
      context.applyingFor !== null && hasOpenOrderFor(params.orders, context.applyingFor),
  },
}).createMachine({
  id: 'home',
  description: 'The home page: products to apply for and the orders in progress.',
  context: ({ input }) => ({ ...input, home: null, error: null, applyingFor: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /home/v1/index.',
      tags: ['busy'],
      invoke: {
        id: 'loadHome',
        src: 'loadHome',
        onDone: { target: 'ready', actions: assign({ home: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<HomeKey>(event.error, 'failed') }) },
      },
    },
    failed: {
      description: 'The home data could not be loaded: the reason and a retry.',
      on: { 'home.retried': 'loading' },
    },
    ready: {
      description: 'Products and in-progress orders are shown (userStatus 1: single layout, 2: multi layout).',
      on: {
        'product.applied': [
          {
            description: 'Single layout: check the order list first.',
            guard: 'singleLayout',
            target: 'checkingOrders',
            actions: [
              assign({ applyingFor: ({ event }) => event.productId }),
              { type: 'readAhead', params: ({ event }) => ({ productId: event.productId }) },
            ],
          },
          {
            description: 'Multi layout on an Android browser: the app download page.',
            guard: 'androidBrowser',
            actions: { type: 'openExternal', params: ({ context, event }) => ({ url: urlOf(decide(context, event)) }) },
          },
          {
            description: "Multi layout, productType 0: the product's external link (h5Href).",
            guard: 'externalProduct',
            actions: { type: 'openExternal', params: ({ context, event }) => ({ url: urlOf(decide(context, event)) }) },
          },
          {
            description: 'productType 0 whose link is not a safe http(s) URL: say so, stay.',
            guard: 'externalLinkBroken',
            actions: { type: 'showToast', params: { message: say<HomeKey>('linkBroken') } },
          },
          {
            description: 'Multi layout, any other product: the verification hub /auth/index?pid=.',
            guard: 'applicable',
            actions: [
              { type: 'readAhead', params: ({ event }) => ({ productId: event.productId }) },
              { type: 'navigate', params: ({ event }) => ({ to: paths.authHub.href(event.productId), replace: false }) },
            ],
          },
        ],
        'inProgress.opened': {
          description: '1 audit, 2 confirm, 6 or 8 detail, anything else /orders.',
          actions: { type: 'navigate', params: ({ event }) => ({ to: inProgressTarget(event.orderId, event.orderState), replace: false }) },
        },
      },
    },
    checkingOrders: {
      description:
        'Single layout: GET /order/v1/list. An open order (1, 2, 4, 6, 8) for the product goes to Loan History, which says why (?blocked={pid}), else to verification.',
      tags: ['busy', 'applying'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: [
          {
            guard: { type: 'hasOpenOrder', params: ({ event }) => ({ orders: event.output }) },
            target: 'ready',
            description: 'An open order for the product: Loan History, told which product (?blocked={pid}), says why.',
            actions: [
              { type: 'navigate', params: ({ context }) => ({ to: paths.orders.href({ blocked: context.applyingFor }), replace: false }) },
              assign({ applyingFor: null }),
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'navigate', params: ({ context }) => ({ to: paths.authHub.href(context.applyingFor ?? ''), replace: false }) },
              assign({ applyingFor: null }),
            ],
          },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'showToast', params: ({ event }) => ({ message: saidOf<HomeKey>(event.error, 'failed') }) }, assign({ applyingFor: null })],
        },
      },
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const homeSentences = machineSentences<HomeEvent>({
  events: {
    'home.retried': 'The borrower taps Try again',
    'product.applied': 'The borrower taps Apply on a product',
    'inProgress.opened': 'The borrower opens the loan in progress',
  },
  guards: {
    singleLayout: 'The home shows a single product, so open loans are checked first',
    androidBrowser: 'The borrower is in a browser on Android, so the app is offered instead',
    externalProduct: "The product is applied for on the partner's site",
    externalLinkBroken: "The partner's link for the product is missing or broken",
    applicable: 'The borrower may apply: verification comes next',
    hasOpenOrder: 'The borrower already has an open loan for this product',
  },
});
