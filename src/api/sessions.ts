/**
 * Signed-in devices and signing out, beyond the spec: each answers `{ offered: false }` when the
 * backend has no such call; the screens then do what the spec says.
 */
import { sessionCalls, type RevokeSessionPayload, type SessionList } from '../../contract/sessions';
import type { Offered } from '../../contract/offered';
import { API_ROOT } from './base';
import type { Transport } from './bridge-login';
import { browserHeaders, createApiClient, type ApiClient, type CallOptions } from './client';
import { offered } from './offered';

/** The borrower's signed-in devices, this one marked `current`. */
export function listSessions({ signal }: CallOptions = {}): Promise<Offered<SessionList>> {
  return offered(sessionCalls.listSessions, { signal });
}

/** Signs that device out (its next call gets -4). */
export async function revokeSession(id: string, { signal }: CallOptions = {}): Promise<Offered<void>> {
  const json: RevokeSessionPayload = { id };
  const answer = await offered(sessionCalls.revokeSession, { json, signal });
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
    base: transport.base ?? API_ROOT,
    fetch: (input, init) => send(input, { ...init, keepalive: true }),
    headers: () => browserHeaders(token),
    sessionChanged: () => false,
  });
}

/**
 * Quit: sent with the token it ends. Nobody waits for it and it never fails:
 * whatever the answer, offline or not offered included, the browser's session is cleared anyway.
 */
export function endSession(token: string, transport: Transport = {}): Promise<void> {
  return offered(sessionCalls.logout, {}, endingClient(token, transport)).then(
    () => undefined,
    () => undefined,
  );
}
