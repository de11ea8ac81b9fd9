/**
 * Signed-in devices and signing out (endpoint table: listSessions, revokeSession, logout). A session
 * has its own random id, never the token or its hash; an ended one gets -4 on its next request, on
 * every route (auth.ts findSessionUser). Logging out answers success whatever the token.
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { SIGN_IN_METHODS, type SessionItemAnswer, type SignInMethod } from '../../../contract/sessions';
import { revokeToken, sha256, TOKEN_HEADER } from '../auth';
import { deviceKind } from '../domain/user-agent';
import type { AppEnv } from '../env';
import { ApiError, ok } from '../envelope';
import { istDateTime } from '../time';
import { serve } from './serve';

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

  serve(r, ENDPOINTS.listSessions, async (c) => {
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
    return { sessions };
  });

  serve(r, ENDPOINTS.revokeSession, async (c, { id }) => {
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

  serve(r, ENDPOINTS.logout, async (c) => {
    const { db, clock } = c.var.deps;
    await revokeToken(db, c.req.header(TOKEN_HEADER), clock.now());
    return ok(c);
  });

  return r;
}
