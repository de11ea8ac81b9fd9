/**
 * The calls beyond the spec: the spec names none of them, so a backend may not have them. The app
 * makes them through `api.offered` (src/api/client.ts), which answers `{ offered: false }` when the
 * backend has no such call, and every screen that uses one has a state for that: without it the app
 * does what the spec says. Each call is declared here, with the schema its answer is read with.
 */
import type * as v from 'valibot';
import { Ignored } from './common';
import { SessionList } from './sessions';

export interface BeyondSpecCall<S extends v.GenericSchema = v.GenericSchema> {
  readonly method: 'GET' | 'POST';
  /** Under the API base (/api1), written as the spec writes its paths. */
  readonly path: `/${string}`;
  /** How its answer's data is read. */
  readonly answer: S;
}

/** The endpoint table of the calls beyond the spec. */
export const BEYOND_SPEC = {
  /** The borrower's signed-in devices (Account): SessionList. */
  listSessions: { method: 'GET', path: '/user/v1/sessions', answer: SessionList },
  /** Signs one of the borrower's sessions out: RevokeSessionPayload {id}. */
  revokeSession: { method: 'POST', path: '/user/v1/sessions/revoke', answer: Ignored },
  /** Quit: ends the session of the token it is sent with. */
  logout: { method: 'POST', path: '/user/v1/logout', answer: Ignored },
} as const satisfies Record<string, BeyondSpecCall>;

/** The outcome of a call beyond the spec: its answer, or the backend does not offer it. */
export type Offered<T> = { readonly offered: true; readonly value: T } | { readonly offered: false };

/** The msg of the envelope's answer to an unknown /api1 path (the sandbox's, HTTP 404 {code: 1, msg}). */
export const UNKNOWN_PATH_MSG = 'Not found';

/**
 * Whether an answer says that the backend has no such call: HTTP 404 (with or without an envelope),
 * or an envelope with a failing code and the unknown-path msg (a gateway may answer it as HTTP 200).
 */
export function answersNotOffered(status: number, envelope: { code: number; msg?: string | null | undefined } | null): boolean {
  if (status === 404) return true;
  return envelope !== null && envelope.code !== 0 && envelope.msg?.trim() === UNKNOWN_PATH_MSG;
}
