/**
 * The sandbox's own addresses (docs/sandbox/running.md 'Addresses'): every absolute URL it builds — the
 * payment pages, the gateway's callback to the lender, return addresses — starts with its configured
 * public origin, never with what a request says (Host, Origin, X-Forwarded-*), so a forged header
 * cannot put a payment link on another site. The app's origins a payment may return to are only the
 * configured ones.
 */
import type { Context } from 'hono';
import type { AppEnv } from './env';
import { isLocalHost } from './network';

export interface OriginSettings {
  /** Where the sandbox is reached: SANDBOX_PUBLIC_ORIGIN, else the address it listens on. */
  publicOrigin: string;
  /** Other origins of the app that may be returned to (SANDBOX_APP_ORIGINS; `npm run dev` passes Vite's). */
  appOrigins: string[];
}

/** An http(s) origin written as one (`https://lender.example`, no path, query or user), else why not. */
export function parseOrigin(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    // Only an origin: 'https://a.example/' is accepted as 'https://a.example', a path is not.
    return raw.trim().replace(/\/$/, '') === url.origin ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origin of the address the sandbox listens on (all interfaces: this computer's loopback). */
export function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** SANDBOX_PUBLIC_ORIGIN and SANDBOX_APP_ORIGINS (comma-separated); a value that is not an origin stops the start. */
export function originsFromEnv(env: Record<string, string | undefined>, listen: { host: string; port: number }): OriginSettings {
  const pub = env.SANDBOX_PUBLIC_ORIGIN?.trim();
  const publicOrigin = pub ? parseOrigin(pub) : listenOrigin(listen.host, listen.port);
  if (!publicOrigin) throw new Error(`SANDBOX_PUBLIC_ORIGIN must be an http(s) origin such as https://lender.example, got "${pub}"`);
  const appOrigins = (env.SANDBOX_APP_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((raw) => {
      const origin = parseOrigin(raw);
      if (!origin) throw new Error(`SANDBOX_APP_ORIGINS must list http(s) origins such as http://localhost:5173, got "${raw}"`);
      return origin;
    });
  return { publicOrigin, appOrigins };
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The app origins a payment may go back to: the public origin and the configured app origins, and
 * for a loopback origin its other loopback names on the same port (one computer: the app opened at
 * localhost:8788 while the sandbox calls itself 127.0.0.1:8788).
 */
export function returnOrigins(settings: OriginSettings): Set<string> {
  const all = new Set<string>();
  for (const origin of [settings.publicOrigin, ...settings.appOrigins]) {
    all.add(origin);
    const url = new URL(origin);
    if (!isLocalHost(url.host)) continue;
    for (const name of LOOPBACK_NAMES) all.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
  }
  return all;
}

/** The app's origin from the request's Origin header when it is one the sandbox is configured with, else null. */
export function requestAppOrigin(c: Context<AppEnv>): string | null {
  const header = c.req.header('origin');
  if (!header) return null;
  const origin = parseOrigin(header);
  return origin !== null && c.var.deps.returnOrigins.has(origin) ? origin : null;
}
