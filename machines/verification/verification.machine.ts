/**
 * The verification router (spec §2 'Verification router'): it reads the verification status and
 * replaces itself with the first step not done, or with the loan confirmation when all are done, so
 * Back from a step never bounces through it. It makes no call and does not navigate itself: both are
 * provided at the edge. Rules are in verification.rules.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { VerificationKey } from '../../i18n/en/verification';
import type { VerificationStatus } from '../../contract/verification';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { nextRoute, unknownKeys, type VerificationStatusFlags } from './verification.rules';
import { machineSentences } from '../shared/sentences';

export interface VerificationInput {
  /** The product being applied for (?pid=), '' when the link has none. */
  pid: string;
}

export interface VerificationContext extends VerificationInput {
  /** The server's msg of a failed status call (else a message by key), shown in the 'Info' dialog. */
  error: Said<VerificationKey> | null;
}

export type VerificationEvent = { type: 'info.dismissed' };

export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as VerificationInput,
  },
  actors: {
    /** GET /auth/v1/find-user-auth */
    loadStatus: fromPromise<VerificationStatus>(notProvided('loadStatus')),
  },
  actions: {
    navigate,
    /** Step keys in the list the app does not know: skipped, reported for the developers (console). */
    reportUnknownSteps: (_, _params: { keys: string[] }) => {},
  },
  guards: {
    noProduct: ({ context }) => context.pid === '',
    stepPending: ({ context }, params: { status: VerificationStatusFlags }) => nextRoute(params.status, context.pid).kind === 'step',
  },
}).createMachine({
  id: 'verification',
  description: 'The verification hub: sends the borrower to the first step not done, or on to the loan confirmation.',
  context: ({ input }) => ({ pid: input.pid, error: null }),
  initial: 'arriving',
  states: {
    arriving: {
      description: 'Is there a product to apply for (?pid=)?',
      always: [
        { guard: 'noProduct', target: 'noProduct', description: 'No pid in the link: nothing to route to.' },
        { target: 'loading' },
      ],
    },
    noProduct: {
      description: 'The link has no pid: say so and offer the way home. No request is made.',
      type: 'final',
    },
    loading: {
      description: "GET /auth/v1/find-user-auth. 'Checking your verification…'.",
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'stepPending', params: ({ event }) => ({ status: event.output }) },
            target: 'leaving',
            description: 'A step is not done (flag 0): replace the hub with /auth/{key}?pid=&step=&as= (unknown keys skipped).',
            actions: [
              { type: 'reportUnknownSteps', params: ({ event }) => ({ keys: unknownKeys(event.output) }) },
              { type: 'navigate', params: ({ context, event }) => ({ to: nextRoute(event.output, context.pid).to, replace: true }) },
            ],
          },
          {
            target: 'leaving',
            description: 'Every step is done: replace the hub with /product/{pid}/detail.',
            actions: [
              { type: 'reportUnknownSteps', params: ({ event }) => ({ keys: unknownKeys(event.output) }) },
              { type: 'navigate', params: ({ context, event }) => ({ to: nextRoute(event.output, context.pid).to, replace: true }) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          description: "The status call failed: its msg in the 'Info' dialog.",
          actions: assign({ error: ({ event }) => saidOf<VerificationKey>(event.error, 'loadFailed') }),
        },
      },
    },
    failed: {
      description: "A dialog titled 'Info' with the server's msg and OK.",
      on: {
        'info.dismissed': {
          target: 'leaving',
          description: 'OK: back to the product page (replacing the hub).',
          actions: { type: 'navigate', params: ({ context }) => ({ to: paths.product.href(context.pid), replace: true }) },
        },
      },
    },
    leaving: {
      description: 'The hub was replaced by the next page.',
      type: 'final',
    },
  },
});

export const verificationSentences = machineSentences<VerificationEvent>({
  events: {
    'info.dismissed': "The borrower taps OK in the 'Info' dialog",
  },
  guards: {
    noProduct: 'The link names no product',
    stepPending: 'A verification step is not done yet',
  },
});
