/**
 * The observer every route passes to its actor, for two listeners of the machines' events:
 *
 * - always: the key actions counted in analytics (a call that succeeded: ./analytics.ts KEY_ACTIONS),
 *   one place instead of a line in every flow;
 * - `?inspect`: watch every machine of the app live in the Stately inspector (development only).
 *
 * Every route component passes `inspect` to its actor:
 *
 *     const actor = useActorRef(machine.provide(...), { input, inspect });
 *
 * - In a production build `import.meta.env.DEV` is the constant `false`, so `inspect` is the
 *   analytics observer alone, the inspector's branch below is dropped and the dynamic import of `@statelyai/inspect` never
 *   becomes a chunk (it is a devDependency; scripts/bundle-check.ts would notice it).
 * - In development it is only switched on when the page URL has `?inspect` or `&inspect`
 *   (`/login?inspect`, `/product/3?pid=3&inspect=1`), so the inspector's popup window does not
 *   open on every reload.
 * - The inspector is loaded with a dynamic import; the inspection events that arrive before it has
 *   loaded (the first render's actors start at once) are buffered and replayed in order.
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
