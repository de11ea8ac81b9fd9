/**
 * The borrower's language: English or Hindi, chosen on the login screen and in Account,
 * remembered on the device (a preference, ./preferences.ts); a first visit follows the browser when its
 * language is Hindi. `<html lang>` follows it, the API client sends it (Accept-Language), and the
 * Hindi catalogue (i18n/hi, a lazy chunk) is loaded when Hindi is chosen. Switching needs no reload:
 * views read the language through useText (src/ui/text.ts), which re-renders them.
 */
import { browserLanguage, type Lang, type Translations } from '../../i18n/core';
import { preferences } from './preferences';
import { listeners } from './store';

function stored(): Lang | null {
  const value = preferences.get('lang');
  return value === 'en' || value === 'hi' ? value : null;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
}

let lang: Lang = typeof window === 'undefined' ? 'en' : (stored() ?? browserLanguage(navigatorLanguages()));
let hindi: Translations | null = null;
let loading: Promise<void> | null = null;
let version = 0;
const changes = listeners();

function changed() {
  version++;
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'hi' ? 'hi' : 'en';
  changes.emit();
}

function loadHindi(): Promise<void> {
  loading ??= import('../../i18n/hi').then(
    (m) => {
      hindi = m.hindi;
      changed();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const language = {
  current: (): Lang => lang,
  /** The Hindi catalogue once loaded, else null (texts fall back to English meanwhile). */
  hindi: (): Translations | null => hindi,
  /** Changes with the language and when the Hindi catalogue arrives: what views re-render on. */
  version: (): number => version,
  subscribe: changes.subscribe,
  /** Chooses a language, remembers it on the device, and loads its catalogue. */
  set(next: Lang): Promise<void> {
    if (next !== lang) {
      lang = next;
      preferences.set('lang', next); // in private mode, the choice lasts for this page
      changed();
    }
    return lang === 'hi' ? loadHindi() : Promise.resolve();
  },
  /** Resolves when the texts of the current language are there (before the first render). */
  ready(): Promise<void> {
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
    return lang === 'hi' ? loadHindi().catch(() => {}) : Promise.resolve();
  },
};
