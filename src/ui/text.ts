/**
 * Texts in the borrower's language: `const t = useText(loginText)` gives
 * `t('sendCode')`, `t('resendIn', { seconds })` and `t.said(context.error)` for what a machine
 * said (a message by key, or the server's text as it came). The view re-renders when the language
 * changes. Never English in place of Hindi: lazy components come with their Hindi (`withTexts` in
 * src/lib/language.ts); should a view draw a namespace still on its way, it draws no text until it comes.
 */
import { useSyncExternalStore } from 'react';
import { saidText, textOf, type Catalogue, type KeyOf, type Lang, type Said, type Values } from '../../i18n/core';
import { language } from '../lib/language';

export interface Text<C extends Catalogue> {
  (key: KeyOf<C>, values?: Values): string;
  said(said: Said<KeyOf<C>>): string;
  /** The text around one placeholder, for a link or a strong word inside a sentence: [before, after]. */
  around(key: KeyOf<C>, name: string, values?: Values): [string, string];
  lang: Lang;
}

export function textFor<C extends Catalogue>(cat: C, lang: Lang = language.current()): Text<C> {
  const hindi = language.hindi();
  const t = ((key: KeyOf<C>, values?: Values) => textOf(cat, key, lang, hindi, values)) as Text<C>;
  t.said = (said) => saidText(cat, said, lang, hindi);
  t.around = (key, name, values) => {
    const text = textOf(cat, key, lang, hindi, { ...values, [name]: '\u0000' });
    const [before = '', after = ''] = text.split('\u0000');
    return [before, after];
  };
  t.lang = lang;
  return t;
}

/** Re-renders on a language change; the server snapshot is English (the prerendered pages). */
export function useLanguage(): Lang {
  useSyncExternalStore(language.subscribe, language.version, () => 0);
  return language.current();
}

export function useText<C extends Catalogue>(cat: C): Text<C> {
  const lang = useLanguage();
  // A namespace not here yet: no text rather than its English (a failed load leaves its English).
  // Not React's `use`: a view suspended that way in a concurrent render made React recover from an
  // error now and then (its minified error 520), where a lazy chunk's suspension never did.
  return language.waiting(cat) ? noText(lang) : textFor(cat, lang);
}

/** The texts of a namespace still on its way: empty, but what the server said is shown as it came. */
function noText<C extends Catalogue>(lang: Lang): Text<C> {
  const t = (() => '') as unknown as Text<C>;
  t.said = (said) => ('server' in said ? said.server : '');
  t.around = () => ['', ''];
  t.lang = lang;
  return t;
}
