/**
 * The one HTTP client of the app (spec §7 common conventions). One deadline per call (100 s, retries
 * and the body included); only GETs are retried, after a quick failure and within that deadline; a
 * slow call is reported (`waits`). The spec's headers go with every request, with this tab's token;
 * while another tab holds another session, every call is refused before anything is sent. The
 * `{ code, msg, data }` envelope is opened here alone: 0 → data parsed by the call's schema; -4 to a
 * call sent with a token → the session ends; anything else → an ApiError carrying `msg`. A call of
 * the endpoint table goes through `call`; "not offered" is read from the error by ./offered.ts.
 */
import { textOf, type Values } from '../../i18n/core';
import { networkText, type NetworkKey } from '../../i18n/en/network';
import { language } from '../lib/language';
import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import { Envelope, IDEMPOTENCY_HEADER } from '../../contract/envelope';
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from '../../contract/endpoint';
import { pathOf } from '../../contract/endpoint';
import { API_ROOT } from './base';
import { requestHeaders } from './headers';
import { lenderClock, type LenderClock } from '../lib/lender-clock';
import { session } from '../lib/session';
import { sessionExpired } from '../lib/session-expired';
import { waits, type Waits } from '../lib/waits';

// Where the calls' waits are reported: kept importable from here for the callers and tests that know the client.
export { createWaits, SLOW_AFTER_MS, waits, type Waits } from '../lib/waits';

export type ApiErrorKind = 'server' | 'session' | 'session-changed' | 'network' | 'timeout' | 'http' | 'schema' | 'aborted';

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

/** The app's own messages for failed calls, in English (the catalogue i18n/en/network.ts). */
export const MESSAGES = networkText.en;

/** A message of the app's own, in the borrower's language at the moment the call fails. */
const said = (key: NetworkKey, values?: Values): string => textOf(networkText, key, language.current(), language.hindi(), values);

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

/** Spec §7: 100 s, the longest a call waits for its answer, retries included. */
export const TIMEOUT_MS = 100_000;
/** The pauses before a GET's retries (after a network error or a 5xx), within the call's deadline. */
export const RETRY_DELAYS_MS = [1_000, 2_000] as const;
/** HTTP statuses after which a GET is tried again: the server's passing failures. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

export interface ClientConfig {
  /** Absolute or same-origin base, e.g. '/api1'. */
  base: string;
  fetch?: typeof fetch;
  /** Extra headers source (defaults to the browser environment). */
  headers?: () => Record<string, string>;
  /** Called once when the server answers -4 to a call sent with a token. */
  onSessionExpired?: () => void;
  /**
   * True while this tab's session is not the stored one: every call is then refused, with nothing
   * sent (defaults to the browser session, src/lib/session.ts).
   */
  sessionChanged?: () => boolean;
  /** Retries for GETs (network failures and 5xx), at most RETRY_DELAYS_MS.length. */
  retries?: number;
  /** Where slow calls are reported (defaults to none). */
  waits?: Waits;
  /** XMLHttpRequest for uploads (a fake in tests). */
  xhr?: typeof XMLHttpRequest;
  /** Told each answer's Date header (defaults to the app's lender clock, src/lib/lender-clock.ts). */
  clock?: LenderClock;
}

/** This web client's id: the packageName header, and the clientId of the bank bind (VITE_PACKAGE_NAME). */
export const PACKAGE_NAME: string = import.meta.env.VITE_PACKAGE_NAME ?? 'in.borrower.h5';

