/**
 * The client session (spec §3 "Client session"): token, phone and the app-mode flag, kept in
 * localStorage so a reload keeps the borrower signed in. Pure storage: no React, no HTTP.
 *
 * Everything the app stores for a borrower lives under the `bw.` prefix, so that ending the
 * session ("clearing the token removes stored data", spec §4) removes all of it at once.
 */
export const STORAGE_PREFIX = 'bw.';
const KEY = { token: `${STORAGE_PREFIX}token`, phone: `${STORAGE_PREFIX}phone`, appMode: `${STORAGE_PREFIX}appMode` } as const;

/** Keys that outlive a session: drafts a borrower typed before the session expired (restored after sign-in). */
export const KEEP_ON_EXPIRY_PREFIX = `${STORAGE_PREFIX}draft.`;

/** localStorage, or null where storage is disabled (private mode in some webviews). Drafts use it too. */
export function appStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode in some webviews)
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const session = {
  token: (): string | null => appStorage()?.getItem(KEY.token) || null,
  phone: (): string | null => appStorage()?.getItem(KEY.phone) || null,
  appMode: (): boolean => appStorage()?.getItem(KEY.appMode) === '1',

  /** Phone sign-in: stores token and phone and turns app mode off (spec §4). */
  signIn({ token, phone }: { token: string; phone: string }): void {
    const s = appStorage();
    s?.setItem(KEY.token, token);
    s?.setItem(KEY.phone, phone);
    s?.setItem(KEY.appMode, '0');
    emit();
  },

  /** Native-shell or query-token sign-in: stores the token; app mode as given. */
  adoptToken(token: string, { appMode }: { appMode: boolean }): void {
    const s = appStorage();
    s?.setItem(KEY.token, token);
    s?.setItem(KEY.appMode, appMode ? '1' : '0');
    emit();
  },

  /**
   * Ends the session and removes the borrower's stored data.
   * `keepDrafts` (used when the server says the session expired) keeps what the borrower typed,
   * so it is there again after signing back in; Quit removes drafts too.
   */
  clear({ keepDrafts = false }: { keepDrafts?: boolean } = {}): void {
    const s = appStorage();
    if (s) {
      const doomed: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k?.startsWith(STORAGE_PREFIX) && !(keepDrafts && k.startsWith(KEEP_ON_EXPIRY_PREFIX))) doomed.push(k);
      }
      doomed.forEach((k) => s.removeItem(k));
    }
    emit();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
