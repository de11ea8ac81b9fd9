import { useEffect, useState } from 'react';
import { subscribeToast } from './toast';

/**
 * Renders the current toast. Server text is rendered as text, never HTML.
 *
 * Where it lives: at the top of what the borrower sees, over the page's title bar (styles.css
 * `.toast-region`), never over the content below it or at the bottom, where each page keeps its
 * primary button, the bottom nav and the Feedback button. A problem with a field is said at the
 * field, not here. With the on-screen keyboard open the visible area may start lower than the
 * page's top (the visual viewport), so the toast follows it.
 */
export function ToastHost() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const off = subscribeToast(setMessage);
    return () => {
      off();
    };
  }, []);
  const shift = useVisibleTop(message !== null);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true" style={shift ? { transform: `translateY(${shift}px)` } : undefined}>
      {message && <div className="toast">{message}</div>}
    </div>
  );
}

/** How far below the page's top the visible area starts (0 without a visual viewport), followed while `active`. */
function useVisibleTop(active: boolean): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const vv = typeof window === 'undefined' ? undefined : window.visualViewport;
    if (!active || !vv) return;
    const follow = () => setTop(Math.max(0, Math.round(vv.offsetTop)));
    follow();
    vv.addEventListener('resize', follow);
    vv.addEventListener('scroll', follow);
    return () => {
      vv.removeEventListener('resize', follow);
      vv.removeEventListener('scroll', follow);
    };
  }, [active]);
  return active ? top : 0;
}
