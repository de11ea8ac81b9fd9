/**
 * React.lazy that can be loaded ahead of its first render (first paint).
 *
 * React.lazy suspends once at its first render even when its module has already loaded (it only
 * ever gets a promise). `preloadable(loader)` is a lazy component with a `preload()`: once the
 * module has loaded, the lazy is handed a thenable that answers at once, so its first render gives
 * the screen itself and never the Suspense fallback. src/main.tsx awaits the opened route's screen
 * before its first render, so React's first commit puts the same markup in place of the
 * prerendered first screen (no spinner between them, nothing moves); the prerender
 * (src/app/prerender.tsx) does the same on the server, where a lazy would only ever give its fallback.
 * Before `preload()` has finished, it is a plain React.lazy.
 */
import { lazy, type ComponentType } from 'react';
import { withTexts } from '../lib/language';

export type Preloadable<P> = ComponentType<P> & {
  /** Loads the module (once; again after a failure). Never needed before rendering, only faster. */
  preload(): Promise<void>;
};

export function preloadable<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (pending ??= withTexts(loader()).then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // a later render (or preload) tries again
        throw error;
      },
    ));
  // A thenable that calls back synchronously: React.lazy resolves within its first render.
  const ready = (module: { default: ComponentType<P> }) => ({ then: (resolve: (m: typeof module) => void) => resolve(module) }) as unknown as Promise<typeof module>;
  const Component = lazy(() => (loaded ? ready(loaded) : load()));
  return Object.assign(Component, { preload: () => load().then(() => undefined) }) as unknown as Preloadable<P>;
}
