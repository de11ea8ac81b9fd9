/**
 * Loads the screen of a path before the app goes there, so the new page renders at once instead of
 * showing the Suspense fallback (React holds a revealed fallback for 300 ms). The route table lives
 * in src/app, which registers how (src/app/App.tsx); flows only name the path.
 */
let preload: (pathname: string) => Promise<void> = () => Promise.resolve();

export function registerScreenPreload(load: (pathname: string) => Promise<void>): void {
  preload = load;
}

/** Starts loading the screen of `pathname` (never rejects; nothing happens before the app registers). */
export function preloadScreenOf(pathname: string): void {
  void preload(pathname).catch(() => undefined);
}
