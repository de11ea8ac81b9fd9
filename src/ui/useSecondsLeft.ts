import { useEffect, useState } from 'react';
import { remainingSeconds } from '../../machines/shared/countdown';

/** Redraws every second while `deadline` is set; returns the whole seconds left (at least 1). */
export function useSecondsLeft(deadline: number | null, now: () => number): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(1, remainingSeconds(deadline, now()));
}
