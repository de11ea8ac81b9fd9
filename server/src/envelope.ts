/**
 * The `{ code, msg, data }` envelope, built here and nowhere else.
 *
 * - code 0: success, `data` is the payload;
 * - code -4: the session is invalid (missing, unknown or expired token) — the app signs out;
 * - code 1: a business error; `msg` is shown to the borrower as is.
 * Business errors are HTTP 200 (the client reads the envelope). An unknown /api1 path is HTTP 404
 * and an unexpected server fault HTTP 500, both still with an envelope.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';

export const CODE_OK = 0;
export const CODE_ERROR = 1;
export const CODE_SESSION_INVALID = -4;

export interface EnvelopeBody<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelope<T>(code: number, msg: string, data: T): EnvelopeBody<T> {
  return { code, msg, data };
}

export function ok<T>(c: Context, data: T) {
  return c.json(envelope(CODE_OK, 'success', data), 200);
}

/** Throw from a handler to answer with a business error; `app.onError` turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number = CODE_ERROR,
    readonly status: 200 | 400 | 404 | 413 | 500 = 200,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const sessionInvalid = () => new ApiError('Your session has expired. Please sign in again.', CODE_SESSION_INVALID);

/** "phone: phone must be 91 followed by 10 digits" — names the first field at fault. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request.';
  const field = v.getDotPath(first);
  if (!field) return first.message;
  // A missing key: "Invalid key: Expected "code" but received undefined" → name the field plainly.
  if (first.kind === 'schema' && first.received === 'undefined') return `${field} is required`;
  return first.message.startsWith(field) ? first.message : `${field}: ${first.message}`;
}

/** Parses the JSON body with `schema`, or throws an ApiError naming the field at fault. */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError('The request body must be JSON.');
  }
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) throw new ApiError(describeIssues(parsed.issues));
  return parsed.output;
}

/** Refuses bodies over `maxSize` bytes (default 16 KiB) with an envelope, before they are read. */
export function jsonBodyLimit(maxSize = 16 * 1024): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: (c) => c.json(envelope(CODE_ERROR, 'The request body is too large.', null), 413) });
}
