/**
 * The native-app login bridge, /joint (spec §2, §4 'Native bridge login', §8): its messages and the
 * one rule about the shell's failures. Pure: the bridge itself is src/lib/native-bridge.ts.
 */

export const JOINT_TEXT = {
  title: 'Signing in',
  asking: 'Connecting to the app…',
  loggingIn: 'Signing you in…',
  noShellTitle: 'Open this page in the app',
  noShell: 'This page only works inside the app.',
  noShellHint: 'It signs you in with the app you opened it from. In a browser, sign in with your mobile number instead.',
  loginLink: 'Sign in with your mobile number',
  retry: 'Try again',
  failedFallback: 'Could not sign you in. Please try again.',
} as const;

/**
 * The shell's failure kind ('no-shell' | 'timeout' | 'refused', the bridge's BridgeError.kind), read
 * structurally so the machine needs no import from the app; null for anything else (an API error).
 */
export function bridgeFailureKind(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('kind' in error)) return null;
  const { kind } = error as { kind: unknown };
  return kind === 'no-shell' || kind === 'timeout' || kind === 'refused' ? kind : null;
}

/** There is no shell around the page: it was opened in a browser. */
export const isNoShell = (error: unknown): boolean => bridgeFailureKind(error) === 'no-shell';
