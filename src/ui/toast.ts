/**
 * The app's toast: one short message at a time, announced to screen readers.
 * Machines never call this directly; the route component provides a `showToast` action that does.
 *
 * A toast belongs to the screen that raised it: it remembers the path it was raised on, and the
 * app drops it when the borrower goes to another path (`dropToastsOutside`), so 'Incorrect code'
 * from the sign-in screen never shows on the home screen after the next, successful sign-in.
 */
type Listener = (message: string | null) => void;
let current: { message: string; path: string | null } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

export const TOAST_MS = 3000;

const here = (): string | null => (typeof location === 'undefined' ? null : location.pathname);

function set(next: typeof current): void {
  current = next;
  listeners.forEach((l) => l(current?.message ?? null));
}

/** Shows `message` for TOAST_MS on the current path (raised after a navigation, it belongs to the new page). */
export function showToast(message: string): void {
  set({ message, path: here() });
  clearTimeout(timer);
  timer = setTimeout(() => set(null), TOAST_MS);
}

export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  listener(current?.message ?? null);
  return () => listeners.delete(listener);
}

/** Removes the current toast at once (tests, and screens that replace it with a dialog). */
export function clearToast(): void {
  clearTimeout(timer);
  set(null);
}

/** The app is now on `pathname`: a toast raised on another page goes. */
export function dropToastsOutside(pathname: string): void {
  if (current && current.path !== null && current.path !== pathname) clearToast();
}
