/**
 * The language of the sandbox's content (docs/sandbox/content.md):
 * Hindi when the request's Accept-Language prefers it, English otherwise. Only content the borrower
 * reads is translated (FAQ, About us, form labels and choices, product texts, …); error messages,
 * names, numbers and codes (a choice's value) are the same in both.
 *
 * Parsing follows RFC 9110 §12.5.4 with RFC 4647 lookup: a range counts for a language when its
 * primary subtag is that language ('hi', 'hi-IN', 'HI-in'), '*' for any language not named; q from
 * 0 to 1 (absent: 1), q=0 means "not acceptable". The language with the highest q wins; on a tie the
 * one named first; with nothing acceptable, English.
 */
import type { Context } from 'hono';

export type Lang = 'en' | 'hi';
export const DEFAULT_LANG: Lang = 'en';

/** One entry of Accept-Language: a range ('hi-in', '*'; lower case), its q and its position. */
export interface LanguageRange {
  range: string;
  q: number;
  index: number;
}

/** A header longer than any browser's is read up to this many characters and entries (a bound, not a refusal). */
const MAX_HEADER_CHARS = 4096;
const MAX_ENTRIES = 64;
const RANGE_RE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;
const Q_RE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The well-formed entries of an Accept-Language value, in order; malformed ones are skipped. */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  const entries = header.slice(0, MAX_HEADER_CHARS).split(',').slice(0, MAX_ENTRIES);
  entries.forEach((entry, index) => {
    const [rawRange = '', ...params] = entry.split(';').map((p) => p.trim().toLowerCase());
    if (!RANGE_RE.test(rawRange)) return;
    let q = 1;
    for (const param of params) {
      if (!param.startsWith('q=')) continue; // other parameters are not in the grammar: ignored
      const m = Q_RE.exec(param.replace(/\s+/g, ''));
      if (!m) return; // a malformed q makes the entry meaningless: skipped
      q = Number(m[1]);
    }
    ranges.push({ range: rawRange, q, index });
  });
  return ranges;
}

/** The content language for an Accept-Language value: Hindi only when it is preferred over English. */
export function preferredLanguage(header: string | null | undefined): Lang {
  const ranges = parseAcceptLanguage(header);
  const wildcard = ranges.find((r) => r.range === '*');
  const score = (lang: Lang): { q: number; index: number } => {
    const named = ranges.filter((r) => r.range.split('-')[0] === lang);
    // The most specific ranges decide: any range naming the language outranks '*'.
    if (named.length === 0) return wildcard ? { q: wildcard.q, index: wildcard.index } : { q: 0, index: Infinity };
    const best = named.reduce((a, b) => (b.q > a.q ? b : a));
    return { q: best.q, index: best.index };
  };
  const en = score('en');
  const hi = score('hi');
  if (hi.q > 0 && (hi.q > en.q || (hi.q === en.q && hi.index < en.index))) return 'hi';
  return DEFAULT_LANG;
}

/**
 * The language to answer `c` in. Marks the answer as chosen by Accept-Language (`Vary: Accept-Language`,
 * added to what is there) and says which it is (`Content-Language`): call it in every handler whose
 * answer depends on the language.
 */
export function contentLanguage(c: Context): Lang {
  const lang = preferredLanguage(c.req.header('accept-language'));
  c.header('Vary', 'Accept-Language', { append: true });
  c.header('Content-Language', lang);
  return lang;
}

/** A text in both languages. */
export type Localized<T = string> = Readonly<Record<Lang, T>>;
