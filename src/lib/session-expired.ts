/**
 * Who is told that the lender ended the session (a -4 answer): the API client reports it here, and
 * the app decides what it means for navigation (src/app/session-expiry.ts, registered by src/main.tsx).
 * A module of its own so the entry can register the handler without loading the API client.
 */
let handler: () => void = () => {};

/** The app's handler of an ended session (one; a later call replaces it). */
export function onSessionExpired(next: () => void): void {
  handler = next;
}

/** The lender answered -4: the session has ended. */
export function sessionExpired(): void {
  handler();
}
