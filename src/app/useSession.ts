import { useSyncExternalStore } from 'react';
import { session } from '../lib/session';

/** The stored token, re-rendering when it changes (sign-in, Quit, -4). */
export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.token, () => null);
}
