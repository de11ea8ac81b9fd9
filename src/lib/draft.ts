/**
 * Drafts: what the borrower typed into a step, kept in localStorage so that a reload, a failed
 * request or an expired session loses nothing. Keys live under 'bw.draft.' (KEEP_ON_EXPIRY_PREFIX):
 * an expired session keeps them, Quit removes them. They are keyed by the signed-in phone, so a
 * different borrower on the same device never sees another's answers; what is typed before anyone
 * is signed in (the sign-in form) is the device's draft instead (`perBorrower: false`).
 *
 * The phone is this tab's (src/lib/session.ts), not storage's: a tab left open on a step keeps
 * writing under the borrower it belongs to when another borrower signs in elsewhere. And when
 * another tab's Quit removes the drafts while this tab's session is still on screen, this tab
 * writes back the ones it holds (`held`), so nothing the borrower typed here is lost.
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

/** The storage key of draft `name` for this tab's borrower. */
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
  // Only a borrower's drafts are written back after another tab's Quit: the device's are not anyone's.
  const hold = (k: string, raw: string | null) => {
    if (perBorrower) holdDraft(storage, k, raw);
  };
  return {
    read() {
      try {
        const k = key();
        const raw = storage()?.getItem(k) ?? null;
        if (raw) hold(k, raw);
        return raw ? parse(JSON.parse(raw)) : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        const k = key();
        const raw = JSON.stringify(value);
        hold(k, raw);
        storage()?.setItem(k, raw);
      } catch {
        // Full or disabled storage: the draft is a convenience, the step still works.
      }
    },
    remove() {
      try {
        const k = key();
        hold(k, null);
        storage()?.removeItem(k);
      } catch {
        // as above
      }
    },
  };
}

/**
 * The drafts this tab last read or wrote for its session (key → stored text, and where), to write
 * back when another tab's Quit removes them. Emptied when this tab's session ends or becomes another
 * borrower's: a Quit in this tab removes drafts for good.
 */
const held = new Map<string, { raw: string; storage: () => DraftStorage | null }>();
let heldFor: { token: string | null; phone: string | null } = { token: session.token(), phone: session.phone() };

function holdDraft(storage: () => DraftStorage | null, key: string, raw: string | null): void {
  if (raw === null) held.delete(key);
  else held.set(key, { raw, storage });
}

/** On every session change: forget what belonged to another session of this tab; restore what another tab removed. */
function keepHeldDrafts(): void {
  const token = session.token();
  const phone = session.phone();
  if (token !== heldFor.token) {
    // The same borrower's new token (signed in again elsewhere) keeps the drafts; anything else forgets them.
    if (!(token !== null && heldFor.token !== null && phone !== null && phone === heldFor.phone)) held.clear();
    heldFor = { token, phone };
  }
  if (!session.changedElsewhere()) return;
  for (const [key, { raw, storage }] of held) {
    try {
      const s = storage();
      if (s && s.getItem(key) === null) s.setItem(key, raw);
    } catch {
      // Full or disabled storage: nothing more can be kept.
    }
  }
}
session.subscribe(keepHeldDrafts);

/** A parse helper: a record of string values (form answers), or null. */
export function stringRecord(raw: unknown): Record<string, string> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(raw)) if (typeof val === 'string') out[k] = val;
  return out;
}
