import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { firstTap } from '../lib/first-tap';

/**
 * For a sending button that the prerendered first screen also has (marked `data-sends={name}`):
 * true while a tap on it, made before the app ran, waits to be acted on, so the app's first render
 * shows the button busy as the static screen did; `onTap` is what the tap does (the same as a click),
 * called once what was typed has reached the machine (src/lib/first-tap.ts).
 */
export function useFirstTap(name: string, onTap: () => void): boolean {
  const latest = useRef(onTap);
  useLayoutEffect(() => {
    latest.current = onTap;
  });
  // A layout effect: registered before the app's first commit replays the tap (src/app/first-paint.ts).
  useLayoutEffect(() => firstTap.handle(name, () => latest.current()), [name]);
  return useSyncExternalStore(
    firstTap.subscribe,
    () => firstTap.pending() === name,
    () => false,
  );
}
