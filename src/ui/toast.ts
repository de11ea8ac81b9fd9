/**
 * The app's toast: one short message at a time, announced to screen readers.
 * Machines never call this directly; the route component provides a `showToast` action that does.
 */
type Listener = (message: string | null) => void;
let current: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

export const TOAST_MS = 3000;

export function showToast(message: string): void {
  current = message;
  listeners.forEach((l) => l(current));
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    listeners.forEach((l) => l(null));
  }, TOAST_MS);
}

export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}

/** Removes the current toast at once (tests, and screens that replace it with a dialog). */
export function clearToast(): void {
  clearTimeout(timer);
  current = null;
  listeners.forEach((l) => l(null));
}
