/** POST /burying-point/v2/burying-point: analytics events; a session is optional and never required. */
import { Hono } from 'hono';
import { BuryingPoint } from '../../../contract/analytics';
import { optionalUser } from '../auth';
import type { AppEnv, SessionUser } from '../env';
import { jsonBodyLimit, ok, readJson } from '../envelope';
import { idempotent } from '../idempotency';

export function analyticsRoutes() {
  const r = new Hono<AppEnv>();

  // An invalid token is ignored here rather than answered with -4: an analytics ping must never sign
  // the borrower out.
  r.post('/burying-point/v2/burying-point', jsonBodyLimit(32 * 1024), optionalUser, idempotent, async (c) => {
    const { db, clock } = c.var.deps;
    const event = await readJson(c, BuryingPoint);
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
