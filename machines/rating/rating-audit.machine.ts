/**
 * The audit page with a rating prompt (spec §2 'Audit with rating'), opened by the native shell:
 * Refresh checks whether the audit is finished and tells the shell, and To Evaluate opens the store's
 * review. It makes no call and does not talk to the shell itself: both are provided at the edge.
 * Rules are in rating.rules.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Order } from '../../contract/orders';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { RatingKey } from '../../i18n/en/rating';
import { isFinished, outsideShell, storeMessage } from './rating.rules';
import { machineSentences } from '../shared/sentences';

export interface RatingAuditInput {
  /** The orderId of the address ('' or null when it has none). */
  orderId: string | null;
}

export interface RatingAuditContext {
  orderId: string;
  /** The quiet status line of the check (by key): 'Still in review.', the finish's outcome; or null. */
  status: RatingKey | null;
  /** The message of the 'Info' dialog (spec §8): the server's msg, else by key; or null. */
  error: Said<RatingKey> | null;
  /** What the page says when the store page could not be opened (by key), or null. */
  reviewNotice: RatingKey | null;
}

export type RatingAuditEvent = { type: 'refresh.tapped' } | { type: 'info.dismissed' } | { type: 'evaluate.tapped' };

const ratingAudit = setup({
  types: {
    context: {} as RatingAuditContext,
    events: {} as RatingAuditEvent,
    input: {} as RatingAuditInput,
  },
  actors: {
    /** GET /order/v1/detail?orderId= */
    loadOrder: fromPromise<Order, { orderId: string }>(notProvided('loadOrder')),
    /** bridge.finish() */
    finish: fromPromise<void>(notProvided('finish')),
    /** bridge.openStoreReview() */
    openStoreReview: fromPromise<void>(notProvided('openStoreReview')),
  },
  guards: {
    hasOrder: ({ context }) => context.orderId !== '',
  },
});

export const ratingAuditMachine = ratingAudit.createMachine({
  id: 'ratingAudit',
  description: "The rating audit page: Refresh (10 → the shell finishes; else nothing; an error → 'Info') and To Evaluate.",
  context: ({ input }) => ({ orderId: (input.orderId ?? '').trim(), status: null, error: null, reviewNotice: null }),
  type: 'parallel',
  states: {
    check: {
      description: 'Refresh: reading the order, and telling the shell to finish once the audit is done (orderState 10).',
      initial: 'start',
      states: {
        start: {
          description: 'Is there an orderId in the address?',
          always: [{ guard: 'hasOrder', target: 'idle' }, { target: 'noOrder', description: 'No orderId in the address: nothing to refresh.' }],
        },
        noOrder: {
          description: 'A clear message instead of Refresh.',
          tags: ['noOrder'],
        },
        idle: {
          description: 'In Auditing...: Refresh.',
          on: { 'refresh.tapped': 'checking' },
        },
        checking: {
          description: 'GET /order/v1/detail; a tap meanwhile is ignored.',
          tags: ['refreshing'],
          entry: assign({ status: null }),
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              { guard: ({ event }) => isFinished(event.output.orderState), target: 'finishing', description: '10: the audit is finished.' },
              { target: 'idle', description: 'Any other state: nothing happens (a quiet status line).', actions: assign({ status: 'stillInReview' as const }) },
            ],
            onError: {
              target: 'info',
              description: "The server's msg in the 'Info' dialog.",
              actions: assign({ error: ({ event }) => saidOf<RatingKey>(event.error, 'checkFailed') }),
            },
          },
        },
        info: {
          description: "The 'Info' dialog with OK (spec §8).",
          tags: ['info'],
          on: { 'info.dismissed': { target: 'idle', actions: assign({ error: null }) } },
        },
        finishing: {
          description: 'The shell is told to finish (bridge.finish()); taps are ignored.',
          tags: ['refreshing', 'finishing'],
          invoke: {
            id: 'finish',
            src: 'finish',
            onDone: { target: 'finished', actions: assign({ status: 'finished' as const }) },
            onError: [
              {
                guard: ({ event }) => outsideShell(event.error),
                target: 'finished',
                description: 'No shell to finish: the borrower is told to go back to the app.',
                actions: assign({ status: 'finishedOutside' as const }),
              },
              { target: 'idle', description: 'The shell did not answer or refused: say so; Refresh tries again.', actions: assign({ status: 'finishFailed' as const }) },
            ],
          },
        },
        finished: {
          description: 'The shell was told to finish (or there is none): nothing more to check.',
          tags: ['finished'],
        },
      },
    },
    review: {
      description: "To Evaluate: opening the store's review page.",
      initial: 'idle',
      states: {
        idle: {
          description: 'To Evaluate.',
          on: { 'evaluate.tapped': { target: 'opening', actions: assign({ reviewNotice: null }) } },
        },
        opening: {
          description: "The shell opens the store's review page; taps are ignored.",
          tags: ['opening'],
          invoke: {
            id: 'openStoreReview',
            src: 'openStoreReview',
            onDone: { target: 'idle' },
            onError: {
              target: 'idle',
              description: "No shell: 'Please rate us in the app store.'; else the reason.",
              actions: assign({ reviewNotice: ({ event }) => storeMessage(event.error) }),
            },
          },
        },
      },
    },
  },
});

export const ratingAuditSentences = machineSentences<RatingAuditEvent>({
  events: {
    'refresh.tapped': 'The borrower taps Refresh',
    'info.dismissed': "The borrower taps OK in the 'Info' dialog",
    'evaluate.tapped': 'The borrower taps To Evaluate',
  },
  guards: {
    hasOrder: 'The link names an order',
  },
});
