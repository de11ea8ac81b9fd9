/**
 * Signed-in devices on Account (beyond the spec): each sign-in the lender keeps, with Sign out, so a
 * lost phone can be signed out from another. Signing out this device is not here: that is Quit, the
 * Account route's own question. It makes no call itself: the calls are provided at the edge.
 * Rules are in sessions.rules.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Offered } from '../../contract/beyond-spec';
import type { SessionItem, SessionList } from '../../contract/sessions';
import { say, saidOf, type Said } from '../../i18n/core';
import type { SessionsKey } from '../../i18n/en/sessions';
import { notProvided } from '../shared/actors';
import { isOtherDevice, ordered } from './sessions.rules';
import { machineSentences } from '../shared/sentences';

export interface SessionsContext {
  sessions: readonly SessionItem[];
  /** The device asked about, then being signed out. */
  chosen: string | null;
  /** Why the list could not be loaded: the server's msg, else by key. */
  error: Said<SessionsKey> | null;
  /** The device just signed out, named in the status line. */
  signedOut: SessionItem | null;
  /** Why the last sign-out did not happen. */
  signOutError: Said<SessionsKey> | null;
}

export type SessionsEvent =
  | { type: 'devices.retried' }
  | { type: 'device.signOutTapped'; id: string }
  | { type: 'signOut.declined' }
  | { type: 'signOut.confirmed' };

export const sessionsMachine = setup({
  types: { context: {} as SessionsContext, events: {} as SessionsEvent },
  actors: {
    /** GET /user/v1/sessions (beyond the spec: { offered: false } without it). */
    listSessions: fromPromise<Offered<SessionList>>(notProvided('listSessions')),
    /** POST /user/v1/sessions/revoke {id} (beyond the spec: { offered: false } without it). */
    revokeSession: fromPromise<Offered<void>, { id: string }>(notProvided('revokeSession')),
  },
  guards: {
    offered: (_, params: { answer: Offered<unknown> }) => params.answer.offered,
    isOtherDevice: ({ context }, params: { id: string }) => isOtherDevice(context.sessions, params.id),
  },
}).createMachine({
  id: 'sessions',
  description: "The borrower's signed-in devices on Account, each with Sign out; nothing at all when the lender does not offer the list.",
  context: { sessions: [], chosen: null, error: null, signedOut: null, signOutError: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /user/v1/sessions, the first time or again after a failure.',
      invoke: {
        id: 'listSessions',
        src: 'listSessions',
        onDone: [
          {
            guard: { type: 'offered', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            description: 'The list came: this device first.',
            actions: assign({ sessions: ({ event }) => (event.output.offered ? ordered(event.output.value.sessions) : []), error: null }),
          },
          { target: 'notOffered', description: 'The lender has no such call (404, or its unknown-path answer).' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<SessionsKey>(event.error, 'loadFailed') }) },
      },
      initial: 'first',
      states: {
        first: {
          description: 'Nothing is shown yet: against a lender without the call, no block ever appears.',
          tags: ['hidden'],
        },
        again: {
          description: "After Try again: the block's heading with 'Loading your signed-in devices…'.",
          tags: ['busy'],
        },
      },
    },
    notOffered: {
      description: 'The lender does not offer the list: Account shows nothing about devices, as the spec has it.',
      tags: ['hidden'],
      type: 'final',
    },
    failed: {
      description: 'The list could not be loaded: the reason and Try again, under Quit.',
      tags: ['failed'],
      on: { 'devices.retried': 'loading.again' },
    },
    ready: {
      description: 'Each device with how and when it signed in, when it was last used, and Sign out.',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: "The list; a status line names a device just signed out, or says why one was not.",
          on: {
            'device.signOutTapped': {
              guard: { type: 'isOtherDevice', params: ({ event }) => ({ id: event.id }) },
              target: 'asking',
              description: "Sign out on another device: the question first. (This device's Sign out is Quit.)",
              actions: assign({ chosen: ({ event }) => event.id, signedOut: null, signOutError: null }),
            },
          },
        },
        asking: {
          description: "'Sign out {device}?' with Cancel and Sign out.",
          tags: ['asking'],
          on: {
            'signOut.declined': { target: 'idle', description: 'Cancel (or Escape): nothing is sent.', actions: assign({ chosen: null }) },
            'signOut.confirmed': { target: 'signingOut', description: 'Sign out: the revoke is sent once.' },
          },
        },
        signingOut: {
          description: 'POST /user/v1/sessions/revoke {id}: the question stays, Sign out busy.',
          tags: ['asking', 'signingOut'],
          invoke: {
            id: 'revokeSession',
            src: 'revokeSession',
            input: ({ context }) => ({ id: context.chosen ?? '' }),
            onDone: [
              {
                guard: { type: 'offered', params: ({ event }) => ({ answer: event.output }) },
                target: 'idle',
                description: "Signed out: its next call gets -4. It leaves the list, and the status line names it.",
                actions: assign({
                  signedOut: ({ context }) => context.sessions.find((s) => s.id === context.chosen) ?? null,
                  sessions: ({ context }) => context.sessions.filter((s) => s.id !== context.chosen),
                  chosen: null,
                }),
              },
              {
                target: 'idle',
                description: 'The lender lists devices but does not offer signing one out: said so; the list stays.',
                actions: assign({ signOutError: say<SessionsKey>('signOutNotOffered'), chosen: null }),
              },
            ],
            onError: {
              target: 'idle',
              description: "Not signed out: the server's msg, else 'Could not sign out that device.'; the list stays.",
              actions: assign({ signOutError: ({ event }) => saidOf<SessionsKey>(event.error, 'signOutFailed'), chosen: null }),
            },
          },
        },
      },
    },
  },
});

export const sessionsSentences = machineSentences<SessionsEvent>({
  events: {
    'devices.retried': 'The borrower taps Try again',
    'device.signOutTapped': 'The borrower taps Sign out on a device',
    'signOut.declined': 'The borrower cancels signing the device out',
    'signOut.confirmed': 'The borrower confirms signing the device out',
  },
  guards: {
    offered: 'The lender offers this in the app',
    isOtherDevice: 'The device is another one than this phone',
  },
});
