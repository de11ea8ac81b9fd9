/**
 * The building blocks of every wire shape (spec §3, §7). Read leniently, so the app works unchanged
 * against any backend that follows the spec: loose objects; any JSON value where the spec names a
 * field but not its shape, read as the field's default when not understood (`lenient`); numbers from
 * numeric strings; ids as strings. What the app cannot work without is required, and its absence is an
 * error that names the field. A lenient field's declared input is what a spec-following backend sends
 * (the sandbox's answers are typed against it); only the app's reading is wider. The rules:
 * docs/architecture.md.
 */
import * as v from 'valibot';
import { lenient, num, textValue } from './envelope';

export { Envelope, IDEMPOTENCY_HEADER, IdempotencyKey, Ignored, lenient, num, text } from './envelope';

/** An id: a number or a non-empty string, kept as a string. */
export const id = v.union(
  [v.pipe(v.number(), v.transform(String)), v.pipe(v.string(), v.minLength(1))],
  'Expected an id',
);

/**
 * A field that may be absent: absent it stays absent (undefined); present, `schema` reads it, and
 * anything else (null, another type) is null.
 */
const maybe = <const S extends v.GenericSchema>(schema: S) => v.optional(lenient(v.nullable(schema), null));

/** A text that may be missing (a date the app can do without, a photoType): anything else is null. */
export const optionalText = maybe(textValue);

/** A number that may be missing: anything else (null, not numeric) is null. */
export const optionalNum = maybe(num);
/** An id that may be missing: anything else is null. */
export const optionalId = maybe(id);

/** A status or a flag given as a number (0, 1, 2…): numbers, numeric strings, and true / false as 1 / 0. */
const codeValue = v.union([num, v.pipe(v.boolean(), v.transform(Number))]);
/** A status code that may be missing: anything else is null (the spec's "otherwise"). */
export const optionalCode = maybe(codeValue);
/** A status code whose default the spec implies (isFull 0, a step flag 0 "not done"): anything else is `fallback`. */
export const codeOr = (fallback: number) => lenient(codeValue, fallback);

const YES: readonly unknown[] = [true, 1, '1', 'true'];
const NO: readonly unknown[] = [false, 0, '0', 'false'];
/** Yes or no: true, 1, '1', 'true' (any case, spaces ignored) are yes; false, 0, '0', 'false' are no. */
const flagValue = v.pipe(
  v.union([v.boolean(), v.number(), v.string()]),
  v.transform((x) => (typeof x === 'string' ? x.trim().toLowerCase() : x)),
  v.check((x) => YES.includes(x) || NO.includes(x)),
  v.transform((x) => YES.includes(x)),
);
/** A yes/no flag: anything the app cannot read as yes or no (2, 'h5', an object…) is no. */
export const flag = lenient(flagValue, false);
/** A yes/no flag where "not said" matters: anything but yes or no is null. */
export const optionalFlag = maybe(flagValue);

/** An object whose keys are 0, 1, 2… (a list some backends serialise as an object): its values in order. */
function indexedValues(x: unknown): unknown[] | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return null;
  const keys = Object.keys(x);
  if (!keys.every((k) => /^(0|[1-9]\d*)$/.test(k))) return null;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => (x as Record<string, unknown>)[k]);
}
/** A list, or an indexed object read as one; anything else (absent, null, a text…) is []. */
const anyList = lenient(
  v.pipe(
    v.unknown(),
    v.transform((x) => (Array.isArray(x) ? (x as unknown[]) : indexedValues(x))),
    v.array(v.unknown()),
  ),
  [],
);
/**
 * A list schema whose input type is what a backend following the spec sends, so the sandbox's answers
 * are still typed against it; valibot would infer `unknown` from `anyList`, whose reading is wider.
 */
const declared = <In, Out>(schema: v.GenericSchema<unknown, Out>) => schema as unknown as v.GenericSchema<In, Out>;

/**
 * A list (absent, null or not a list: []). Each item is read by `item`: an item the app cannot work
 * with is an error that names it (homeProductVos.0.id), not an empty list that would hide it.
 */
export const list = <T extends v.GenericSchema>(item: T) =>
  declared<v.InferInput<T>[] | null | undefined, v.InferOutput<T>[]>(v.pipe(anyList, v.array(item)));
/** The items `num` reads, in order; the others are left out. */
const numericItems = (items: unknown[]): number[] =>
  items.flatMap((x) => {
    const n = v.safeParse(num, x);
    return n.success ? [n.output] : [];
  });
/** A list of numbers: items that are not numbers (or numeric strings) are left out. */
export const numbers = declared<(number | string)[] | null | undefined, number[]>(v.pipe(anyList, v.transform(numericItems)));
/** Lines given either as a list or as one text with line breaks; items that are not texts are left out. */
export const lines = declared<string[] | string | null | undefined, string[]>(
  lenient(
    v.pipe(
      v.union([v.pipe(v.string(), v.transform((s): unknown[] => s.split(/\r?\n/))), anyList]),
      v.transform((items) => items.flatMap((x) => (typeof x === 'string' || typeof x === 'number' ? [String(x).trim()] : [])).filter(Boolean)),
    ),
    [],
  ),
);
/**
 * A nested object the spec names (the config's customer, a verifier…): not an object (a list
 * included), or one whose own required fields cannot be read, is null.
 */
export const optionalObject = <const E extends v.ObjectEntries>(entries: E) => {
  const object = v.looseObject(entries);
  const notList = v.custom<v.InferInput<typeof object>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x));
  return maybe(v.pipe(notList, object));
};

/** A request with no parameters the server reads (an empty JSON object, or anything). */
export const EmptyBody = v.looseObject({});

