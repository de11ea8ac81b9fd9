/**
 * The `{ code, msg, data }` envelope, built here and nowhere else.
 *
 * - code 0: success, `data` is the payload;
 * - code -4: the session is invalid (missing, unknown or expired token) — the app signs out;
 * - code 1: a business error; `msg` is shown to the borrower as is.
 * Business errors are HTTP 200 (the client reads the envelope). An unknown /api1 path is HTTP 404
 * and an unexpected server fault HTTP 500, both still with an envelope.
 *
 * Requests are read with the contract's schemas (readJson, readQuery, readParam), answers are typed
 * against them (answer): the sandbox and the app share one wire contract.
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

/**
 * Answers code 0 with `data` written as the endpoint's response schema in contract/ reads it (the
 * schema's input type): when the sandbox and the app's contract drift apart, the typecheck fails.
 */
export function answer<S extends v.GenericSchema>(c: Context, _schema: S, data: v.InferInput<S>) {
  return c.json(envelope(CODE_OK, 'success', data), 200);
}

/** Answers code 0 with data null: for calls whose answer carries nothing (the app reads it with `Ignored`). */
export function ok(c: Context) {
  return c.json(envelope(CODE_OK, 'success', null), 200);
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
  return parseOr(schema, raw);
}

/**
 * Parses the query string with `schema`, or throws an ApiError naming the parameter at fault; with
 * `invalid`, that message instead (e.g. 'Product not found' for an id that cannot be one).
 */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S, invalid?: string): v.InferOutput<S> {
  return parseOr(schema, c.req.query(), invalid);
}

/** Parses the path parameter `name` with `schema`, like readQuery. */
export function readParam<S extends v.GenericSchema>(c: Context, name: string, schema: S, invalid?: string): v.InferOutput<S> {
  return parseOr(schema, c.req.param(name), invalid);
}

function parseOr<S extends v.GenericSchema>(schema: S, raw: unknown, invalid?: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) throw new ApiError(invalid ?? describeIssues(parsed.issues));
  return parsed.output;
}

/** Refuses bodies over `maxSize` bytes (default 16 KiB) with an envelope, before they are read. */
export function jsonBodyLimit(maxSize = 16 * 1024): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: (c) => c.json(envelope(CODE_ERROR, 'The request body is too large.', null), 413) });
}
