/**
 * The device's preferences: what this phone remembers for whoever uses it (the language, the install
 * offer's 'Not now', the app's name last known), apart from session data. They live under `bw.pref.`,
 * which no end of a session removes (./session.ts): not Quit, not a -4, not another borrower's sign-in.
 * Nothing personal belongs here. With no import of its own, so the language (the first screen's text
 * chunk) reads it without pulling the session along.
 */
/** Keys no end of a session removes (./session.ts skips them). */
export const PREFERENCE_PREFIX = 'bw.pref.';

/** localStorage, or null where storage is disabled (private mode in some webviews). Sessions and drafts use it too. */
export function appStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode in some webviews)
  }
}

const NAMES = { lang: 'lang', installDismissed: 'a2hs.dismissed', appName: 'appName' } as const;
export type Preference = keyof typeof NAMES;

/** Where an earlier version kept a preference among the session's keys: read once, then moved. */
const FORMER: Partial<Record<Preference, string>> = { lang: 'bw.lang', installDismissed: 'bw.a2hs.dismissed' };

export const preferenceKey = (name: Preference): string => PREFERENCE_PREFIX + NAMES[name];

export const preferences = {
  /** The stored value, or null (none, or storage disabled). */
  get(name: Preference): string | null {
    const s = appStorage();
    try {
      const value = s?.getItem(preferenceKey(name)) ?? null;
      const former = FORMER[name];
      if (value !== null || !s || !former) return value;
      const kept = s.getItem(former);
      if (kept !== null) {
        s.setItem(preferenceKey(name), kept);
        s.removeItem(former);
      }
      return kept;
    } catch {
      return null;
    }
  },
  /** Remembers a value; null forgets it. Full or disabled storage keeps it for this page only (the caller's memory). */
  set(name: Preference, value: string | null): void {
    try {
      if (value === null) appStorage()?.removeItem(preferenceKey(name));
      else appStorage()?.setItem(preferenceKey(name), value);
    } catch {
      // Full or disabled storage (private mode): nothing to remember it with.
    }
  },
};
