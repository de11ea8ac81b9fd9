/**
 * The observer every route passes to its actor (`useActorRef(machine, { input, inspect })`): always
 * the analytics of key actions (./analytics.ts machineEventObserver), and with `?inspect` in
 * development the Stately inspector. A production build drops the inspector's branch, so its dynamic
 * import never becomes a chunk.
 */
import type { InspectionEvent, Observer } from 'xstate';
import { keyActionObserver } from './analytics-front';

/** The inspector keeps at most this many events from before it loaded (the oldest are dropped). */
const MAX_BUFFERED = 1000;

/** True when the query string asks for the inspector: `?inspect`, `?inspect=1`, `&inspect`. */
export function wantsInspector(search: string): boolean {
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).has('inspect');
}

type InspectObserver = (event: InspectionEvent) => void;

/**
 * An inspection observer that buffers events until `load()` resolves with the real observer, then
 * forwards them (the buffered ones first, in order). Exported for tests; the app uses `inspect`.
 */
export function createDeferredInspector(load: () => Promise<Observer<InspectionEvent>>, onError: (error: unknown) => void = console.warn): InspectObserver {
  let target: Observer<InspectionEvent> | null = null;
  let failed = false;
  const buffer: InspectionEvent[] = [];
  load().then(
    (observer) => {
      target = observer;
      for (const event of buffer.splice(0)) observer.next?.(event);
    },
    (error: unknown) => {
      failed = true;
      buffer.length = 0;
      onError(error);
    },
  );
  return (event) => {
    if (target) target.next?.(event);
    else if (!failed) {
      buffer.push(event);
      if (buffer.length > MAX_BUFFERED) buffer.shift();
    }
  };
}

function createStatelyInspector(): InspectObserver | undefined {
  if (!import.meta.env.DEV) return undefined;
  if (typeof window === 'undefined' || !wantsInspector(window.location.search)) return undefined;
  return createDeferredInspector(async () => {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  });
}

function createInspect(): InspectObserver {
  const keyActions = keyActionObserver;
  const stately = createStatelyInspector();
  if (!stately) return keyActions;
  return (event) => {
    keyActions(event);
    stately(event);
  };
}

/** Pass to `useActorRef(machine, { inspect })`: analytics' key actions, and the Stately inspector in development with `?inspect`. */
export const inspect: InspectObserver = createInspect();
