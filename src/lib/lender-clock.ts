/**
 * The lender's clock, as the app last saw it: each answer's HTTP `Date` header (every HTTP server
 * sends one) against the device clock when it arrived. Deadlines the lender keeps (the extension
 * fee's 24-hour window) are counted on it, so a device clock that is wrong, or a sandbox whose clock
 * QA has moved, still shows the time the lender will hold the borrower to. Without any Date header
 * seen yet, it is the device clock.
 */
export interface LenderClock {
  /** Note an answer's Date header, read when it arrived (device time `at`). */
  observe(dateHeader: string | null, at: number): void;
  /** The lender's time now, in ms since the epoch. */
  now(): number;
}

export function createLenderClock(deviceNow: () => number = Date.now): LenderClock {
  let offset = 0;
  return {
    observe(dateHeader, at) {
      if (!dateHeader) return;
      const lender = Date.parse(dateHeader);
      // The header has whole seconds: keep the device's own sub-second reading within that second.
      if (!Number.isNaN(lender) && Math.abs(lender - at) >= 1000) offset = lender - at;
      else if (!Number.isNaN(lender)) offset = 0;
    },
    now: () => deviceNow() + offset,
  };
}

export const lenderClock: LenderClock = createLenderClock();
