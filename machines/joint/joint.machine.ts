/**
 * The native-app login bridge: the shell's device info, the bridge login, then home in app mode.
 * It does not talk to the shell or store the session itself: effects are provided at the edge
 * (src/flows/joint/joint.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LoginResponse } from '../../contract/auth';
import type { DeviceInfo } from '../../contract/device';
import type { Said } from '../../i18n/core';
import type { JointKey } from '../../i18n/en/joint';
import { notProvided } from '../shared/actors';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { failureSaid, isNoShell } from './joint.rules';
import { machineSentences } from '../shared/sentences';

export interface JointContext {
  /** The device info the shell gave, kept for the login call. */
  device: DeviceInfo | null;
  /** What went wrong: the bridge's or the server's message, else by key. */
  error: Said<JointKey> | null;
}

export type JointEvent = { type: 'joint.retried' };

export const jointMachine = setup({
  types: { context: {} as JointContext, events: {} as JointEvent },
  actors: {
    /** The native shell's device info (src/lib/native-bridge.ts bridge.deviceInfo). */
    deviceInfo: fromPromise<DeviceInfo>(notProvided('deviceInfo')),
    /** POST /user/v1/user-login (signed) or /tripartite/v1/user-login (unsigned), without a token. */
    login: fromPromise<LoginResponse, DeviceInfo>(notProvided('login')),
  },
  actions: {
    navigate,
    /** Stores the token as this tab's session, app mode on (spec §4). */
    adoptToken: (_, _params: { token: string }) => {},
  },
  guards: {
    noShell: (_, params: { error: unknown }) => isNoShell(params.error),
  },
}).createMachine({
  id: 'joint',
  description: 'The native-app login bridge: device info from the shell, the bridge login, then home in app mode.',
  context: { device: null, error: null },
  initial: 'asking',
  states: {
    asking: {
      description: "Asks the shell for its device info. 'Connecting to the app…'.",
      tags: ['busy', 'asking'],
      entry: assign({ error: null }),
      invoke: {
        id: 'deviceInfo',
        src: 'deviceInfo',
        onDone: { target: 'loggingIn', actions: assign({ device: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'noShell', params: ({ event }) => ({ error: event.error }) },
            target: 'noShell',
            description: 'No shell around the page (opened in a browser).',
          },
          {
            target: 'failed',
            description: 'The shell refused or did not answer in time.',
            actions: assign({ error: ({ event }) => failureSaid(event.error) }),
          },
        ],
      },
    },
    loggingIn: {
      description: "The bridge login with the device info. 'Signing you in…'.",
      tags: ['busy', 'loggingIn'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.device as DeviceInfo,
        onDone: {
          target: 'done',
          description: 'Token stored, app mode on, then / replacing /joint.',
          actions: [
            { type: 'adoptToken', params: ({ event }) => ({ token: event.output.token }) },
            { type: 'navigate', params: { to: paths.home.href(), replace: true } },
          ],
        },
        onError: {
          target: 'failed',
          description: "The login failed: the server's msg.",
          actions: assign({ error: ({ event }) => failureSaid(event.error) }),
        },
      },
    },
    failed: {
      description: 'The message and Try again (and the phone sign-in).',
      tags: ['failed'],
      on: { 'joint.retried': { target: 'asking', description: 'Asks the shell again.' } },
    },
    noShell: {
      description: "'This page only works inside the app.' with a link to /login, and Try again (a shell that was late).",
      tags: ['noShell'],
      on: { 'joint.retried': { target: 'asking', description: 'Asks again.' } },
    },
    done: {
      description: 'Signed in: the app went to /.',
      tags: ['busy'],
      type: 'final',
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const jointSentences = machineSentences<JointEvent>({
  events: {
    'joint.retried': 'The borrower taps Try again',
  },
  guards: {
    noShell: 'The page is not inside the native app',
  },
});
