/**
 * The building blocks of every wire shape (spec §3, §7), and the response envelope.
 *
 * Rules, so that the app works against any backend that follows the spec:
 * - objects are loose: extra fields a backend adds are accepted and ignored;
 * - a missing required field is rejected with a message that names it;
 * - numbers may arrive as JSON numbers or numeric strings, and are numbers afterwards;
 * - ids may arrive as numbers or strings, and are strings afterwards (they go into URLs);
 * - optional lists may be null or absent, and are [] afterwards.
 *
 * contract/ imports nothing but valibot: the app (src/api), the sandbox (server/) and the tests read
 * their shapes from here, and machines import its types.
 */
import * as v from 'valibot';

/** A number, or a numeric string such as "2000" or "0.05". */
export const num = v.union(
  [v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))],
  'Expected a number',
);
/** An id: a number or a non-empty string, kept as a string. */
export const id = v.union(
  [v.pipe(v.number(), v.transform(String)), v.pipe(v.string(), v.minLength(1))],
  'Expected an id',
);
/** A text that may be null or absent: '' afterwards. */
export const text = v.optional(v.pipe(v.nullable(v.string()), v.transform((s) => s ?? '')), '');
/** A list that may be null or absent: [] afterwards. */
export const list = <T extends v.GenericSchema>(item: T) =>
  v.optional(v.pipe(v.nullable(v.array(item)), v.transform((a) => a ?? [])), []);
/** Lines given either as a list of strings or as one string with line breaks. */
export const lines = v.optional(
  v.pipe(
    v.nullable(v.union([v.array(v.string()), v.string()])),
    v.transform((x) => (x == null ? [] : Array.isArray(x) ? x : x.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean)),
  ),
  [],
);
export const optionalNum = v.optional(v.nullable(num));

/** The response envelope every call returns. `data` is parsed per call. */
export const Envelope = v.looseObject({
  code: num,
  msg: v.optional(v.nullable(v.string())),
  data: v.optional(v.unknown()),
});
export type Envelope = v.InferOutput<typeof Envelope>;

/** A response whose data the caller does not use (sendCode, burying-point, …). */
export const Ignored = v.unknown();

/** A request with no parameters the server reads (an empty JSON object, or anything). */
export const EmptyBody = v.looseObject({});

/**
 * The header a POST that creates or moves something carries: the same key for the same intent, so
 * a retry, a reload or a double tap is recognised and answered with the first answer.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,128}$/, 'Idempotency-Key must be 8 to 128 letters, digits, - or _'));
