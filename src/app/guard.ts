/** The route guard (spec §2) and the redirect check. Pure functions: the App applies them. */
import { findRoute } from './routes';

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

/** The login URL that brings the borrower back to `pathWithSearch` afterwards. */
export function loginUrlFor(pathWithSearch: string): string {
  return pathWithSearch === '/' || pathWithSearch === '' ? '/login' : `/login?redirect=${encodeURIComponent(pathWithSearch)}`;
}

/**
 * Without a token only the public routes are open; every other path (known or not) goes to
 * /login?redirect={path}. A signed-in borrower who opens /login goes on to the redirect target.
 */
export function guard(pathname: string, search: string, hasToken: boolean): GuardDecision {
  const match = findRoute(pathname);
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  if (!hasToken) {
    if (match?.route.public) return { kind: 'render' };
    return { kind: 'redirect', to: loginUrlFor(pathname + query) };
  }
  if (match?.route.path === '/login') {
    return { kind: 'redirect', to: safeRedirect(new URLSearchParams(query).get('redirect')) };
  }
  return { kind: 'render' };
}

const PROBE_ORIGIN = 'https://app.invalid';

/**
 * Where to go after sign-in: `raw` only when it is a path of this app, else '/'.
 * Rejects absolute URLs, protocol-relative `//host`, `/\host`, `javascript:` and other schemes,
 * whitespace or control characters, and paths that are not in the route table (or are /login).
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  const match = findRoute(url.pathname);
  if (!match || match.route.path === '/login') return '/';
  return url.pathname + url.search + url.hash;
}
