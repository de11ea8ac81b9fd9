/**
 * The Idempotency-Key of /api1 POSTs (the app's half: machines/shared/idempotency.ts): a repeat of a
 * request gets the first answer instead of acting twice. Per borrower, a key is kept 24 h of the
 * sandbox clock with its request's hash and its success answer; a refusal releases it. Money-moving
 * POSTs use `idempotentInTransaction` with `answerOnce`, so the claim, the work and the answer commit
 * together; every other POST uses `idempotent`. docs/sandbox/idempotency.md has the rules.
 */
import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../contract/common';
import type { Queryable } from './db';
import type { AppEnv, IdempotencyClaim, SessionUser } from './env';
import { ApiError, CODE_OK, describeIssues, envelope } from './envelope';
import { DAY, MINUTE } from './time';

export const IDEMPOTENCY_TTL_MS = DAY;
/**
 * A first request still unanswered after this long died with the server (the app gives up after
 * 100 s): its key may be taken again. (Keys claimed inside a transaction need no such wait: the
 * claim dies with its transaction.)
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

/** The request's key, its borrower and its hash; null without a key or a borrower. Throws on a malformed key. */
async function keyOf(c: Context<AppEnv>): Promise<IdempotencyClaim | null> {
  const header = c.req.header(IDEMPOTENCY_HEADER);
  if (header === undefined) return null;
  const parsed = v.safeParse(IdempotencyKey, header);
  if (!parsed.success) throw new ApiError(describeIssues(parsed.issues));
  // Sign-in and anonymous analytics: there is no borrower to keep the key for.
  const user = c.get('user') as SessionUser | undefined;
  if (!user) return null;
  return { userId: user.id, key: parsed.output, hash: await requestHash(c) };
}

/** What a request gets when its key is already held: the kept answer, or why not. */
function answerKept(c: Context, kept: KeptRow, hash: string): Response {
  if (kept.request_hash !== hash) throw new ApiError(IDEMPOTENCY_MESSAGES.differentRequest);
  if (kept.status === null || kept.body === null) throw new ApiError(IDEMPOTENCY_MESSAGES.inProgress);
  return c.body(kept.body, kept.status as ContentfulStatusCode, { 'Content-Type': 'application/json', [REPLAYED_HEADER]: 'true' });
}

const readKept = async (db: Queryable, claim: IdempotencyClaim) =>
  (await db.query<KeptRow>('SELECT request_hash, status, body FROM idempotency_keys WHERE user_id = $1 AND idem_key = $2', [claim.userId, claim.key])).rows[0];

const forgetExpired = (db: Queryable, userId: number, now: Date) =>
  db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND expires_at <= $2', [userId, now.toISOString()]);

export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const claim = await keyOf(c);
  if (!claim) return next();
  const { db, clock } = c.var.deps;
  await forgetExpired(db, claim.userId, clock.now());
  if (!(await take(db, claim, clock.now()))) {
    const kept = await readKept(db, claim);
    // No row: the first request was refused and released its key a moment ago; the repeat may try again.
    return answerKept(c, kept ?? { request_hash: claim.hash, status: null, body: null }, claim.hash);
  }

  let keptAnswer = false;
  try {
    await next();
    const body = await successBody(c.res);
    if (body !== null) {
      await db.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND idem_key = $2', [claim.userId, claim.key, c.res.status, body]);
      keptAnswer = true;
    }
  } finally {
    if (!keptAnswer) await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND idem_key = $2 AND status IS NULL', [claim.userId, claim.key]);
  }
};

/**
 * For money-moving POSTs: a key whose answer is kept is replayed (or refused) before the handler
 * runs; otherwise the handler claims it inside its transaction with `answerOnce`.
 */
export const idempotentInTransaction: MiddlewareHandler<AppEnv> = async (c, next) => {
  const claim = await keyOf(c);
  if (!claim) return next();
  const { db, clock, log } = c.var.deps;
  await forgetExpired(db, claim.userId, clock.now());
  const kept = await readKept(db, claim);
  if (kept) return answerKept(c, kept, claim.hash);
  c.set('idempotency', claim);
  await next();
  if (!claim.claimed && (await successBody(c.res)) !== null)
    log(`[error] ${c.req.method} ${c.req.path} answered a success without answerOnce: its Idempotency-Key was not kept`);
};

/**
 * Does `work` in one transaction with the request's Idempotency-Key (idempotentInTransaction):
 * claims the key first — a repeat running at the same moment waits for this transaction, then
 * replays its answer — and keeps the answer before COMMIT. Answers code 0 with what `work` returns,
 * typed as the endpoint's response schema reads it (like `answer`). A refusal `work` throws rolls
 * the claim back with everything else: the key is free for the retry.
 */
export async function answerOnce<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  _schema: S,
  work: (tx: Queryable) => Promise<v.InferInput<S>>,
): Promise<Response> {
  const { db, clock } = c.var.deps;
  const claim = c.get('idempotency');
  const outcome = await db.transaction(async (tx): Promise<{ kept: KeptRow } | { body: string }> => {
    if (claim && !(await take(tx, claim, clock.now()))) {
      const kept = await readKept(tx, claim);
      if (kept) return { kept };
    }
    const body = JSON.stringify(envelope(CODE_OK, 'success', await work(tx)));
    if (claim) await tx.query('UPDATE idempotency_keys SET status = 200, body = $3 WHERE user_id = $1 AND idem_key = $2', [claim.userId, claim.key, body]);
    return { body };
  });
  if (claim) claim.claimed = true;
  if ('kept' in outcome) return answerKept(c, outcome.kept, claim!.hash);
  return c.body(outcome.body, 200, { 'Content-Type': 'application/json' });
}

/**
 * Takes the key for this request: true when it was free (never used, expired, or left unanswered
 * by a request that died), false when another request holds it or its answer is kept. Inside a
 * transaction, a claim of the same key by another transaction not yet ended makes this one wait.
 */
async function take(db: Queryable, claim: IdempotencyClaim, now: Date): Promise<boolean> {
  const taken = await db.query(
    `INSERT INTO idempotency_keys AS k (user_id, idem_key, request_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, idem_key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = EXCLUDED.created_at,
       expires_at = EXCLUDED.expires_at, status = NULL, body = NULL
     WHERE k.expires_at <= EXCLUDED.created_at OR (k.status IS NULL AND k.created_at <= $6)
     RETURNING 1 AS taken`,
    [
      claim.userId, claim.key, claim.hash, now.toISOString(), new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
      new Date(now.getTime() - IN_PROGRESS_TIMEOUT_MS).toISOString(),
    ],
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
