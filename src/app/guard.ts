/** The route guard (spec §2). A pure function: the App applies it. The redirect check is `safeRedirect` (machines/shared/paths.ts). */
import { paths, safeRedirect } from '../../machines/shared/paths';
import { findRoute } from './routes';

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

/**
 * Without a token only the public routes are open; every other path (known or not) goes to
 * /login?redirect={path}. A signed-in borrower who opens /login goes on to the redirect target.
 */
export function guard(pathname: string, search: string, hasToken: boolean): GuardDecision {
  const match = findRoute(pathname);
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  if (!hasToken) {
    if (match?.route.public) return { kind: 'render' };
    return { kind: 'redirect', to: paths.login.href(pathname + query) };
  }
  if (match?.route.path === paths.login.pattern) {
    return { kind: 'redirect', to: safeRedirect(new URLSearchParams(query).get('redirect')) };
  }
  return { kind: 'render' };
}
