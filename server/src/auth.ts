/**
 * Sessions: the client sends the token in the `token` header (lowercase). A token is 32 random bytes
 * (hex); the database holds only its sha256, with creation and expiry times, and what tells the
 * session apart for the borrower (docs/sandbox/accounts-and-privacy.md 'Sessions and signed-in devices'): a random id of
 * its own, how it signed in, the User-Agent, the shell's device, when it was last used. A revoked
 * session (signed out, or dropped for a newer one) is refused from the next request on, everywhere.
 */
import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { API_BASE, ENDPOINTS } from '../../contract/endpoints';
import type { SignInMethod } from '../../contract/sessions';
import type { Queryable } from './db';
import { languageOfRequest, noteLanguage } from './domain/language-preference';
import type { AppEnv, SessionUser } from './env';
import { sessionInvalid } from './envelope';
import type { Lang } from './language';
import { DAY, MINUTE } from './time';

export const SESSION_TTL_MS = 30 * DAY;
export const TOKEN_HEADER = 'token';

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Constant-time comparison of two hex digests (or any two strings). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** A borrower holds at most this many live sessions: a new sign-in beyond it ends the least recently used. */
export const SESSION_LIMIT = 10;
/** "Last used" is written at most this often per session, so a request costs no write. */
export const LAST_USED_EVERY_MS = MINUTE;
/** The longest User-Agent or device name kept (what a person needs to tell devices apart). */
const DEVICE_TEXT_MAX = 512;
/** At most DEVICE_TEXT_MAX characters, never cutting one in half (a lone surrogate cannot be stored). */
const kept = (text: string | undefined) => Array.from((text ?? '').trim()).slice(0, DEVICE_TEXT_MAX).join('');

/** What a sign-in records about the device: how it signed in, its browser, the native shell's device. */
export interface SessionDevice {
  method: SignInMethod;
  userAgent?: string | undefined;
  /** The native shell's device, e.g. 'Apple iPhone15,2'. */
  model?: string | undefined;
}

/**
 * A new session for the borrower: its token (returned, never stored) and a random public id (what
 * the app sees). Expired sessions of the borrower go, and live ones beyond SESSION_LIMIT are revoked,
 * least recently used first.
 */
export async function createSession(db: Queryable, userId: number, now: Date, device: SessionDevice): Promise<string> {
  const token = crypto.randomBytes(32).toString('hex');
  const at = now.toISOString();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, public_id, method, user_agent, device_model, last_used_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $3)`,
    [
      sha256(token),
      userId,
      at,
      new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      crypto.randomBytes(12).toString('base64url'),
      device.method,
      kept(device.userAgent),
      kept(device.model),
    ],
  );
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2', [userId, at]);
  await db.query(
    `UPDATE sessions SET revoked_at = $2
      WHERE token_hash IN (SELECT token_hash FROM sessions WHERE user_id = $1 AND revoked_at IS NULL
                            ORDER BY last_used_at DESC, created_at DESC OFFSET $3)`,
    [userId, at, SESSION_LIMIT],
  );
  return token;
}

/**
 * The borrower of a live session, or null. `acceptLanguage`: the request's header, kept as the
 * borrower's language for the lender's own messages when it changed (domain/language-preference.ts).
 */
export async function findSessionUser(db: Queryable, token: string | undefined, now: Date, acceptLanguage?: string): Promise<SessionUser | null> {
  if (!token || !/^[0-9a-f]{64}$/i.test(token)) return null;
  const hash = sha256(token.toLowerCase());
  const r = await db.query<SessionUser & { lastUsedAt: Date; language: Lang | null }>(
    `SELECT u.id, u.phone, u.user_status AS "userStatus", s.last_used_at AS "lastUsedAt", u.language
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.revoked_at IS NULL`,
    [hash, now.toISOString()],
  );
  const row = r.rows[0];
  if (!row) return null;
  if (now.getTime() - new Date(row.lastUsedAt).getTime() >= LAST_USED_EVERY_MS) {
    await db.query('UPDATE sessions SET last_used_at = $2 WHERE token_hash = $1 AND last_used_at < $2', [hash, now.toISOString()]);
  }
  await noteLanguage(db, row.id, row.language, languageOfRequest(acceptLanguage));
  return { id: row.id, phone: row.phone, userStatus: row.userStatus };
}

/**
 * Ends the session of `token`, if it is live: it is refused from the next request on. Ending an
 * ended, unknown or missing token changes nothing. Answers whether a live session was ended.
 */
export async function revokeToken(db: Queryable, token: string | undefined, now: Date): Promise<boolean> {
  if (!token || !/^[0-9a-f]{64}$/i.test(token)) return false;
  const r = await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2', [
    sha256(token.toLowerCase()),
    now.toISOString(),
  ]);
  return r.rowCount > 0;
}

/** For calls that need a session: sets c.var.user, or answers -4. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clock } = c.var.deps;
  const user = await findSessionUser(db, c.req.header(TOKEN_HEADER), clock.now(), c.req.header('accept-language'));
  if (!user) throw sessionInvalid();
  c.set('user', user);
  await next();
};

/** For calls where a session is optional: sets c.var.user when the token is valid, ignores it otherwise. */
export const optionalUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clock } = c.var.deps;
  const user = await findSessionUser(db, c.req.header(TOKEN_HEADER), clock.now(), c.req.header('accept-language'));
  if (user) c.set('user', user);
  await next();
};

/**
 * The sign-in calls (spec §7): the code, the login and the two native-bridge logins. Under the
 * "token everywhere" setting they are the only /api1 calls a caller without a session may make.
 */
export const SIGN_IN_PATHS: readonly string[] = [ENDPOINTS.sendCode, ENDPOINTS.login, ENDPOINTS.signedLogin, ENDPOINTS.unsignedLogin].map((e) => `${API_BASE}${e.path}`);

/**
 * SANDBOX_TOKEN_EVERYWHERE=1: the sandbox plays a lender that keeps every call but sign-in behind a
 * token (About us, the config and the open pages' calls included), answering -4 to anything else sent
 * without a valid one, so the app can be tested against such a backend.
 */
export const tokenEverywhere: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SIGN_IN_PATHS.includes(c.req.path)) {
    const { db, clock } = c.var.deps;
    if (!(await findSessionUser(db, c.req.header(TOKEN_HEADER), clock.now()))) throw sessionInvalid();
  }
  await next();
};

/** SANDBOX_TOKEN_EVERYWHERE (0 | 1, default 0); anything else stops the start. */
export function tokenEverywhereFromEnv(env: Record<string, string | undefined>): boolean {
  const value = env.SANDBOX_TOKEN_EVERYWHERE || '0';
  if (value !== '0' && value !== '1') throw new Error(`SANDBOX_TOKEN_EVERYWHERE must be 0 or 1, got "${value}"`);
  return value === '1';
}
