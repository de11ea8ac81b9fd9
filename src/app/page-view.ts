/**
 * A page view per navigation, named by the route's PATTERN ('/orders/:orderId/detail'), never the
 * address (ids, tokens, query strings stay out). App counts it itself, from its first render: the
 * Telemetry chunk loads after the first screen, and a borrower who signs in before it came would
 * otherwise leave no view of /login. The call waits in src/lib/analytics-front.ts until analytics loads.
 */
import { useEffect } from 'react';
import { withAnalytics } from '../lib/analytics-front';

let lastPathname: string | null = null;

/** `pattern` undefined: no route matches. `counted` false: a redirect, not a page the borrower sees. */
export function usePageView(pathname: string, pattern: string | undefined, counted: boolean): void {
  useEffect(() => {
    // Once per navigation (StrictMode runs effects twice; a remount is not a navigation).
    if (!counted || lastPathname === pathname) return;
    lastPathname = pathname;
    withAnalytics((analytics, { NOT_FOUND_PAGE }) => analytics.pageView(pattern ?? NOT_FOUND_PAGE));
  }, [pathname, pattern, counted]);
}
