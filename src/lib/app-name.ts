/**
 * The app's name for the page title, as About us gives it (src/flows/shared/client-config.ts writes
 * it when the answer comes; memory only, one per app session). Null until then: the title is the
 * page's own. Here, not in the flows, so the entry (src/app) reads it without loading the API's
 * content calls on the first screen.
 */
let name: string | null = null;
const listeners = new Set<() => void>();

export const appName = {
  get: (): string | null => name,
  set(next: string | null): void {
    if (next === name) return;
    name = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
