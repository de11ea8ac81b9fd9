/** The hash as React state: a push per step (so the browser's Back steps back too), a replace for the rest. */
import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useHash(): [string, (hash: string, how?: 'push' | 'replace') => void] {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  const go = useCallback((next: string, how: 'push' | 'replace' = 'push') => {
    if (next === window.location.hash) return;
    if (how === 'push') window.location.hash = next;
    else {
      window.history.replaceState(window.history.state, '', next);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    }
  }, []);
  return [hash, go];
}
