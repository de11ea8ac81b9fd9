/**
 * Signed-in devices and signing out: calls beyond the spec (contract/beyond-spec.ts). Each answers
 * `{ offered: false }` when the backend has no such call; the screens then do what the spec says.
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import type { Offered } from '../../contract/offered';
import type { RevokeSessionPayload, SessionList } from '../../contract/sessions';
import type { Transport } from './bridge-login';
import { browserHeaders, createApiClient, type ApiClient, type CallOptions } from './client';
import { offered } from './offered';

/** GET /user/v1/sessions: the borrower's signed-in devices, this one marked `current`. */
export function listSessions({ signal }: CallOptions = {}): Promise<Offered<SessionList>> {
  return offered(BEYOND_SPEC.listSessions, { signal });
}

/** POST /user/v1/sessions/revoke {id}: signs that device out (its next call gets -4). */
export async function revokeSession(id: string, { signal }: CallOptions = {}): Promise<Offered<void>> {
  const json: RevokeSessionPayload = { id };
  const answer = await offered(BEYOND_SPEC.revokeSession, { json, signal });
  return answer.offered ? { offered: true, value: undefined } : answer;
}

/**
 * The client of a call that ends the session of `token` (Quit). It names that token itself, so what
 * another tab did to the stored session holds nothing back; nobody waits for it ('Still trying…' never
 * shows); a -4 to it ends nothing here (the tab may have signed in again meanwhile); and it is kept
 * alive if the page unloads right after.
 */
function endingClient(token: string, transport: Transport): ApiClient {
  const send = transport.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return createApiClient({
    base: transport.base ?? import.meta.env.VITE_API_BASE ?? '/api1',
    fetch: (input, init) => send(input, { ...init, keepalive: true }),
    headers: () => browserHeaders(token),
    sessionChanged: () => false,
  });
}

/**
 * POST /user/v1/logout, sent with the token it ends (Quit). Nobody waits for it and it never fails:
 * whatever the answer, offline or not offered included, the browser's session is cleared anyway.
 */
export function endSession(token: string, transport: Transport = {}): Promise<void> {
  return offered(BEYOND_SPEC.logout, {}, endingClient(token, transport)).then(
    () => undefined,
    () => undefined,
  );
}
