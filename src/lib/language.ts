/**
 * The borrower's language: English or Hindi, chosen on the login screen and in Account,
 * remembered on the device (a preference, ./preferences.ts); a first visit follows the browser when its
 * language is Hindi. `<html lang>` follows it, and the API client sends it (Accept-Language).
 * Hindi comes one namespace at a time: the Hindi of every catalogue the loaded chunks declare
 * (i18n/core.ts), so a Hindi borrower loads the texts of the screens drawn, never the whole set.
 * Switching needs no reload: the Hindi loads first, then views re-render through useText
 * (src/ui/text.ts). A lazy component's chunk waits for its Hindi before it draws (`withTexts`).
 */
import { browserLanguage, everyCatalogue, HINDI_AFTER_FIRST_RENDER, hindiOf, type Catalogue, type Lang, type Messages, type Translations } from '../../i18n/core';
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
const hindi: Record<string, Messages> = {};
/** Each namespace's load, kept once settled. */
const loads = new Map<string, Promise<void>>();
/** Namespaces a view drew before their Hindi came (src/ui/text.ts): views re-render when it does. */
const awaited = new Set<string>();
// A namespace whose chunk failed (offline) shows its English until the next choice or first render
// tries again: waiting on it for ever would leave the borrower with a spinner.
const failed = new Set<string>();
const declared: Catalogue[] = [];
let version = 0;
let choices = 0;
/** Whether the first render's Hindi is in: from then on, every declared namespace loads at once. */
let started = false;
const changes = listeners();

/** The cookie that tells the server which prerendered first screen to send (docs/hindi.md): a preference, nothing personal. */
export const LANG_COOKIE = 'bw_lang';
/** A year, renewed at every page load. */
const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

function tellServer(chosen: Lang = lang) {
  if (typeof document !== 'undefined') document.cookie = `${LANG_COOKIE}=${chosen}; path=/; max-age=${LANG_COOKIE_MAX_AGE_S}; samesite=lax`;
}

function changed() {
  version++;
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'hi' ? 'hi' : 'en';
  tellServer();
  changes.emit();
}

/** Loads one namespace's Hindi (once; again after a failure). Never rejects. */
function loadHindi(cat: Catalogue): Promise<void> {
  const known = loads.get(cat.ns);
  if (known && !failed.has(cat.ns)) return known;
  failed.delete(cat.ns);
  const load: Promise<void> = cat.hi().then(
    (module) => {
      hindi[cat.ns] = hindiOf(module, cat.ns);
      if (awaited.delete(cat.ns)) changed();
    },
    () => {
      failed.add(cat.ns);
      if (awaited.delete(cat.ns)) changed();
    },
  );
  loads.set(cat.ns, load);
  return load;
}

const loadDeclared = () => Promise.all(declared.map(loadHindi)).then(() => undefined);
// What the app says when a call fails is never drawn by a first screen: its Hindi loads right after
// the first commit, which keeps a Hindi first screen within 2 KB of the English one (docs/hindi.md).
const AFTER_FIRST_RENDER: ReadonlySet<string> = new Set(HINDI_AFTER_FIRST_RENDER);


// A chunk declares its catalogues when it runs: a Hindi borrower's Hindi of them starts loading at
// once, beside the screen's own first render.
everyCatalogue((cat) => {
  declared.push(cat);
  if (lang === 'hi' && (started || !AFTER_FIRST_RENDER.has(cat.ns))) void loadHindi(cat);
});

export const language = {
  current: (): Lang => lang,
  /** The Hindi loaded so far, by namespace (a namespace not loaded yet falls back to English). */
  hindi: (): Translations => hindi,
  /** Changes with the language: what views re-render on. */
  version: (): number => version,
  subscribe: changes.subscribe,
  /**
   * Whether `cat`'s Hindi is still on its way while the borrower reads Hindi. A view that draws it
   * then draws no text (src/ui/text.ts), never its English, and re-renders when it comes. Lazy
   * components wait for their Hindi before they draw (`withTexts`), so no view is seen so.
   */
  waiting(cat: Catalogue): boolean {
    if (lang !== 'hi' || cat.ns in hindi || failed.has(cat.ns)) return false;
    awaited.add(cat.ns);
    void loadHindi(cat);
    return true;
  },
  /**
   * Resolves once the Hindi of every namespace declared so far is in (at once in English; those
   * no first screen draws are not waited for before the first render). Never rejects.
   */
  settled(): Promise<void> {
    if (lang !== 'hi') return Promise.resolve();
    return Promise.all(declared.filter((cat) => started || !AFTER_FIRST_RENDER.has(cat.ns)).map(loadHindi)).then(() => undefined);
  },
  /**
   * Chooses a language and remembers it on the device at once. The screen switches to Hindi once the Hindi of every
   * loaded screen is here (the screen on show, its dialogs and toasts), so nothing shows English
   * in between; a later choice wins over one still loading.
   */
  async set(next: Lang): Promise<void> {
    const choice = ++choices;
    started = true;
    // Remembered at the tap: a reload or another page opened while the Hindi loads opens in the
    // language chosen. In private mode, the choice lasts for this page.
    preferences.set('lang', next);
    tellServer(next);
    if (next === 'hi') await loadDeclared();
    if (choice !== choices || next === lang) return;
    lang = next;
    changed();
  },
  /**
   * Resolves when the texts of the current language are there for what has loaded: src/main.tsx
   * calls it once the first route's chunk is in, so the first render is in Hindi from its start.
   */
  ready(): Promise<void> {
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
    tellServer();
    if (lang !== 'hi') return Promise.resolve();
    return language.settled().then(() => {
      started = true;
      void loadDeclared();
    });
  },
};

/**
 * The prerender's language (src/app/prerender.tsx, at build time, never in a browser): the first
 * screens are rendered once in English and once in Hindi, with every Hindi namespace given at once.
 */
export function renderIn(next: Lang, translations: Translations): void {
  lang = next;
  for (const [ns, messages] of Object.entries(translations)) hindi[ns] = messages;
}

/**
 * A lazy component's module, handed over once the Hindi of what it declared is in: wrap every
 * `lazy()` and route loader with it, so a Hindi borrower's screen draws in Hindi from its first frame
 * (React shows the Suspense fallback meanwhile, as for the chunk itself).
 */
export function withTexts<T>(load: Promise<T>): Promise<T> {
  return load.then((module) => language.settled().then(() => module));
}
