/**
 * Drafts: what the borrower typed into a step, kept in localStorage so that a reload, a failed
 * request or an expired session loses nothing. Keys live under 'bw.draft.' (KEEP_ON_EXPIRY_PREFIX):
 * an expired session keeps them, Quit removes them. They are keyed by the signed-in phone, so a
 * different borrower on the same device never sees another's answers; what is typed before anyone
 * is signed in (the sign-in form) is the device's draft instead (`perBorrower: false`).
 */
import { appStorage, KEEP_ON_EXPIRY_PREFIX, session } from './session';

export interface DraftStore<T> {
  /** The stored draft, or null when there is none or it cannot be read. */
  read(): T | null;
  write(value: T): void;
  remove(): void;
}

/** The part of Storage a draft needs (localStorage, or an in-memory fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DraftOptions {
  /** Where drafts live; localStorage by default. */
  storage?: () => DraftStorage | null;
  /**
   * true (the default): one draft per signed-in borrower (`draftKey`). false: one draft for this
   * device, 'bw.draft.<name>', for a form filled in before anyone is signed in.
   */
  perBorrower?: boolean;
}

/** The storage key of draft `name` for the signed-in borrower. */
export function draftKey(name: string, phone: string | null = session.phone()): string {
  return `${KEEP_ON_EXPIRY_PREFIX}${name}.${phone ?? 'anonymous'}`;
}

/**
 * A draft store for `name` (e.g. 'auth.work'). `parse` turns what JSON.parse gave back into a
 * draft, or null when it is not one (an old shape, a hand-edited value): never trust storage.
 * `options` may also be the storage function alone.
 */
export function draftStore<T>(name: string, parse: (raw: unknown) => T | null, options: DraftOptions | DraftOptions['storage'] = {}): DraftStore<T> {
  const { storage = appStorage, perBorrower = true } = typeof options === 'function' ? { storage: options } : options;
  // Computed on each use: the signed-in phone can change while a store is held.
  const key = () => (perBorrower ? draftKey(name) : `${KEEP_ON_EXPIRY_PREFIX}${name}`);
  return {
    read() {
      try {
        const raw = storage()?.getItem(key());
        return raw ? parse(JSON.parse(raw)) : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        storage()?.setItem(key(), JSON.stringify(value));
      } catch {
        // Full or disabled storage: the draft is a convenience, the step still works.
      }
    },
    remove() {
      try {
        storage()?.removeItem(key());
      } catch {
        // as above
      }
    },
  };
}

/** A parse helper: a record of string values (form answers), or null. */
export function stringRecord(raw: unknown): Record<string, string> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(raw)) if (typeof val === 'string') out[k] = val;
  return out;
}
