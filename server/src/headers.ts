/**
 * Browser security headers on every answer: pages and files get a Content-Security-Policy that runs
 * only the app's own scripts and styles, calls only its own origin (and an absolute VITE_API_BASE's)
 * and is never framed; /api1 answers get a policy that allows nothing. Both carry X-Frame-Options,
 * nosniff and a Referrer-Policy that never leaks a path or a link's token. The sandbox outbox's one
 * inline <style> is allowed by its hash (SANDBOX_STYLE_HASHES). docs/deploying.md has the rules.
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
