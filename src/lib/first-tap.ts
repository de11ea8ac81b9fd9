/**
 * A tap on a sending button of the prerendered first screen, made before the app ran. The boot script
 * (scripts/prerender.ts) shows that button busy at once and notes its name (its data-sends) in #root's
 * data-pending-tap-name. The app's first render shows the same button busy (src/ui/useFirstTap.ts),
 * and once what was typed has reached the app (src/app/first-paint.ts) the view's own handler acts on
 * the tap: the button goes from the static screen's busy to the machine's busy and is never seen idle
 * in between (a click replayed on the new button comes too late for the first paint: its state only
 * shows after React's passive effects, one frame later).
 */
import { listeners } from './store';
type Handler = () => void;
const handlers = new Map<string, Handler>();
const changes = listeners();

const root = (): HTMLElement | null => (typeof document === 'undefined' ? null : document.getElementById('root'));

export const firstTap = {
  /** The name of the sending button tapped on the static screen, until the app has taken over; else null. */
  pending(): string | null {
    const el = root();
    return el && !el.dataset.takenOver ? (el.dataset.pendingTapName ?? null) : null;
  },
  subscribe: changes.subscribe,
  /** A view says what a tap on its button named `name` does (send its machine the event). */
  handle(name: string, handler: Handler): () => void {
    handlers.set(name, handler);
    return () => {
      if (handlers.get(name) === handler) handlers.delete(name);
    };
  },
  /** The app has taken over: the tap named `name` is acted on by its view; false when no view handles it. */
  replay(name: string): boolean {
    const handler = handlers.get(name);
    changes.emit();
    handler?.();
    return handler !== undefined;
  },
};
