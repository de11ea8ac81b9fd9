/**
 * The message catalogues: every text the borrower reads, once per language. `i18n/en/<ns>.ts` holds
 * the English (the spec's texts verbatim, typos included), `i18n/hi/<ns>.ts` the Hindi of every key,
 * with the same `{name}` placeholders. Machines never hold text: they name a message by key (`Said`)
 * and views render it with useText. Imports nothing, so every layer may use it; docs/hindi.md has
 * the rules.
 */

export type Lang = 'en' | 'hi';
export const LANGS: readonly Lang[] = ['en', 'hi'];

/** A namespace's messages in one language: key → text with `{name}` placeholders. */
export type Messages = Readonly<Record<string, string>>;

/** Values for a message's placeholders. */
export type Values = Readonly<Record<string, string | number>>;

/** A namespace's Hindi module (`i18n/hi/<ns>.ts`, or i18n/hi/shell.ts for those every screen draws), loaded on demand. */
export type HindiLoader = () => Promise<unknown>;

/** One namespace: its id, its English messages (the keys every language gives) and how to load its Hindi. */
export interface Catalogue<M extends Messages = Messages> {
  readonly ns: string;
  readonly en: M;
  readonly hi: HindiLoader;
}

const known: Catalogue[] = [];
let onCatalogue: ((cat: Catalogue) => void) | null = null;

/**
 * Declares a namespace. Its Hindi travels with it: the chunk that holds a screen's catalogues
 * announces them here when it runs, so src/lib/language.ts loads the Hindi of exactly the screens
 * the app has loaded, before they draw.
 */
export function catalogue<const M extends Messages>(ns: string, en: M, hi: HindiLoader): Catalogue<M> {
  const cat: Catalogue<M> = { ns, en, hi };
  known.push(cat);
  onCatalogue?.(cat);
  return cat;
}

/** Calls `listener` for every catalogue declared so far, then for each one declared later. */
export function everyCatalogue(listener: (cat: Catalogue) => void): void {
  onCatalogue = listener;
  known.forEach(listener);
}

/** The messages of namespace `ns` in a loaded Hindi module: its export of that name, else its one export. */
export function hindiOf(module: unknown, ns: string): Messages {
  const exports = module as Record<string, unknown>;
  const value = exports[ns] ?? Object.values(exports)[0];
  return (value ?? {}) as Messages;
}

/**
 * Namespaces no first screen draws: what the app says when a call fails. Their Hindi loads right
 * after the first commit, not before it (src/lib/language.ts; scripts/bundle-check.ts counts it apart).
 */
export const HINDI_AFTER_FIRST_RENDER: readonly string[] = ['network'];

/** The keys of a catalogue. */
export type KeyOf<C extends Catalogue> = keyof C['en'] & string;

/** A namespace in another language: every key of the English, a text each. */
export type Translation<C extends Catalogue> = { readonly [K in KeyOf<C>]: string };

/** Namespaces in one language: the Hindi loaded so far, by namespace. */
export type Translations = Readonly<Record<string, Messages>>;

/**
 * What a machine tells the borrower: a message of its catalogue by key (with values), or the
 * server's text as it came (another backend's English is shown as is).
 */
export type Said<K extends string = string> = { readonly key: K; readonly values?: Values } | { readonly server: string };

export function say<K extends string>(key: K, values?: Values): Said<K> {
  return values ? { key, values } : { key };
}

/** The server's msg (an Error's message, as the API layer throws it), else the catalogue's `fallback`. */
export function saidOf<K extends string>(error: unknown, fallback: K, values?: Values): Said<K> {
  return error instanceof Error && error.message ? { server: error.message } : say(fallback, values);
}

/** 'Resend in {seconds}s' with { seconds: 42 } → 'Resend in 42s'; an unknown placeholder stays as written. */
export function format(template: string, values?: Values): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The placeholders of a template, sorted: '{a} and {b}' → ['a', 'b']. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** The text of `key` in `lang`: the translation when there is one, else the English. */
export function textOf<C extends Catalogue>(cat: C, key: KeyOf<C>, lang: Lang, hindi: Translations | null, values?: Values): string {
  const translated = lang === 'hi' ? hindi?.[cat.ns]?.[key] : undefined;
  return format(translated ?? (cat.en[key] as string), values);
}

/** The text of what a machine said. */
export function saidText<C extends Catalogue>(cat: C, said: Said<KeyOf<C>>, lang: Lang, hindi: Translations | null): string {
  return 'server' in said ? said.server : textOf(cat, said.key, lang, hindi, said.values);
}

/**
 * The language of a first visit: Hindi when the browser's first language that is English or
 * Hindi is Hindi ('hi', 'hi-IN'), else English.
 */
export function browserLanguage(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'hi') return 'hi';
    if (base === 'en') return 'en';
  }
  return 'en';
}
