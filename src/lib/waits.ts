/**
 * Calls waiting for an answer, and whether one has waited longer than SLOW_AFTER_MS: a tiny store
 * (subscribe / snapshot). The API client reports every call here (src/api/client.ts); the shared UI
 * reads it (src/ui/useSlowCalls.ts) to say 'Still trying…' at what the borrower is waiting for.
 * It lives in src/lib because src/ui may not import the API layer.
 */
import { listeners } from './store';

/** After this long without an answer a call counts as slow: the app says 'Still trying…'. */
export const SLOW_AFTER_MS = 3_000;

export interface Waits {
  /** A call starts; the returned function ends it (answered, failed or cancelled). */
  begin(): () => void;
  /** True while some call has waited longer than SLOW_AFTER_MS. */
  slow(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createWaits(slowAfterMs = SLOW_AFTER_MS): Waits {
  let slowCalls = 0;
  const changes = listeners();
  return {
    begin() {
      let isSlow = false;
      const timer = setTimeout(() => {
        isSlow = true;
        if (++slowCalls === 1) changes.emit();
      }, slowAfterMs);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        if (isSlow && --slowCalls === 0) changes.emit();
      };
    },
    slow: () => slowCalls > 0,
    subscribe: changes.subscribe,
  };
}

/** The app's calls (the one API client): the UI says 'Still trying…' from it. */
export const waits: Waits = createWaits();
