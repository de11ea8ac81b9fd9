/**
 * The route table of spec §2, declared once: path, title, background, whether it is open without a
 * token, whether it sits in the shell with the bottom nav, and its lazily loaded screen.
 *
 * `screen: NOT_YET` marks routes whose screens later issues build; they render a plain
 * "not available yet" screen with a way home (listed in the README). Nothing else is a placeholder.
 */
import type { ComponentType } from 'react';

export interface RouteScreenProps {
  params: Record<string, string>;
}
export type ScreenModule = { default: ComponentType<RouteScreenProps> };

export const NOT_YET = 'not-yet' as const;

export interface RouteDef {
  path: string;
  title: string;
  /** Page background colour. */
  background: string;
  /** Open without a token (spec §2 route guard). */
  public?: boolean;
  /** Rendered inside the shell with the bottom nav (Home / Account). */
  shell?: boolean;
  screen: (() => Promise<ScreenModule>) | typeof NOT_YET;
}

const PAPER = '#f3f5f9';
const WHITE = '#ffffff';

export const routes: readonly RouteDef[] = [
  { path: '/', title: 'Home', background: PAPER, shell: true, screen: () => import('../flows/home/HomeRoute') },
  { path: '/personal', title: 'Account', background: PAPER, shell: true, screen: () => import('../flows/personal/AccountRoute') },
  { path: '/schedule', title: 'Schedule List', background: PAPER, shell: true, screen: NOT_YET },
  { path: '/personal/aboutus', title: 'About us', background: WHITE, screen: () => import('../flows/personal/AboutRoute') },
  { path: '/personal/help', title: 'Help Center', background: WHITE, screen: () => import('../flows/personal/HelpRoute') },
  { path: '/login', title: 'Sign in', background: WHITE, public: true, screen: () => import('../flows/login/LoginRoute') },
  { path: '/joint', title: 'Signing in', background: WHITE, public: true, screen: NOT_YET },
  { path: '/rate', title: 'Rate us', background: WHITE, public: true, screen: NOT_YET },
  { path: '/download', title: 'Download', background: WHITE, public: true, screen: NOT_YET },
  { path: '/alert', title: 'Notice', background: WHITE, public: true, screen: NOT_YET },
  { path: '/verify/contact2', title: 'Contacts', background: WHITE, public: true, screen: NOT_YET },
  { path: '/product/:pid', title: 'Product detail', background: PAPER, screen: () => import('../flows/product/ProductRoute') },
  { path: '/product/:pid/detail', title: 'Loan confirmation', background: PAPER, screen: NOT_YET },
  { path: '/product/:pid/denied', title: 'Application Denied', background: WHITE, screen: NOT_YET },
  { path: '/auth/index', title: 'Verification', background: WHITE, screen: () => import('../flows/auth/VerificationRoute') },
  { path: '/auth/kyc', title: 'Identity verification', background: WHITE, screen: () => import('../flows/auth/KycRoute') },
  { path: '/auth/identity', title: 'Identity verification', background: WHITE, screen: () => import('../flows/auth/KycRoute') },
  { path: '/auth/face', title: 'Face recognition', background: WHITE, screen: () => import('../flows/auth/FaceRoute') },
  { path: '/auth/basic', title: 'Basic information', background: WHITE, screen: () => import('../flows/auth/BasicRoute') },
  { path: '/auth/work', title: 'Work information', background: WHITE, screen: () => import('../flows/auth/WorkRoute') },
  { path: '/auth/contacts', title: 'Contacts', background: WHITE, screen: () => import('../flows/auth/ContactsRoute') },
  { path: '/auth/callback', title: 'Face recognition result', background: WHITE, screen: () => import('../flows/auth/FaceResultRoute') },
  { path: '/bank', title: 'Bank accounts', background: PAPER, screen: NOT_YET },
  { path: '/bank/add', title: 'Add bank account', background: WHITE, screen: NOT_YET },
  { path: '/bank/ifsc', title: 'Find your IFSC', background: WHITE, screen: NOT_YET },
  { path: '/orders', title: 'Loan History', background: PAPER, screen: NOT_YET },
  { path: '/orders/audit', title: 'In Auditing', background: WHITE, public: true, screen: NOT_YET },
  { path: '/orders/:orderId/audit', title: 'In Auditing', background: WHITE, screen: NOT_YET },
  { path: '/orders/:orderId/confirm', title: 'Confirm loan', background: PAPER, screen: NOT_YET },
  { path: '/orders/:orderId/detail', title: 'Order detail', background: PAPER, screen: NOT_YET },
  { path: '/orders/:orderId/extension', title: 'Extension', background: PAPER, screen: NOT_YET },
  { path: '/schedule/:oid', title: 'Scheduled order', background: PAPER, screen: NOT_YET },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Matches a pathname against the table (exact segments; a trailing slash is ignored). */
export function findRoute(pathname: string): RouteMatch | null {
  const segments = trimSlashes(pathname).split('/');
  for (const route of routes) {
    const pattern = trimSlashes(route.path).split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i] as string;
      const s = segments[i] as string;
      if (p.startsWith(':')) {
        if (!s) ok = false;
        else {
          try {
            params[p.slice(1)] = decodeURIComponent(s);
          } catch {
            ok = false;
          }
        }
      } else ok = p === s;
    }
    if (ok) return { route, params };
  }
  return null;
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** Pages where a -4 answer neither ends the session nor leaves the page (spec §6). */
export const SESSION_EXEMPT_PATHS: readonly string[] = ['/auth/contact2'];
