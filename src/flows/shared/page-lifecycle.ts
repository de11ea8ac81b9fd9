/**
 * The page's comings and goings, for screens that must show what is true now: hidden and visible
 * again (visibilitychange), restored from the back/forward cache (pageshow with `persisted`), and
 * the window focused again.
 */
import { useEffect, useRef } from 'react';

export interface PageLifecycle {
  hidden?: () => void;
  visible?: () => void;
  /** Back/forward through the bfcache: the page's JavaScript state is as it was left. */
  restored?: () => void;
  focused?: () => void;
}

/** Listens while mounted; the latest handlers are called (no re-subscription on every render). */
export function usePageLifecycle(handlers: PageLifecycle): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onVisibility = () => (document.visibilityState === 'hidden' ? latest.current.hidden?.() : latest.current.visible?.());
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) latest.current.restored?.();
    };
    const onFocus = () => latest.current.focused?.();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
}

/** Returns within this long count as one: visible, pageshow and focus arrive together. */
export const RETURN_REFRESH_GAP_MS = 2_000;

/**
 * Calls `refresh` when the borrower comes back to the page (visible again, restored from the
 * bfcache, the window focused), at most once per RETURN_REFRESH_GAP_MS: the first of a burst reads
 * at once, the rest of it is dropped. `now` is the clock (tests pass a fake).
 */
export function useReturnRefresh(refresh: () => void, now: () => number = Date.now): void {
  const last = useRef(Number.NEGATIVE_INFINITY);
  const fire = () => {
    const t = now();
    if (t - last.current < RETURN_REFRESH_GAP_MS) return;
    last.current = t;
    refresh();
  };
  usePageLifecycle({ visible: fire, restored: fire, focused: fire });
}
