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

/** Deeper than any request of the contract; deeper still would only cost stack (JSON.stringify, jsonb). */
export const MAX_JSON_DEPTH = 16;

export const BAD_INPUT_MESSAGES = {
  notJson: 'The request body must be JSON.',
  unstorable: 'The request contains characters that cannot be stored.',
  tooDeep: `The request body may nest objects and lists at most ${MAX_JSON_DEPTH} levels deep.`,
  tooLarge: 'The request body is too large.',
  /** A database refusal of a value (app.onError): the boundary missed a rule, the borrower still gets an answer. */
  unstorableValue: 'The request contains values that cannot be stored.',
} as const;

/** Parses the JSON body with `schema`, or throws an ApiError naming the field at fault. */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(BAD_INPUT_MESSAGES.notJson);
  }
  checkStorable(raw);
  return parseOr(schema, raw);
}

/**
 * Parses the query string with `schema`, or throws an ApiError naming the parameter at fault; with
 * `invalid`, that message instead (e.g. 'Product not found' for an id that cannot be one).
 */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S, invalid?: string): v.InferOutput<S> {
  const raw = c.req.query();
  checkStorable(raw);
  return parseOr(schema, raw, invalid);
}

/** Parses the path parameter `name` with `schema`, like readQuery. */
export function readParam<S extends v.GenericSchema>(c: Context, name: string, schema: S, invalid?: string): v.InferOutput<S> {
  const raw = c.req.param(name);
  checkStorable(raw);
  return parseOr(schema, raw, invalid);
}

/**
 * NUL, which PostgreSQL text and jsonb cannot hold, and a lone UTF-16 surrogate, which has no UTF-8
 * form: a string with either cannot be stored or sent back as it came.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/**
 * Refuses a request value (a parsed JSON body, a query, a parameter) holding a string or a key that
 * cannot be stored, or nested deeper than MAX_JSON_DEPTH: one rule at the boundary for every route,
 * instead of a database error later. Iterative, so a deep value costs no stack.
 */
export function checkStorable(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [x, depth] = item;
    if (typeof x === 'string') {
      if (!isStorableText(x)) throw new ApiError(BAD_INPUT_MESSAGES.unstorable);
    } else if (x !== null && typeof x === 'object') {
      if (depth >= MAX_JSON_DEPTH) throw new ApiError(BAD_INPUT_MESSAGES.tooDeep);
      for (const [k, child] of Object.entries(x)) {
        if (!isStorableText(k)) throw new ApiError(BAD_INPUT_MESSAGES.unstorable);
        stack.push([child, depth + 1]);
      }
    }
  }
}

/**
 * SQLSTATEs a value the request carried causes: text too long (22001), a number out of range
 * (22003), a bad date (22007, 22008), a character the encoding cannot hold (22021, 22P05), a bad
 * escape (22025), text that is not the column's type (22P02), a value too large or too deep (54000,
 * 54001). Others (a division by zero, a syntax error, a lost connection) are the server's own faults.
 */
const INPUT_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22025', '22P02', '22P05', '54000', '54001']);

/** A database error (PGlite or node-postgres) caused by input: not a server fault, answered as bad input. */
export function isInputFault(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('severity' in err) || !('code' in err)) return false;
  return typeof err.code === 'string' && INPUT_SQLSTATES.has(err.code);
}

function parseOr<S extends v.GenericSchema>(schema: S, raw: unknown, invalid?: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) throw new ApiError(invalid ?? describeIssues(parsed.issues));
  return parsed.output;
}

/** Marks a body-limit middleware, so the app's default limit (body-limit.ts) leaves its route alone. */
export const OWN_BODY_LIMIT = Symbol('ownBodyLimit');

/**
 * Refuses a body over `maxSize` bytes with `tooLarge(c)`: at once when its declared length says so,
 * else as soon as the stream passes it (what was read is buffered for the handler, at most
 * `maxSize`). The refused rest is left unread; the app's drainUnreadBody (body-limit.ts) reads it
 * away after the answer, so the keep-alive connection stays usable.
 */
export function limitBody(maxSize: number, tooLarge: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const limit: MiddlewareHandler = async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.header('transfer-encoding')) return Number(declared) > maxSize ? tooLarge(c) : next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) {
        reader.releaseLock();
        return tooLarge(c);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
  return Object.assign(limit, { [OWN_BODY_LIMIT]: true });
}

export const bodyTooLarge = (c: Context) => c.json(envelope(CODE_ERROR, BAD_INPUT_MESSAGES.tooLarge, null), 413);

/** Refuses bodies over `maxSize` bytes (default 16 KiB) with an envelope, before they are read. */
export const jsonBodyLimit = (maxSize = 16 * 1024): MiddlewareHandler => limitBody(maxSize, bodyTooLarge);
