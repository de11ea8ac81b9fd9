/**
 * What one call of the endpoint table says (./endpoints/), and the pure helpers that read an entry.
 * The app's API layer calls by entry and the sandbox registers its routes from the same entries, so a
 * path, a method or a schema choice is written once.
 */
import type * as v from 'valibot';

/** The API base of spec §7: every path of the table is under it. */
export const API_BASE = '/api1';

export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** Under API_BASE, as the spec writes it; a path parameter is `{name}`. */
  readonly path: `/${string}`;
  /** The schema of each path parameter, by name. */
  readonly params?: Readonly<Record<string, v.GenericSchema>>;
  /** The query of a GET. */
  readonly query?: v.GenericSchema;
  /** The body of a POST: JSON, or the fields of a multipart form. */
  readonly body?: v.GenericSchema;
  /** 'multipart': the body is a form; 'upload': a form the app sends with progress (XMLHttpRequest). */
  readonly encoding?: 'json' | 'multipart' | 'upload';
  /** How a client reads the envelope's data (`Ignored` where the spec does not use it). */
  readonly answer: v.GenericSchema;
  /** It answers the file itself, not an envelope. */
  readonly answersFile?: true;
  /** The call needs the session's `token` header. */
  readonly token: boolean;
  /** The spec names no such call: a backend may not have it, and the app works without it. */
  readonly beyondSpec: boolean;
  /** The spec describes the call by purpose only; its method and path are chosen here. */
  readonly pathChosen?: true;
  /** The app sends the Idempotency-Key of the borrower's intent with it. */
  readonly intent?: true;
  /** It moves money (towards the borrower, or the borrower's payment). */
  readonly money?: true;
  /** Who makes the call when the app does not: the payment gateway, or a test tool. */
  readonly caller?: 'gateway' | 'qa';
}

/** The data a call answers with, as a client reads it. */
export type AnswerOf<E extends Endpoint> = v.InferOutput<E['answer']>;
/** What a caller may put in a call's query. */
export type QueryOf<E extends Endpoint> = E extends { readonly query: v.GenericSchema } ? Readonly<Record<string, string | number>> : never;
/** What a caller sends as the JSON body or form of a call. */
export type BodyOf<E extends Endpoint> = E extends { readonly body: infer B extends v.GenericSchema } ? v.InferInput<B> : never;
/** The path parameters of a call, by name. */
export type ParamsOf<E extends Endpoint> = E extends { readonly params: infer P } ? { readonly [K in keyof P]: string } : never;

/** `{name}` in a path, the way the spec writes a path parameter. */
export const PARAM = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The path of a call with its parameters filled in (encoded), under no base. */
export function pathOf(entry: Endpoint, params: Readonly<Record<string, string>> = {}): string {
  return entry.path.replace(PARAM, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
