import { useSyncExternalStore } from 'react';
import { session, type SessionNotice } from '../lib/session';

/** This tab's token, re-rendering when it changes (sign-in, Quit, -4, 'Sign in again'). */
export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.token, () => null);
}

/** What another tab changed about the session (src/lib/session.ts), or null. */
export function useSessionNotice(): SessionNotice | null {
  return useSyncExternalStore(session.subscribe, session.notice, () => null);
}
