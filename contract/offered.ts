/**
 * What "not offered" is, for the calls beyond the spec (./beyond-spec.ts): the outcome type and the
 * rule that reads an answer. Apart from the table so the API client, which every screen loads, does not
 * carry the table's schemas with it.
 */

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
