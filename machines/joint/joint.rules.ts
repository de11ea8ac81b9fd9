/**
 * The native-app login bridge, /joint (spec §2, §4 'Native bridge login', §8): the one rule about the
 * shell's failures (its texts are in i18n/en/joint.ts). Pure: the bridge itself is src/lib/native-bridge.ts.
 */
import { say, saidOf, type Said } from '../../i18n/core';
import type { JointKey } from '../../i18n/en/joint';

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

/**
 * What a failure says: the shell's or the server's message as it came, else the fallback; a shell
 * that did not answer in time says so in the borrower's language (its message is the bridge's own
 * English, src/lib/native-bridge.ts, not the shell's).
 */
export function failureSaid(error: unknown): Said<JointKey> {
  const said = saidOf<JointKey>(error, 'failedFallback');
  return 'server' in said && bridgeFailureKind(error) === 'timeout' ? say<JointKey>('shellTimeout') : said;
}
