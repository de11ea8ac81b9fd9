/** Failures of the native bridge as its BridgeError reports them (src/lib/native-bridge.ts), for the cases and tests. */
import type { BridgeFailure } from './rating.rules';

export const bridgeError = (kind: Exclude<BridgeFailure, 'other'>): Error & { kind: string } =>
  Object.assign(new Error(kind === 'no-shell' ? 'No native app answers this page.' : `The native app ${kind === 'timeout' ? 'did not answer' : 'refused'}.`), { kind });

export const NO_SHELL = bridgeError('no-shell');
export const TIMEOUT = bridgeError('timeout');
export const REFUSED = bridgeError('refused');
