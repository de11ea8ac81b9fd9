/**
 * Signed-in devices and signing out: calls beyond the spec (contract/beyond-spec.ts). Each answers
 * `{ offered: false }` when the backend has no such call; the screens then do what the spec says.
 */
import { BEYOND_SPEC, type Offered } from '../../contract/beyond-spec';
import type { RevokeSessionPayload, SessionList } from '../../contract/sessions';
import { api, type CallOptions } from './client';

/** GET /user/v1/sessions: the borrower's signed-in devices, this one marked `current`. */
export function listSessions({ signal }: CallOptions = {}): Promise<Offered<SessionList>> {
  return api.offered(BEYOND_SPEC.listSessions, { signal });
}

/** POST /user/v1/sessions/revoke {id}: signs that device out (its next call gets -4). */
export async function revokeSession(id: string, { signal }: CallOptions = {}): Promise<Offered<void>> {
  const json: RevokeSessionPayload = { id };
  const answer = await api.offered(BEYOND_SPEC.revokeSession, { json, signal });
  return answer.offered ? { offered: true, value: undefined } : answer;
}

/**
 * POST /user/v1/logout, sent with the token it ends (Quit). Nobody waits for it and it never fails:
 * whatever the answer, offline or not offered included, the browser's session is cleared anyway.
 */
export function endSession(token: string): Promise<void> {
  return api.offered(BEYOND_SPEC.logout, { endingToken: token }).then(
    () => undefined,
    () => undefined,
  );
}
