import { useEffect, useState, useSyncExternalStore } from 'react';
import { SLOW_AFTER_MS, waits } from '../lib/waits';

/** True while a call has waited a few seconds for its answer (src/lib/waits.ts). */
export function useSlowCalls(): boolean {
  return useSyncExternalStore(waits.subscribe, waits.slow, () => false);
}

/**
 * For what shows a wait (a busy button, a loading status), from when it appears: true once it has
 * itself waited SLOW_AFTER_MS while a call is slow. So a button tapped a moment ago never says
 * 'Still trying…' because of another call that has been slow for a while.
 */
export function useStillTrying(): boolean {
  const slow = useSlowCalls();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return slow && waited;
}
