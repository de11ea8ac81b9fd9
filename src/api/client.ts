/**
 * The one HTTP client of the app (spec §7 common conventions).
 *
 * - base `/api1` (or VITE_API_BASE at build time), timeout 100 s;
 * - headers token, os, packageName, fbp, fbc, fbUserId on every request;
 * - the `{ code, msg, data }` envelope is unwrapped here and nowhere else:
 *   0 → `data` parsed by the call's valibot schema; -4 → the session ends (the app decides where
 *   to go, see src/app/session-expiry.ts) and a SessionExpiredError is thrown; anything else → an
 *   ApiError carrying the server's `msg`;
 * - only GETs are retried; POSTs are never retried, and money-moving POSTs carry an Idempotency-Key.
 */
import ky, { HTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { Envelope } from './schemas';
import { requestHeaders } from './headers';
import { session } from '../lib/session';

export type ApiErrorKind = 'server' | 'session' | 'network' | 'timeout' | 'http' | 'schema' | 'aborted';

/** Every failure of a call is one of these; `message` is fit to show to the borrower. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: { code?: number; status?: number; path?: string; data?: unknown } = {},
  ) {
    super(message);
  }
}

export const MESSAGES = {
  network: 'Network error. Please check your connection and try again.',
  timeout: 'The request took too long. Please try again.',
  http: 'The service is unavailable right now. Please try again later.',
  schema: 'The server sent an answer the app cannot read. Please try again later.',
  session: 'Your session has expired. Please sign in again.',
  aborted: 'The request was cancelled.',
} as const;

export const SESSION_EXPIRED_CODE = -4;

export interface CallOptions {
  signal?: AbortSignal;
}
export interface GetOptions extends CallOptions {
  searchParams?: Record<string, string | number>;
}
export interface PostOptions extends CallOptions {
  json?: unknown;
  form?: Record<string, string | Blob>;
  /** For money-moving calls: the same key for the same intent, so a repeat is recognised by the backend. */
  idempotencyKey?: string;
}

export interface ClientConfig {
  /** Absolute or same-origin base, e.g. '/api1'. */
  base: string;
  fetch?: typeof fetch;
  /** Extra headers source (defaults to the browser environment). */
  headers?: () => Record<string, string>;
  /** Called once when the server answers -4, after the session has been cleared. */
  onSessionExpired?: () => void;
  /** Retries for GETs (network failures and 5xx). */
  retries?: number;
}

function browserHeaders(): Record<string, string> {
  return requestHeaders({
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    maxTouchPoints: typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints ?? 0,
    cookies: typeof document === 'undefined' ? '' : document.cookie,
    packageName: import.meta.env.VITE_PACKAGE_NAME ?? 'in.borrower.h5',
    token: session.token(),
  });
}

/** Readable, field-naming text for a valibot failure: "homeProductVos.0.name: Invalid type: …". */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((i) => {
      const path = v.getDotPath(i);
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join('; ');
}

function transportError(error: unknown, path: string, signal: AbortSignal | undefined): ApiError {
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return new ApiError('aborted', MESSAGES.aborted, { path });
  if (error instanceof Error && error.name === 'TimeoutError') return new ApiError('timeout', MESSAGES.timeout, { path });
  return new ApiError('network', MESSAGES.network, { path });
}

export interface ApiClient {
  get<S extends v.GenericSchema>(path: string, schema: S, options?: GetOptions): Promise<v.InferOutput<S>>;
  post<S extends v.GenericSchema>(path: string, schema: S, options?: PostOptions): Promise<v.InferOutput<S>>;
}

export function createApiClient(config: ClientConfig): ApiClient {
  const headers = config.headers ?? browserHeaders;
  const http: KyInstance = ky.create({
    prefixUrl: config.base,
    timeout: 100_000,
    retry: { limit: config.retries ?? 2, methods: ['get'], statusCodes: [408, 429, 500, 502, 503, 504] },
    ...(config.fetch ? { fetch: config.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          for (const [k, val] of Object.entries(headers())) request.headers.set(k, val);
        },
      ],
    },
  });

  async function call<S extends v.GenericSchema>(
    method: 'get' | 'post',
    path: string,
    schema: S,
    options: GetOptions & PostOptions,
  ): Promise<v.InferOutput<S>> {
    const input = path.replace(/^\/+/, '');
    let response: Response;
    try {
      let body: FormData | undefined;
      if (options.form) {
        body = new FormData();
        for (const [k, val] of Object.entries(options.form)) body.append(k, val);
      }
      response = await http(input, {
        method,
        signal: options.signal,
        searchParams: options.searchParams,
        json: options.json,
        body,
        headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
      });
    } catch (error) {
      // ky throws for non-2xx after its retries; such a response may still carry an envelope.
      if (error instanceof HTTPError) response = error.response;
      else throw transportError(error, path, options.signal);
    }

    let raw: unknown;
    try {
      raw = await response.json();
    } catch {
      if (!response.ok) throw new ApiError('http', MESSAGES.http, { status: response.status, path });
      throw new ApiError('schema', `${MESSAGES.schema} (${path}: not JSON)`, { status: response.status, path });
    }
    const envelope = v.safeParse(Envelope, raw);
    if (!envelope.success) {
      if (!response.ok) throw new ApiError('http', MESSAGES.http, { status: response.status, path });
      throw new ApiError('schema', `${MESSAGES.schema} (${path}: ${formatIssues(envelope.issues)})`, { path });
    }
    const { code, msg, data } = envelope.output;
    if (code === SESSION_EXPIRED_CODE) {
      config.onSessionExpired?.();
      throw new ApiError('session', msg || MESSAGES.session, { code, path });
    }
    if (code !== 0) {
      throw new ApiError('server', msg || `Request failed (code ${code}).`, { code, path, data });
    }
    const parsed = v.safeParse(schema, data);
    if (!parsed.success) {
      throw new ApiError('schema', `${MESSAGES.schema} (${path}: ${formatIssues(parsed.issues)})`, { path });
    }
    return parsed.output;
  }

  return {
    get: (path, schema, options = {}) => call('get', path, schema, options),
    post: (path, schema, options = {}) => call('post', path, schema, options),
  };
}

let sessionExpiredHandler: () => void = () => {};
/** The app decides what "the session ended" means for navigation (src/app/session-expiry.ts). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** The app's client: same-origin /api1 unless VITE_API_BASE was set at build time. */
export const api: ApiClient = createApiClient({
  base: import.meta.env.VITE_API_BASE ?? '/api1',
  onSessionExpired: () => sessionExpiredHandler(),
});
