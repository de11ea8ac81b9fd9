/**
 * Signed-in devices and signing out (beyond the spec: contract/beyond-spec.ts; server/README.md
 * 'Sessions and signed-in devices'):
 * - GET /user/v1/sessions: the borrower's live sessions, the asking one first and marked `current`,
 *   then the most recently used; each with its own random id, never the token or its hash.
 * - POST /user/v1/sessions/revoke {id}: ends one of the borrower's own sessions. Revoking one already
 *   ended answers as the first time; an id that is not the borrower's is refused, whoever holds it.
 * - POST /user/v1/logout: ends the session of the token it is sent with (Quit). Answers success
 *   whatever the token: an ended, unknown or missing one has nothing left to end.
 * An ended session's token gets -4 on its next request, on every route (auth.ts findSessionUser).
 */
import { Hono } from 'hono';
import { BEYOND_SPEC } from '../../../contract/beyond-spec';
import { RevokeSessionPayload, SIGN_IN_METHODS, type SessionItemAnswer, type SignInMethod } from '../../../contract/sessions';
import { requireUser, revokeToken, sha256, TOKEN_HEADER } from '../auth';
import { deviceKind } from '../domain/user-agent';
import type { AppEnv } from '../env';
import { answer, ApiError, jsonBodyLimit, ok, readJson } from '../envelope';
import { idempotent } from '../idempotency';
import { istDateTime } from '../time';

export const SESSION_MESSAGES = {
  notYours: 'This device is not signed in to your account.',
} as const;

const methodOf = (stored: string): SignInMethod | '' => (SIGN_IN_METHODS as readonly string[]).includes(stored) ? (stored as SignInMethod) : '';

interface SessionRow {
  public_id: string;
  current: boolean;
  method: string;
  user_agent: string;
  device_model: string;
  created_at: Date;
  last_used_at: Date;
}

export function sessionRoutes() {
  const r = new Hono<AppEnv>();

  r.get(BEYOND_SPEC.listSessions.path, requireUser, async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const rows = await db.query<SessionRow>(
      `SELECT public_id, token_hash = $2 AS current, method, user_agent, device_model, created_at, last_used_at
         FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $3
        ORDER BY current DESC, last_used_at DESC, created_at DESC`,
      [c.get('user').id, sha256((c.req.header(TOKEN_HEADER) ?? '').toLowerCase()), now.toISOString()],
    );
    const sessions = rows.rows.map((s): SessionItemAnswer => ({
      id: s.public_id,
      current: s.current,
      method: methodOf(s.method),
      ...deviceKind(s.user_agent),
      model: s.device_model,
      signedInAt: istDateTime(s.created_at),
      // The asking session is in use now, whatever was last written (auth.ts writes it once a minute).
      lastUsedAt: istDateTime(s.current ? now : s.last_used_at),
    }));
    return answer(c, BEYOND_SPEC.listSessions.answer, { sessions });
  });

  r.post(BEYOND_SPEC.revokeSession.path, requireUser, jsonBodyLimit(), idempotent, async (c) => {
    const { id } = await readJson(c, RevokeSessionPayload);
    const { db, clock } = c.var.deps;
    const now = clock.now().toISOString();
    // Ends it when live; a second revoke finds it ended and answers as the first.
    const found = await db.query<{ revoked_at: Date | null }>(
      `UPDATE sessions SET revoked_at = COALESCE(revoked_at, $3) WHERE public_id = $1 AND user_id = $2 RETURNING revoked_at`,
      [id, c.get('user').id, now],
    );
    if (found.rowCount === 0) throw new ApiError(SESSION_MESSAGES.notYours);
    return ok(c);
  });

  r.post(BEYOND_SPEC.logout.path, jsonBodyLimit(), idempotent, async (c) => {
    const { db, clock } = c.var.deps;
    await revokeToken(db, c.req.header(TOKEN_HEADER), clock.now());
    return ok(c);
  });

  return r;
}