/** The spec's headers from this browser, with this tab's token unless another is named (src/api/sessions.ts). */
export function browserHeaders(token: string | null = session.token()): Record<string, string> {
  return requestHeaders({
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    maxTouchPoints: typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints ?? 0,
    cookies: typeof document === 'undefined' ? '' : document.cookie,
    packageName: PACKAGE_NAME,
    token,
    language: language.current(),
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

/** A pause that ends early (rejecting) when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The signal of one call: aborted by the caller's signal or by the call's deadline, whichever
 * comes first (AbortSignal.any and AbortSignal.timeout are too recent for older phone browsers).
 */
function callSignal(caller: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The call took too long.', 'TimeoutError'));
  }, ms);
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

export interface EndpointOptions<E extends Endpoint> extends CallOptions {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  /** The JSON body. */
  json?: BodyOf<E>;
  /** The fields of a multipart body. */
  form?: Record<string, string | Blob>;
  /** The key of the borrower's intent (made by the machine), sent as Idempotency-Key. */
  idempotencyKey?: string;
  /** An upload: the file name sent with its Blob parts, and its progress (0..1). */
  fileName?: string;
  onProgress?: (fraction: number) => void;
}

export interface ApiClient {
  get<S extends v.GenericSchema>(path: string, schema: S, options?: GetOptions): Promise<v.InferOutput<S>>;
  post<S extends v.GenericSchema>(path: string, schema: S, options?: PostOptions): Promise<v.InferOutput<S>>;
  /** A multipart POST that reports upload progress (0..1). */
  upload<S extends v.GenericSchema>(path: string, schema: S, options: UploadOptions): Promise<v.InferOutput<S>>;
  /** The call `entry` of the endpoint table (contract/endpoints/index.ts): its data, read by the entry's schema. */
  call<E extends Endpoint>(entry: E, options?: EndpointOptions<E>): Promise<AnswerOf<E>>;
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const isEnvelope = (text: string): boolean => v.is(Envelope, parseJson(text));

/** Whether a request carried a session token (spec §7: the header `token`, sent when present). */
const hasToken = (sent: Record<string, string>): boolean => Object.entries(sent).some(([k, val]) => k.toLowerCase() === 'token' && val !== '');

function transportError(error: unknown, path: string, caller: AbortSignal | undefined, timedOut: boolean): ApiError {
  if (caller?.aborted) return new ApiError('aborted', said('aborted'), { path });
  if (timedOut) return new ApiError('timeout', said('timeout'), { path });
  if (error instanceof Error && error.name === 'AbortError') return new ApiError('aborted', said('aborted'), { path });
  return new ApiError('network', said('network'), { path });
}

export function createApiClient(config: ClientConfig): ApiClient {
  const headers = config.headers ?? (() => browserHeaders());
  const sessionChanged = config.sessionChanged ?? (() => session.changedElsewhere());
  const clock = config.clock ?? lenderClock;
  const retries = Math.min(config.retries ?? RETRY_DELAYS_MS.length, RETRY_DELAYS_MS.length);
  // Retries and the deadline are this client's (below), not ky's: ky's timeout is per attempt and
  // ends at the headers, so a hung body or three timed-out attempts could keep a borrower waiting.
  const http: KyInstance = ky.create({
    prefixUrl: config.base,
    timeout: false,
    retry: 0,
    throwHttpErrors: false,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });

  /** Refuses a call made from a tab whose session is no longer the stored one: nothing is sent. */
  function refuseIfSessionChanged(path: string): void {
    if (sessionChanged()) throw new ApiError('session-changed', said('sessionChanged'), { path });
  }

  async function call<S extends v.GenericSchema>(
    method: 'get' | 'post',
    path: string,
    schema: S,
    options: GetOptions & PostOptions,
  ): Promise<v.InferOutput<S>> {
    refuseIfSessionChanged(path);
    const input = path.replace(/^\/+/, '');
    const deadline = callSignal(options.signal, TIMEOUT_MS);
    const endWait = config.waits?.begin();
    try {
      for (let attempt = 0; ; attempt++) {
        let status: number;
        let ok: boolean;
        let text: string;
        let sent: Record<string, string> = {};
        try {
          if (attempt > 0) refuseIfSessionChanged(path); // another tab may have changed it since the first try
          sent = headers();
          let body: FormData | undefined;
          if (options.form) {
            body = new FormData();
            for (const [k, val] of Object.entries(options.form)) body.append(k, val);
          }
          const response = await http(input, {
            method,
            signal: deadline.signal,
            searchParams: options.searchParams,
            json: options.json,
            body,
            headers: options.idempotencyKey ? { ...sent, [IDEMPOTENCY_HEADER]: options.idempotencyKey } : sent,
          });
          ({ status, ok } = response);
          clock.observe(response.headers.get('date'), Date.now());
          // Read inside the deadline too: a body that never ends is a timeout, not a hang.
          text = await response.text();
        } catch (error) {
          if (error instanceof ApiError) throw error; // refused: nothing was sent
          const quick = transportError(error, path, options.signal, deadline.timedOut()).kind === 'network';
          if (quick && (await retried(method, attempt, deadline.signal))) continue;
          throw transportError(error, path, options.signal, deadline.timedOut()); // the deadline may have passed during the pause
        }
        // A 5xx without an envelope is the server's passing failure; one with an envelope is an answer.
        if (!ok && RETRY_STATUSES.has(status) && !isEnvelope(text)) {
          if (await retried(method, attempt, deadline.signal)) continue;
          if (deadline.signal.aborted) throw transportError(null, path, options.signal, deadline.timedOut());
        }
        return unwrap(schema, path, status, ok, parseJson(text), hasToken(sent));
      }
    } finally {
      deadline.done();
      endWait?.();
    }
  }

  /**
   * Whether to try again after a quick failure: a GET with retries left, once its pause is over.
   * False when the call is aborted or reaches its deadline during the pause.
   */
  async function retried(method: 'get' | 'post', attempt: number, signal: AbortSignal): Promise<boolean> {
    const delay = RETRY_DELAYS_MS[attempt];
    if (method !== 'get' || attempt >= retries || delay === undefined || signal.aborted) return false;
    try {
      await pause(delay, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** The one place the envelope is opened (fetch and XHR uploads alike). `withToken`: the call carried one. */
  function unwrap<S extends v.GenericSchema>(schema: S, path: string, status: number, ok: boolean, raw: unknown, withToken: boolean): v.InferOutput<S> {
    if (raw === NOT_JSON) {
      if (!ok) throw new ApiError('http', said('http'), { status, path });
      throw new ApiError('schema', `${said('schema')} (${path}: not JSON)`, { status, path });
    }
    const envelope = v.safeParse(Envelope, raw);
    if (!envelope.success) {
      if (!ok) throw new ApiError('http', said('http'), { status, path });
      throw new ApiError('schema', `${said('schema')} (${path}: ${formatIssues(envelope.issues)})`, { path });
    }
    const { code, msg, data } = envelope.output;
    if (code === SESSION_EXPIRED_CODE && withToken) {
      config.onSessionExpired?.();
      throw new ApiError('session', msg || said('session'), { code, path });
    }
    if (code !== 0) {
      throw new ApiError('server', msg || said('failedCode', { code }), { code, status, path, data });
    }
    const parsed = v.safeParse(schema, data);
    if (!parsed.success) {
      throw new ApiError('schema', `${said('schema')} (${path}: ${formatIssues(parsed.issues)})`, { path });
    }
    return parsed.output;
  }

  /**
   * A multipart POST with upload progress. fetch cannot report upload progress over HTTP/1.1
   * (streaming request bodies need HTTP/2), so this one call uses XMLHttpRequest, with the same
   * headers, timeout and envelope handling as every other call. Never retried.
   */
  function upload<S extends v.GenericSchema>(path: string, schema: S, options: UploadOptions): Promise<v.InferOutput<S>> {
    try {
      refuseIfSessionChanged(path);
    } catch (error) {
      return Promise.reject(error as ApiError);
    }
    const XHR = config.xhr ?? (typeof XMLHttpRequest === 'undefined' ? undefined : XMLHttpRequest);
    if (!XHR) return Promise.reject(new ApiError('network', said('network'), { path }));
    const url = `${config.base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) return reject(new ApiError('aborted', said('aborted'), { path }));
      const xhr = new XHR();
      xhr.open('POST', url);
      const sent = headers();
      for (const [k, val] of Object.entries(sent)) xhr.setRequestHeader(k, val);
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
          resolve(unwrap(schema, path, xhr.status, xhr.status >= 200 && xhr.status < 300, raw, hasToken(sent)));
        } catch (e) {
          reject(e);
        }
      };
      xhr.onerror = () => {
        done();
        reject(new ApiError('network', said('network'), { path }));
      };
      xhr.onabort = () => {
        done();
        reject(timedOut ? new ApiError('timeout', said('timeout'), { path }) : new ApiError('aborted', said('aborted'), { path }));
      };
      arm();
      xhr.send(body);
    });
  }

  const get: ApiClient['get'] = (path, schema, options = {}) => call('get', path, schema, options);
  const post: ApiClient['post'] = (path, schema, options = {}) => call('post', path, schema, options);
  return {
    get,
    post,
    upload,
    call(entry, options = {}) {
      const { params, query, form } = options;
      // The client takes paths under its base; the leading slash is the table's way of writing them.
      const path = (params ? pathOf(entry, params) : entry.path).slice(1);
      if (entry.method === 'GET') return get(path, entry.answer, { signal: options.signal, searchParams: query });
      if (entry.encoding === 'upload') return upload(path, entry.answer, { ...options, form: form ?? {} });
      return post(path, entry.answer, options);
    },
  };
}

/** The app's client. What an ended session means for navigation is the app's (src/lib/session-expired.ts). */
export const api: ApiClient = createApiClient({
  base: API_ROOT,
  onSessionExpired: sessionExpired,
  waits,
});
