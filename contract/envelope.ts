/**
 * The response envelope and the few building blocks every call needs, apart from the rest of
 * contract/common.ts (which re-exports them): the API client and the sign-in call read only these, so
 * the first screen carries only these. A module is bundled whole, so the rest of the building blocks
 * travel with the screens whose answers need them.
 */
import * as v from 'valibot';

/** A fresh copy of a default list or object, so that no two answers share (and change) one. */
const fresh = <T>(value: T): T => (typeof value === 'object' && value !== null ? structuredClone(value) : value);

/**
 * The house's rule for a field whose shape the spec does not give: `schema` reads what the app
 * understands, and any other value (absent, null, another type) is `fallback`, never an error.
 */
export function lenient<const S extends v.GenericSchema>(schema: S, fallback: v.InferOutput<S>) {
  return v.fallback(schema, () => fresh(fallback));
}

/** A number, or a numeric string such as "2000" or "0.05". */
export const num = v.union(
  [v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))],
  'Expected a number',
);

/** A text as sent, or a number as its digits (an Aadhaar, a PIN code, a card number sent as a number). */
export const textValue = v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))]);
/** A text: anything else (absent, null, an object…) is ''. */
export const text = lenient(textValue, '');

/** The response envelope every call returns. `data` is parsed per call; a `msg` that is not a text is ''. */
export const Envelope = v.looseObject({
  code: num,
  msg: text,
  data: v.optional(v.unknown()),
});
export type Envelope = v.InferOutput<typeof Envelope>;

/** A response whose data the caller does not use (sendCode, burying-point, …). */
export const Ignored = v.unknown();

/**
 * The header a POST that creates or moves something carries: the same key for the same intent, so
 * a retry, a reload or a double tap is recognised and answered with the first answer.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,128}$/, 'Idempotency-Key must be 8 to 128 letters, digits, - or _'));
