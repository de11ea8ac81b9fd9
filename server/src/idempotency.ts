/**
 * The Idempotency-Key of /api1 POSTs (server/README.md 'Idempotency'; the app's half is
 * machines/shared/idempotency.ts): a borrower's repeat of a request — a retry, a reload, a double
 * tap — gets the first answer instead of acting twice.
 *
 * Per borrower, a key is kept for 24 h of the sandbox clock with the hash of its request. The same
 * key with the same request replays the kept answer; with another request, or while the first is
 * still being answered, it is refused (code 1). Only a success (code 0) is kept: a refusal acted on
 * nothing and may depend on what the borrower does next (an upload still missing), so its key is
 * released and the repeat is a fresh try.
 *
 * Mount it on every POST after the body limit and the session middleware:
 *   r.post(path, requireUser, jsonBodyLimit(), idempotent, handler)
 */
import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../contract/common';
import type { Queryable } from './db';
import type { AppEnv, SessionUser } from './env';
import { ApiError, CODE_OK, describeIssues } from './envelope';
import { DAY, MINUTE } from './time';

export const IDEMPOTENCY_TTL_MS = DAY;
/**
 * A first request still unanswered after this long died with the server (the app gives up after
 * 100 s): its key may be taken again.
 */
export const IN_PROGRESS_TIMEOUT_MS = 2 * MINUTE;
/** Set on a replayed answer, for QA and tests. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  differentRequest: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is still being answered. Please try again in a moment.',
} as const;

interface KeptRow {
  request_hash: string;
  status: number | null;
  body: string | null;
}

export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header(IDEMPOTENCY_HEADER);
  if (header === undefined) return next();
  const parsed = v.safeParse(IdempotencyKey, header);
  if (!parsed.success) throw new ApiError(describeIssues(parsed.issues));
  // Sign-in and anonymous analytics: there is no borrower to keep the key for.
  const user = c.get('user') as SessionUser | undefined;
  if (!user) return next();

  const { db, clock } = c.var.deps;
  const key = parsed.output;
  const hash = await requestHash(c);
  if (!(await claim(db, user.id, key, hash, clock.now()))) {
    const found = await db.query<KeptRow>('SELECT request_hash, status, body FROM idempotency_keys WHERE user_id = $1 AND idem_key = $2', [
      user.id,
      key,
    ]);
    const kept = found.rows[0];
    if (kept && kept.request_hash !== hash) throw new ApiError(IDEMPOTENCY_MESSAGES.differentRequest);
    // No row: the first request was refused and released its key a moment ago; the repeat may try again.
    if (!kept || kept.status === null || kept.body === null) throw new ApiError(IDEMPOTENCY_MESSAGES.inProgress);
    return c.body(kept.body, kept.status as ContentfulStatusCode, { 'Content-Type': 'application/json', [REPLAYED_HEADER]: 'true' });
  }

  let keptAnswer = false;
  try {
    await next();
    const body = await successBody(c.res);
    if (body !== null) {
      await db.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND idem_key = $2', [user.id, key, c.res.status, body]);
      keptAnswer = true;
    }
  } finally {
    if (!keptAnswer) await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND idem_key = $2 AND status IS NULL', [user.id, key]);
  }
};

/**
 * Takes the key for this request: true when it was free (never used, expired, or left unanswered
 * by a request that died), false when another request holds it or its answer is kept.
 */
async function claim(db: Queryable, userId: number, key: string, hash: string, now: Date): Promise<boolean> {
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND expires_at <= $2', [userId, now.toISOString()]);
  const taken = await db.query(
    `INSERT INTO idempotency_keys AS k (user_id, idem_key, request_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, idem_key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = EXCLUDED.created_at,
       expires_at = EXCLUDED.expires_at, status = NULL, body = NULL
     WHERE k.expires_at <= EXCLUDED.created_at OR (k.status IS NULL AND k.created_at <= $6)
     RETURNING 1 AS taken`,
    [userId, key, hash, now.toISOString(), new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(), new Date(now.getTime() - IN_PROGRESS_TIMEOUT_MS).toISOString()],
  );
  return taken.rows.length > 0;
}

/** sha256 of the method, the path (with any query) and the body bytes. */
async function requestHash(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  const body = new Uint8Array(await c.req.arrayBuffer());
  return crypto
    .createHash('sha256')
    .update(`${c.req.method} ${url.pathname}${url.search}\n`)
    .update(withoutBoundary(body, c.req.header('content-type') ?? ''))
    .digest('hex');
}

/**
 * A multipart body with its boundary replaced by a fixed one: a resent form gets a new random
 * boundary, and is still the same request.
 */
function withoutBoundary(body: Uint8Array, contentType: string): Uint8Array {
  const boundary = /^multipart\/form-data\s*;.*\bboundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return body;
  return Buffer.from(Buffer.from(body).toString('latin1').replaceAll(boundary, 'boundary'), 'latin1');
}

/** The answer's text when it is a success envelope (code 0, HTTP 200), else null. */
async function successBody(res: Response): Promise<string | null> {
  if (res.status !== 200 || !(res.headers.get('content-type') ?? '').startsWith('application/json')) return null;
  const text = await res.clone().text();
  try {
    return (JSON.parse(text) as { code?: unknown }).code === CODE_OK ? text : null;
  } catch {
    return null;
  }
}
