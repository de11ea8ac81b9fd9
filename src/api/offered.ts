/**
 * Calls beyond the spec: made with `offered`, which answers `{ offered: false }` when the backend has
 * no such call (HTTP 404, or the envelope's unknown-path answer), so the screen takes the spec's path
 * instead of showing an error. Apart from client.ts, so only the screens that use such a call load it.
 */
import type { BeyondSpecCall } from '../../contract/beyond-spec';
import type { AnswerOf, BodyOf, QueryOf } from '../../contract/endpoint';
import { answersNotOffered, type Offered } from '../../contract/offered';
import { api, ApiError, type ApiClient, type CallOptions } from './client';

export interface OfferedOptions<C extends BeyondSpecCall = BeyondSpecCall> extends CallOptions {
  json?: BodyOf<C>;
  searchParams?: QueryOf<C>;
  /** A POST that creates something: the key of the borrower's intent (made by the machine). */
  idempotencyKey?: string;
}

/** Whether a failed call said that the backend has no such call. */
export function isNotOffered(error: unknown): boolean {
  if (!(error instanceof ApiError) || (error.kind !== 'http' && error.kind !== 'server')) return false;
  const envelope = error.kind === 'server' ? { code: error.details.code ?? 1, msg: error.message } : null;
  return answersNotOffered(error.details.status ?? 0, envelope);
}

/** The call `beyond` of the table: its answer parsed by the table's schema, or `{ offered: false }`. */
export async function offered<C extends BeyondSpecCall>(beyond: C, options: OfferedOptions<C> = {}, client: ApiClient = api): Promise<Offered<AnswerOf<C>>> {
  try {
    const { json, searchParams, signal, idempotencyKey } = options;
    const value = await client.call(beyond, { signal, query: searchParams, json, idempotencyKey });
    return { offered: true, value };
  } catch (error) {
    if (isNotOffered(error)) return { offered: false };
    throw error;
  }
}
