/**
 * Who is asking: the client's address (for the abuse limits) and whether a request comes from this
 * computer (for the sandbox controls). See server/README.md 'Limits and controls'.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './env';

/** The address of a request made in-process with `app.request` (tests): it has no socket. */
export const IN_PROCESS = 'in-process';

/**
 * The client's address: the socket's remote address, or, when the sandbox runs behind a proxy it
 * trusts (SANDBOX_TRUST_X_FORWARDED_FOR=1), what that proxy says: the last X-Forwarded-For entry (the
 * one it added; the entries before it are whatever the client wrote), else X-Real-IP, else the last
 * `for=` of Forwarded. A forwarded request without a readable address counts as 'unknown', never as
 * the proxy's own (loopback) address.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.trustForwardedFor && isForwarded(c)) {
    const candidates = [
      c.req.header('x-forwarded-for')?.split(',').at(-1),
      c.req.header('x-real-ip'),
      c.req.header('forwarded')?.split(',').at(-1)?.match(/(?:^|;)\s*for=([^;]+)/i)?.[1],
    ];
    for (const raw of candidates) {
      const address = raw === undefined ? null : forwardedAddress(raw);
      if (address) return address;
    }
    return 'unknown';
  }
  return socketAddress(c);
}

/** An address as a proxy writes it: `203.0.113.7`, `203.0.113.7:5000`, `"[2001:db8::1]:5000"`; null when it is none. */
function forwardedAddress(raw: string): string | null {
  let a = raw.trim().replace(/^"|"$/g, '');
  if (a.startsWith('[')) a = a.slice(1, a.indexOf(']') < 0 ? undefined : a.indexOf(']'));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = unmapped(a);
  return isIP(a) ? a : null;
}

/** Headers a proxy adds to say whom it forwards for: a request with one came through a proxy. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;
const isForwarded = (c: Context<AppEnv>) => FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined);

function socketAddress(c: Context<AppEnv>): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No node-server bindings (c.env): a request made in-process.
    return IN_PROCESS;
  }
  // A socket already closed has no address; it gets no sandbox controls and shares one limit bucket.
  return address ? unmapped(address) : 'unknown';
}

/** ::ffff:203.0.113.7 (an IPv4 client on a dual-stack socket) → 203.0.113.7. */
const unmapped = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

export const isLoopback = (address: string) => address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));

/**
 * The key an address is counted under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single addresses would count nothing).
 */
export function limitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  // An embedded IPv4 tail counts as one group, not two: it only ever sits after the first four.
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => g.replace(/^0+(?=.)/, ''));
}

/** Host names the sandbox controls answer to unless opened: a DNS-rebinding page has another name. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a Host header or URL host ("localhost:8788" → "localhost", "[::1]:8788" → "[::1]"). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? '';
}

export const isLocalHost = (host: string) => LOCAL_HOSTS.has(hostName(host));

/** Why a request may not use the sandbox controls, or null when it may. */
export function controlsRefusal(c: Context<AppEnv>): string | null {
  if (c.var.deps.controls === 'open') return null;
  // A same-machine proxy (nginx proxy_pass to 127.0.0.1) connects from loopback for anyone: what it
  // forwards is local only when the sandbox trusts that proxy to say who the client is.
  if (!c.var.deps.trustForwardedFor && isForwarded(c)) return CONTROLS_MESSAGES.forwarded;
  const address = clientAddress(c);
  if (address !== IN_PROCESS && !isLoopback(address)) return CONTROLS_MESSAGES.notLoopback;
  if (!isLocalHost(c.req.header('host') ?? new URL(c.req.url).host)) return CONTROLS_MESSAGES.notLocalHost;
  // A page of another site posting to the controls from the tester's own browser.
  const origin = c.req.header('origin');
  if (origin !== undefined && !isLocalOrigin(origin)) return CONTROLS_MESSAGES.otherSite;
  return null;
}

function isLocalOrigin(origin: string): boolean {
  try {
    return isLocalHost(new URL(origin).host);
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
}

export const CONTROLS_MESSAGES = {
  notLoopback: 'The sandbox controls answer only to requests from this computer (loopback). Start the sandbox with SANDBOX_CONTROLS=open to open them.',
  notLocalHost:
    'The sandbox controls answer only when addressed as localhost, 127.0.0.1 or [::1]. Start the sandbox with SANDBOX_CONTROLS=open to open them.',
  otherSite: 'The sandbox controls refuse requests from pages of other sites. Start the sandbox with SANDBOX_CONTROLS=open to open them.',
  forwarded:
    'The sandbox controls refuse requests that came through a proxy (Forwarded, X-Forwarded-For or X-Real-IP). Behind a proxy you run, start the sandbox with SANDBOX_TRUST_X_FORWARDED_FOR=1 (the forwarded client is then checked), or with SANDBOX_CONTROLS=open to open them.',
} as const;

export interface NetworkSettings {
  /** 'open': the sandbox controls answer from any address and host (SANDBOX_CONTROLS=open). */
  controls: 'loopback' | 'open';
  trustForwardedFor: boolean;
}

/** SANDBOX_CONTROLS (loopback | open) and SANDBOX_TRUST_X_FORWARDED_FOR (0 | 1); anything else stops the start. */
export function networkFromEnv(env: Record<string, string | undefined>): NetworkSettings {
  const controls = env.SANDBOX_CONTROLS || 'loopback';
  if (controls !== 'loopback' && controls !== 'open') throw new Error(`SANDBOX_CONTROLS must be "loopback" or "open", got "${controls}"`);
  const trust = env.SANDBOX_TRUST_X_FORWARDED_FOR || '0';
  if (trust !== '0' && trust !== '1') throw new Error(`SANDBOX_TRUST_X_FORWARDED_FOR must be 0 or 1, got "${trust}"`);
  return { controls, trustForwardedFor: trust === '1' };
}
