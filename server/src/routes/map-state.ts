/**
 * GET /map-state/v1/list and GET /map-state/v1/district/{stateId} (spec §7): India's 36 states and
 * union territories and each one's districts, for the dataType 4 and 5 fields. District ids are
 * stateId × 1000 + position (stable). Reference data: no session needed.
 */
import { Hono } from 'hono';
import { PlaceList, StateIdParam } from '../../../contract/verification';
import type { AppEnv } from '../env';
import { answer, ApiError, readParam } from '../envelope';
import { MESSAGES } from '../domain/verification';
import { districtsOf, stateById, stateList } from '../domain/verification-fields';

export function mapStateRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/map-state/v1/list', (c) => answer(c, PlaceList, stateList()));

  r.get('/map-state/v1/district/:stateId', (c) => {
    // Anything that is not a state's id is a state that does not exist.
    const state = stateById(Number(readParam(c, 'stateId', StateIdParam, MESSAGES.stateNotFound)));
    if (!state) throw new ApiError(MESSAGES.stateNotFound);
    return answer(c, PlaceList, districtsOf(state));
  });

  return r;
}
