/**
 * What the service worker (src/sw.ts) does with a navigation, by its path: pure, so it is tested
 * without a worker (tests/app/install.test.tsx).
 */
import { API_BASE } from '../contract/endpoint';
import { matchPattern, paths } from '../machines/shared/paths';

/** The precached shell and offline page. */
export const SHELL = '/index.html';
export const OFFLINE_PAGE = '/offline.html';

/**
 * Never served stale: the address the payment gateway returns to, and the pages the native shell opens
 * through the bridge (they take a token in their address or log in).
 */
export const NEVER_STALE: readonly string[] = [paths.orderDetail.pattern, paths.joint.pattern, paths.rate.pattern, paths.ordersAudit.pattern];

/** Not the app: the API and the sandbox's own pages (outbox, payment gateway). */
const NOT_APP = new RegExp(`^(${API_BASE}|/sandbox)(/|$)`);

/**
 * - 'shell-fallback': network first; offline, the precached shell (then the offline page);
 * - 'network-only': network; offline, the offline page.
 */
export type NavigationPolicy = 'shell-fallback' | 'network-only';

export function navigationPolicy(pathname: string): NavigationPolicy {
  if (NOT_APP.test(pathname)) return 'network-only';
  return NEVER_STALE.some((pattern) => matchPattern(pattern, pathname) !== null) ? 'network-only' : 'shell-fallback';
}

/**
 * The precached page of a path: a route with a static first screen has its own (dist/login/index.html
 * for /login, written by the first-paint prerender); offline it is tried before the shell.
 */
export function pageFile(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? SHELL : `${trimmed}/index.html`;
}
