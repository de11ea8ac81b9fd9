/**
 * Registers a sandbox /api1 call from its entry in the contract's endpoint table: the method and
 * path, the session, a POST's body limit and Idempotency-Key, the input read with the entry's
 * schema and the answer written as the entry's answer schema reads it. Route modules name no path.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import { routePattern, type Endpoint } from '../../../contract/endpoints';
import { optionalUser, requireUser } from '../auth';
import type { AppEnv } from '../env';
import { answer, jsonBodyLimit, readJson, readParam, readQuery } from '../envelope';
import { idempotent, idempotentInTransaction } from '../idempotency';

export interface ServeOptions {
  /** The message for a query or path parameter that does not parse, instead of one naming the field. */
  readonly invalid?: string;
  /** A POST's body limit (default jsonBodyLimit(): 16 KiB of JSON). */
  readonly bodyLimit?: MiddlewareHandler<AppEnv>;
  /** 'inTransaction': the handler claims the key in its own transaction (idempotency.ts answerOnce). */
  readonly key?: 'inTransaction';
  /** 'optional': a call without a token that still reads a valid session when there is one (analytics). */
  readonly session?: 'optional';
}

type Schema = v.GenericSchema;

/** What the helper reads before the handler: the query of a GET, the JSON body of a POST, or the path parameters. */
export type InputOf<E extends Endpoint> = E extends { readonly query: infer Q extends Schema }
  ? v.InferOutput<Q>
  : E extends { readonly encoding: 'multipart' | 'upload' }
    ? undefined
    : E extends { readonly body: infer B extends Schema }
      ? v.InferOutput<B>
      : E extends { readonly params: infer P extends Readonly<Record<string, Schema>> }
        ? { readonly [K in keyof P]: v.InferOutput<P[K]> }
        : undefined;

/** The handler answers the entry's data (written with `answer`), or a Response it built itself. */
type Handler<E extends Endpoint, I> = (c: Context<AppEnv>, input: I) => Response | v.InferInput<E['answer']> | Promise<Response | v.InferInput<E['answer']>>;

async function readInput(c: Context<AppEnv>, entry: Endpoint, invalid: string | undefined): Promise<unknown> {
  if (entry.query) return readQuery(c, entry.query, invalid);
  if (entry.body && (entry.encoding ?? 'json') === 'json') return readJson(c, entry.body);
  if (entry.params) return Object.fromEntries(Object.entries(entry.params).map(([name, schema]) => [name, readParam(c, name, schema, invalid)]));
  return undefined;
}

/**
 * The chain of a call: its session, then a POST's body limit and key, just before the handler (the
 * key's hash reads the body). A required session refuses before the body is read; an optional one
 * never refuses, so the limit goes first.
 */
function chainOf(entry: Endpoint, options: ServeOptions): MiddlewareHandler<AppEnv>[] {
  if (options.session === 'optional' && entry.token) throw new Error(`${entry.path}: a call that needs a token has no optional session`);
  const session = entry.token ? [requireUser] : [];
  if (entry.method === 'GET') return session;
  const limit = options.bodyLimit ?? jsonBodyLimit();
  const key = options.key === 'inTransaction' ? idempotentInTransaction : idempotent;
  return options.session === 'optional' ? [limit, optionalUser, key] : [...session, limit, key];
}

/**
 * Serves `entry` on `r` (mounted under /api1). Without `read: false` the handler gets the input read
 * with the entry's schema (a bad one is refused with the envelope's message naming the field, or
 * `invalid`); with it, the handler reads the request itself (a form, a signed body, the spec's own
 * messages in the order of its form).
 */
export function serve<E extends Endpoint>(r: Hono<AppEnv>, entry: E, handler: Handler<E, InputOf<E>>): void;
export function serve<E extends Endpoint>(r: Hono<AppEnv>, entry: E, options: ServeOptions & { readonly read?: true }, handler: Handler<E, InputOf<E>>): void;
export function serve<E extends Endpoint>(r: Hono<AppEnv>, entry: E, options: ServeOptions & { readonly read: false }, handler: Handler<E, undefined>): void;
export function serve<E extends Endpoint>(
  r: Hono<AppEnv>,
  entry: E,
  optionsOrHandler: (ServeOptions & { readonly read?: boolean }) | Handler<E, never>,
  maybeHandler?: Handler<E, never>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = (typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler) as Handler<E, unknown>;
  const serveCall: MiddlewareHandler<AppEnv> = async (c) => {
    const input = options.read === false ? undefined : await readInput(c, entry, options.invalid);
    const out = await handler(c, input);
    return out instanceof Response ? out : answer(c, entry.answer, out);
  };
  // One path, given as a list: the only form of `on` whose types take a spread of handlers.
  r.on(entry.method, [routePattern(entry)], ...chainOf(entry, options), serveCall);
}
