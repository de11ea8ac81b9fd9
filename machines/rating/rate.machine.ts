/**
 * The rating prompt (spec §2 'Rating prompt'), opened by the native shell: Evaluate Us or Cancel,
 * then the webview closes. It does not talk to the shell itself: the bridge is provided at the edge,
 * and outside the shell the page says so plainly. Rules are in rating.rules.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/actors';
import type { RatingKey } from '../../i18n/en/rating';
import { CLOSE_DELAY_MS, outsideShell, storeMessage } from './rating.rules';
import { machineSentences } from '../shared/sentences';

export interface RateContext {
  /** What the page says after a failed bridge call (by key), or null. */
  notice: RatingKey | null;
}

export type RateEvent = { type: 'evaluate.tapped' } | { type: 'cancel.tapped' };

const rate = setup({
  types: {
    context: {} as RateContext,
    events: {} as RateEvent,
  },
  actors: {
    /** bridge.openStoreReview() */
    openStoreReview: fromPromise<void>(notProvided('openStoreReview')),
    /** bridge.closeWebview() */
    closeWebview: fromPromise<void>(notProvided('closeWebview')),
  },
  delays: {
    closeDelay: CLOSE_DELAY_MS,
  },
});

export const rateMachine = rate.createMachine({
  id: 'rate',
  description: 'The rating prompt: Evaluate Us (store review, then close after 1 s) or Cancel (close after 1 s).',
  context: { notice: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Evaluate Us and Cancel.',
      tags: ['idle'],
      on: {
        'evaluate.tapped': { target: 'opening', actions: assign({ notice: null }) },
        'cancel.tapped': { target: 'waiting', actions: assign({ notice: null }) },
      },
    },
    opening: {
      description: "The shell opens the store's review page; taps are ignored.",
      tags: ['opening', 'busy'],
      invoke: {
        id: 'openStoreReview',
        src: 'openStoreReview',
        onDone: { target: 'waiting', description: 'Opened: the webview closes 1 s later.' },
        onError: [
          {
            guard: ({ event }) => outsideShell(event.error),
            target: 'outside',
            description: "No shell: 'Please rate us in the app store.'",
            actions: assign({ notice: 'rateInStore' as const }),
          },
          {
            target: 'idle',
            description: 'The shell did not answer or refused: the reason, and the buttons again.',
            actions: assign({ notice: ({ event }) => storeMessage(event.error) }),
          },
        ],
      },
    },
    waiting: {
      description: 'Spec §9: 1 s before the webview closes; taps are ignored.',
      tags: ['closing', 'busy'],
      after: { closeDelay: 'closing' },
    },
    closing: {
      description: 'The shell closes the webview.',
      tags: ['closing', 'busy'],
      invoke: {
        id: 'closeWebview',
        src: 'closeWebview',
        onDone: { target: 'closed' },
        onError: [
          {
            guard: ({ event }) => outsideShell(event.error),
            target: 'outside',
            description: "No shell: 'You can close this page now.'",
            actions: assign({ notice: 'closeOutside' as const }),
          },
          { target: 'idle', description: 'Not closed: say so; the buttons again.', actions: assign({ notice: 'closeFailed' as const }) },
        ],
      },
    },
    closed: {
      description: 'The shell closed the webview.',
      tags: ['closed'],
      type: 'final',
    },
    outside: {
      description: 'Not inside the native shell: the page says so; nothing else to do.',
      tags: ['outside'],
      type: 'final',
    },
  },
});

export const rateSentences = machineSentences<RateEvent>({
  events: {
    'evaluate.tapped': 'The borrower taps Evaluate Us',
    'cancel.tapped': 'The borrower taps Cancel',
  },
  guards: {},
});
