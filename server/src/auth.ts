/**
 * Sessions: the client sends the token in the `token` header (lowercase). A token is 32 random bytes
 * (hex); the database holds only its sha256, with creation and expiry times.
 */
import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Queryable } from './db';
import type { AppEnv, SessionUser } from './env';
import { sessionInvalid } from './envelope';
import { DAY } from './time';

export const SESSION_TTL_MS = 30 * DAY;
export const TOKEN_HEADER = 'token';

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Constant-time comparison of two hex digests (or any two strings). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export async function createSession(db: Queryable, userId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('hex');
  await db.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256(token),
    userId,
    now.toISOString(),
    new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
  ]);
  return token;
}

export async function findSessionUser(db: Queryable, token: string | undefined, now: Date): Promise<SessionUser | null> {
  if (!token || !/^[0-9a-f]{64}$/i.test(token)) return null;
  const r = await db.query<SessionUser>(
    `SELECT u.id, u.phone, u.user_status AS "userStatus"
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [sha256(token.toLowerCase()), now.toISOString()],
  );
  return r.rows[0] ?? null;
}

/** For calls that need a session: sets c.var.user, or answers -4. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clock } = c.var.deps;
  const user = await findSessionUser(db, c.req.header(TOKEN_HEADER), clock.now());
  if (!user) throw sessionInvalid();
  c.set('user', user);
  await next();
};

/** For calls where a session is optional: sets c.var.user when the token is valid, ignores it otherwise. */
export const optionalUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clock } = c.var.deps;
  const user = await findSessionUser(db, c.req.header(TOKEN_HEADER), clock.now());
  if (user) c.set('user', user);
  await next();
};

/**
 * The sign-in calls (spec §7): the code, the login and the two native-bridge logins. Under the
 * "token everywhere" setting they are the only /api1 calls a caller without a session may make.
 */
export const SIGN_IN_PATHS: readonly string[] = ['/api1/sms/v1/sendCode', '/api1/user/v1/login', '/api1/user/v1/user-login', '/api1/tripartite/v1/user-login'];

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
