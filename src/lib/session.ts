/**
 * The client session (spec §3 "Client session"): token, phone and the app-mode flag in localStorage,
 * under the `bw.` prefix so that ending the session removes all of it but the device's preferences
 * (`bw.pref.`). Each tab binds in memory to the session it started or signed in with, and hears
 * another tab's change through the `storage` event. Pure storage and memory: no React, no HTTP.
 */
import { appStorage, PREFERENCE_PREFIX } from './preferences';
import { tabStorage } from './tab-storage';
import { listeners } from './store';

export { appStorage };

export const STORAGE_PREFIX = 'bw.';
const KEY = { token: `${STORAGE_PREFIX}token`, phone: `${STORAGE_PREFIX}phone`, appMode: `${STORAGE_PREFIX}appMode` } as const;

/** Keys that outlive a session: drafts a borrower typed before the session expired (restored after sign-in). */
export const KEEP_ON_EXPIRY_PREFIX = `${STORAGE_PREFIX}draft.`;

/** Who a session is: its token, and the phone it signed in with (null after a native-shell sign-in). */
export interface SessionId {
  token: string;
  phone: string | null;
}

/**
 * How the stored session differs from this tab's, as the notice tells it. `own` is this tab's
 * phone (null when unknown), `phone` the stored session's (null when unknown).
 * - signedOut: this tab's session was ended in another tab (Quit, or a -4 there);
 * - otherAccount: this tab has a session and another one is now stored;
 * - signedIn: this tab has none and a session is now stored (another tab signed in).
 */
export type SessionNotice =
  | { kind: 'signedOut'; own: string | null }
  | { kind: 'otherAccount'; phone: string | null; own: string | null }
  | { kind: 'signedIn'; phone: string | null };

function readStored(): SessionId | null {
  const s = appStorage();
  const token = s?.getItem(KEY.token) || null;
  return token ? { token, phone: s?.getItem(KEY.phone) || null } : null;
}

const changes = listeners();

/** This tab's session: what it started with, then what it signs in with or ends itself. */
let bound: SessionId | null = readStored();
/** A stored session this tab chose not to continue with ('Sign in again'): no notice for it. */
let declined: string | null = null;

/** The same borrower signed in again elsewhere (same phone, new token): the screen is still theirs. */
function adoptSameBorrower(): void {
  const stored = readStored();
  if (bound?.phone && stored && stored.phone === bound.phone && stored.token !== bound.token) bound = stored;
}

let lastNotice: SessionNotice | null = null;
/** The notice, the same object while nothing changed (a stable snapshot for React). */
function computeNotice(): SessionNotice | null {
  const stored = readStored();
  let next: SessionNotice | null = null;
  if (stored?.token !== bound?.token) {
    if (!stored) next = { kind: 'signedOut', own: bound?.phone ?? null };
    else if (!bound) next = stored.token === declined ? null : { kind: 'signedIn', phone: stored.phone };
    else next = { kind: 'otherAccount', phone: stored.phone, own: bound.phone };
  }
  if (JSON.stringify(next) !== JSON.stringify(lastNotice)) lastNotice = next;
  return lastNotice;
}

export const session = {
  /** This tab's token (null when this tab is signed out). */
  token: (): string | null => bound?.token ?? null,
  /** This tab's phone. */
  phone: (): string | null => bound?.phone ?? null,
  appMode: (): boolean => appStorage()?.getItem(KEY.appMode) === '1',

  /** The session in storage: the last one signed in on this device, in whichever tab. */
  stored: readStored,

  /**
   * True while this tab has a session and the stored one is not it (another tab signed out or
   * signed in as someone else): nothing may be sent under either. A tab without a session sends no
   * token, so it is never held back (it may sign in, which makes its session the stored one).
   */
  changedElsewhere(): boolean {
    adoptSameBorrower();
    return bound !== null && readStored()?.token !== bound.token;
  },

  /** What to tell the borrower about a change made in another tab, or null. */
  notice: (): SessionNotice | null => computeNotice(),

  /** Phone sign-in: stores token and phone, turns app mode off (spec §4); this tab's session. */
  signIn({ token, phone }: { token: string; phone: string }): void {
    const s = appStorage();
    // The phone before the token: another tab reading between the two writes must never see this
    // token with the previous borrower's phone (it would take it for that borrower's new session).
    s?.setItem(KEY.phone, phone);
    s?.setItem(KEY.token, token);
    s?.setItem(KEY.appMode, '0');
    bound = { token, phone };
    declined = null;
    changes.emit();
  },

  /** Native-shell or query-token sign-in: stores the token (whose phone is unknown); app mode as given. */
  adoptToken(token: string, { appMode }: { appMode: boolean }): void {
    const s = appStorage();
    s?.removeItem(KEY.phone); // an earlier session's phone is not this one's (removed first: see signIn)
    s?.setItem(KEY.token, token);
    s?.setItem(KEY.appMode, appMode ? '1' : '0');
    bound = { token, phone: null };
    declined = null;
    changes.emit();
  },

  /**
   * Ends this tab's session. The stored data is removed only when the stored session is this tab's
   * own: a later sign-in made in another tab is left alone. A tab without a session has nothing to
   * end, so a signed-out page never wipes storage. The device's preferences always stay.
   * `keepDrafts` (used when the server says the session expired) keeps what the borrower typed,
   * so it is there again after signing back in; Quit removes drafts too.
   */
  clear({ keepDrafts = false }: { keepDrafts?: boolean } = {}): void {
    if (bound === null) return;
    const s = appStorage();
    if (s && readStored()?.token === bound.token) {
      const doomed: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k?.startsWith(STORAGE_PREFIX) && !k.startsWith(PREFERENCE_PREFIX) && !(keepDrafts && k.startsWith(KEEP_ON_EXPIRY_PREFIX))) doomed.push(k);
      }
      doomed.forEach((k) => s.removeItem(k));
    }
    // Quit also forgets what this tab alone kept (the identity numbers of the KYC draft).
    if (!keepDrafts) removePrefixed(tabStorage(), STORAGE_PREFIX);
    bound = null;
    changes.emit();
  },

  /**
   * 'Sign in again' after a change elsewhere: this tab lets its session go (the app then asks for a
   * sign-in) without touching storage, and does not bring the stored session up again.
   */
  release(): void {
    declined = readStored()?.token ?? null;
    bound = null;
    changes.emit();
  },

  /** Called on every change: this tab's own, and another tab's (the storage event). */
  subscribe: changes.subscribe,
};

/** Another tab changed storage: the storage event fires in every tab but the one that wrote. */
function onStorage(event: StorageEvent): void {
  if (event.storageArea !== null && event.storageArea !== appStorage()) return; // sessionStorage
  if (event.key !== null && (!event.key.startsWith(STORAGE_PREFIX) || event.key.startsWith(PREFERENCE_PREFIX))) return; // not a session's
  adoptSameBorrower();
  changes.emit();
}
if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

function removePrefixed(storage: Storage | null, prefix: string): void {
  if (!storage) return;
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(prefix)) doomed.push(k);
  }
  doomed.forEach((k) => storage.removeItem(k));
}
