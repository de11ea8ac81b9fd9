/**
 * GET /map-state/v1/list and GET /map-state/v1/district/{stateId} (spec §7): India's 36 states and
 * union territories and each one's districts, for the dataType 4 and 5 fields. District ids are
 * stateId × 1000 + position (stable). Reference data: no session needed.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError, ok } from '../envelope';
import { MESSAGES } from '../domain/verification';
import { districtsOf, stateById, stateList } from '../domain/verification-fields';

export function mapStateRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/map-state/v1/list', (c) => ok(c, stateList()));

  r.get('/map-state/v1/district/:stateId', (c) => {
    const raw = c.req.param('stateId');
    const state = /^[1-9]\d{0,5}$/.test(raw) ? stateById(Number(raw)) : undefined;
    if (!state) throw new ApiError(MESSAGES.stateNotFound);
    return ok(c, districtsOf(state));
  });

  return r;
}
