/** /joint, the native-app login bridge (spec §2, §4 'Native bridge login', §8): the wait, no shell, a failure. */
import { catalogue } from '../core';

export const jointText = catalogue('joint', {
  title: 'Signing in',
  asking: 'Connecting to the app…',
  loggingIn: 'Signing you in…',
  noShellTitle: 'Open this page in the app',
  noShell: 'This page only works inside the app.',
  noShellHint: 'It signs you in with the app you opened it from. In a browser, sign in with your mobile number instead.',
  loginLink: 'Sign in with your mobile number',
  retry: 'Try again',
  failedFallback: 'Could not sign you in. Please try again.',
  /** The shell did not answer in time (src/lib/native-bridge.ts BRIDGE_MESSAGES.timeout, word for word). */
  shellTimeout: 'The app did not answer in time. Please try again.',
}, () => import('../hi/joint'));

export type JointKey = keyof typeof jointText.en;
