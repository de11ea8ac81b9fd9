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
import { Envelope, IDEMPOTENCY_HEADER } from '../../contract/common';
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
/**
 * A POST that creates or moves something: the key of the borrower's intent, made by the machine
 * when the intent happened (machines/shared/idempotency.ts), never here. Sent as Idempotency-Key.
 */
export interface IntentOptions extends CallOptions {
  idempotencyKey: string;
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

export interface UploadOptions extends CallOptions {
  form: Record<string, string | Blob>;
  /** The file name sent with Blob parts. */
  fileName?: string;
  onProgress?: (fraction: number) => void;
}

/** Spec §7: 100 s. */
export const TIMEOUT_MS = 100_000;

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
  /** XMLHttpRequest for uploads (a fake in tests). */
  xhr?: typeof XMLHttpRequest;
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
  /** A multipart POST that reports upload progress (0..1). */
  upload<S extends v.GenericSchema>(path: string, schema: S, options: UploadOptions): Promise<v.InferOutput<S>>;
}

const NOT_JSON = Symbol('not JSON');

export function createApiClient(config: ClientConfig): ApiClient {
  const headers = config.headers ?? browserHeaders;
  const http: KyInstance = ky.create({
    prefixUrl: config.base,
    timeout: TIMEOUT_MS,
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
        headers: options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : undefined,
      });
    } catch (error) {
      // ky throws for non-2xx after its retries; such a response may still carry an envelope.
      if (error instanceof HTTPError) response = error.response;
      else throw transportError(error, path, options.signal);
    }

    let raw: unknown;
    let notJson = false;
    try {
      raw = await response.json();
    } catch {
      notJson = true;
    }
    return unwrap(schema, path, response.status, response.ok, notJson ? NOT_JSON : raw);
  }

  /** The one place the envelope is opened (fetch and XHR uploads alike). */
  function unwrap<S extends v.GenericSchema>(schema: S, path: string, status: number, ok: boolean, raw: unknown): v.InferOutput<S> {
    if (raw === NOT_JSON) {
      if (!ok) throw new ApiError('http', MESSAGES.http, { status, path });
      throw new ApiError('schema', `${MESSAGES.schema} (${path}: not JSON)`, { status, path });
    }
    const envelope = v.safeParse(Envelope, raw);
    if (!envelope.success) {
      if (!ok) throw new ApiError('http', MESSAGES.http, { status, path });
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

  /**
   * A multipart POST with upload progress. fetch cannot report upload progress over HTTP/1.1
   * (streaming request bodies need HTTP/2), so this one call uses XMLHttpRequest, with the same
   * headers, timeout and envelope handling as every other call. Never retried.
   */
  function upload<S extends v.GenericSchema>(path: string, schema: S, options: UploadOptions): Promise<v.InferOutput<S>> {
    const XHR = config.xhr ?? (typeof XMLHttpRequest === 'undefined' ? undefined : XMLHttpRequest);
    if (!XHR) return Promise.reject(new ApiError('network', MESSAGES.network, { path }));
    const url = `${config.base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) return reject(new ApiError('aborted', MESSAGES.aborted, { path }));
      const xhr = new XHR();
      xhr.open('POST', url);
      for (const [k, val] of Object.entries(headers())) xhr.setRequestHeader(k, val);
      const body = new FormData();
      for (const [k, val] of Object.entries(options.form)) {
        if (typeof val === 'string') body.append(k, val);
        else body.append(k, val, options.fileName ?? 'image');
      }
      // The 100 s timeout counts from the last sign of life, not from the start: a 10 MB photo on
      // slow mobile data may take longer than that in all and still be moving.
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          xhr.abort();
        }, TIMEOUT_MS);
      };
      const onAbort = () => xhr.abort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      xhr.upload.onprogress = (e) => {
        arm();
        if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(1, e.loaded / e.total));
      };
      xhr.onload = () => {
        done();
        options.onProgress?.(1);
        let raw: unknown = NOT_JSON;
        try {
          raw = JSON.parse(xhr.responseText);
        } catch {
          // stays NOT_JSON
        }
        try {
          resolve(unwrap(schema, path, xhr.status, xhr.status >= 200 && xhr.status < 300, raw));
        } catch (e) {
          reject(e);
        }
      };
      xhr.onerror = () => {
        done();
        reject(new ApiError('network', MESSAGES.network, { path }));
      };
      xhr.onabort = () => {
        done();
        reject(timedOut ? new ApiError('timeout', MESSAGES.timeout, { path }) : new ApiError('aborted', MESSAGES.aborted, { path }));
      };
      arm();
      xhr.send(body);
    });
  }

  return {
    get: (path, schema, options = {}) => call('get', path, schema, options),
    post: (path, schema, options = {}) => call('post', path, schema, options),
    upload,
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
