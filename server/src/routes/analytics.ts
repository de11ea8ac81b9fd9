/** The analytics events (endpoint table: buryingPoint); a session is optional and never required. */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { AppEnv, SessionUser } from '../env';
import { jsonBodyLimit, ok } from '../envelope';
import { serve } from './serve';

export function analyticsRoutes() {
  const r = new Hono<AppEnv>();

  // An invalid token is ignored here rather than answered with -4: an analytics ping must never sign
  // the borrower out.
  serve(r, ENDPOINTS.buryingPoint, { bodyLimit: jsonBodyLimit(32 * 1024), session: 'optional' }, async (c, event) => {
    const { db, clock } = c.var.deps;
    await db.query(
      `INSERT INTO analytics_events (user_id, project_name, page_name, behavior, value, event_time, payload, received_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8)`,
      [
        (c.get('user') as SessionUser | undefined)?.id ?? null,
        event.projectName,
        event.pageName,
        event.behavior,
        event.value === undefined ? null : JSON.stringify(event.value),
        String(event.eventTime),
        JSON.stringify(event),
        clock.now().toISOString(),
      ],
    );
    return ok(c);
  });

  return r;
}
