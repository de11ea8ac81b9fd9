/**
 * India's 36 states and union territories and each one's districts (endpoint table: states,
 * districts), for the dataType 4 and 5 fields. District ids are stateId × 1000 + position (stable).
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { MESSAGES } from '../domain/verification';
import { districtsOf, stateById, stateList } from '../domain/verification-fields';
import { serve } from './serve';

export function mapStateRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.states, () => stateList());

  // Anything that is not a state's id is a state that does not exist.
  serve(r, ENDPOINTS.districts, { invalid: MESSAGES.stateNotFound }, (_c, { stateId }) => {
    const state = stateById(Number(stateId));
    if (!state) throw new ApiError(MESSAGES.stateNotFound);
    return districtsOf(state);
  });

  return r;
}
