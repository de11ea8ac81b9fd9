/**
 * Browser security headers (issue 8), on every answer:
 * - pages and files (the built app, the sandbox pages, 404s): a Content-Security-Policy that lets
 *   the page run only the app's own scripts and styles, call only its own origin (and the API's,
 *   when VITE_API_BASE is absolute), never be framed, load no plugins, and keep its base URL;
 * - /api1 answers: a policy that allows nothing (JSON and images are never documents to run), so an
 *   answer opened directly cannot run or be framed either;
 * - both: X-Frame-Options DENY (browsers without frame-ancestors), X-Content-Type-Options nosniff,
 *   Referrer-Policy strict-origin (every request, the app's own included, carries the origin at
 *   most: never a path with an order id or a redirect target, nor the token of a /rate or
 *   /orders/audit link, which the page removes only once its first script runs, after the files the
 *   HTML names were already asked for).
 *
 * The app has no inline script or style: vite puts the entry in a <script src>, and React sets
 * `style` props through the CSSOM, which CSP does not govern. The sandbox outbox page has one inline
 * <style>, allowed by its hash (SANDBOX_STYLE_HASHES; tests/server/security-headers.test.ts fails
 * when the page's style changes without it).
 */
import type { MiddlewareHandler } from 'hono';
import { API_BASE } from '../../contract/endpoint';
import type { AppEnv } from './env';

/** sha256 of the outbox page's inline <style> (server/src/routes/sandbox.ts). */
export const SANDBOX_STYLE_HASHES = ["'sha256-nfH8+gYWwkM6EMhNVq8brByHwNABUjr2cEIYzuDV0Os='"];

export const SECURITY_HEADERS = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin',
} as const;

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The origin of an absolute API base (`https://lender.example/api1` → `https://lender.example`), else null (same origin). */
export function apiOrigin(apiBase: string | undefined): string | null {
  if (!apiBase || !/^https?:\/\//i.test(apiBase)) return null;
  try {
    return new URL(apiBase).origin;
  } catch {
    return null;
  }
}

/** The policy of the app's pages and files; `styleHashes` allow known inline <style> blocks. */
export function pagePolicy(apiBase: string | undefined, styleHashes: readonly string[] = []): string {
  const api = apiOrigin(apiBase);
  const withApi = (sources: string) => (api ? `${sources} ${api}` : sources);
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${["'self'", ...styleHashes].join(' ')}`,
    // data: small images vite inlines and the sandbox's empty icon; blob: previews of picked photos;
    // the API's origin: product logos it serves.
    `img-src ${withApi("'self' data: blob:")}`,
    "font-src 'self'",
    `connect-src ${withApi("'self'")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const isApi = (path: string) => path === API_BASE || path.startsWith(`${API_BASE}/`);
const isSandboxPage = (path: string) => path === '/sandbox' || path === '/sandbox/';

/** Mount first: sets the headers on whatever answers, errors and 404s included. */
export function securityHeaders(apiBase = process.env.VITE_API_BASE): MiddlewareHandler<AppEnv> {
  const app = pagePolicy(apiBase);
  const sandbox = pagePolicy(apiBase, SANDBOX_STYLE_HASHES);
  return async (c, next) => {
    await next();
    const path = c.req.path;
    c.header('Content-Security-Policy', isApi(path) ? API_POLICY : isSandboxPage(path) ? sandbox : app);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  };
}
