/**
 * The rules of the IFSC finder (/bank/ifsc?pid=; spec §2 'IFSC finder', §3 'Bank info lists'), pure.
 *
 * Decisions where the spec is silent (README):
 * - Each list (hundreds of banks, of branches in a city) has a search field that filters it as the
 *   borrower types: every word typed must appear in the name, in any order, ignoring case and extra
 *   spaces; a branch is also found by its IFSC. The search starts empty at each level.
 * - A bank is also found by what borrowers call it: a word may instead be the start of its initials
 *   ("sbi", "pnb"), of a short name ("bob", bank-names.ts), of its IFSC code ("sbin"), or an IFSC of it
 *   being typed ("SBIN0001234"), so "sb" already narrows the list.
 * - A way back up a level keeps the lists already loaded (no new request).
 */
import type { BankName, Branch, NamedPlace } from '../../contract/bank';
import type { BankKey } from '../../i18n/en/bank';
import { bankInitials, bankNameWords, knownBank } from './bank-names';

export type IfscLevel = 'bank' | 'state' | 'city' | 'branch';

/** What each level asks for: the heading of its list, its search field's label and hint, its empty list and its way back up (keys of i18n/en/bank.ts). */
export const IFSC_LEVELS: Record<IfscLevel, { heading: BankKey; search: BankKey; hint: BankKey | null; empty: BankKey; back: BankKey | null }> = {
  bank: { heading: 'bankHeading', search: 'bankSearch', hint: 'bankSearchHint', empty: 'bankEmpty', back: null },
  state: { heading: 'stateHeading', search: 'stateSearch', hint: null, empty: 'stateEmpty', back: 'stateBack' },
  city: { heading: 'cityHeading', search: 'citySearch', hint: null, empty: 'cityEmpty', back: 'cityBack' },
  branch: { heading: 'branchHeading', search: 'branchSearch', hint: null, empty: 'branchEmpty', back: 'branchBack' },
};

/** The words of a search, lower-cased. */
const words = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/** Does `text` contain every word of `query` (any order, any case)? An empty query matches everything. */
export function matches(query: string, ...texts: string[]): boolean {
  const hay = texts.join(' ').toLowerCase();
  return words(query).every((w) => hay.includes(w));
}

/** What a bank is searched by: its name as written and without punctuation, and the keys a typed word may begin. */
interface BankSearch {
  name: string;
  /** Initials, short names and IFSC codes, lower case. */
  keys: string[];
  /** Its IFSC codes (the backend's, the table's), lower case. */
  codes: string[];
}

// Built once per bank object of a loaded list: the list is filtered again at every key.
const searches = new WeakMap<BankName, BankSearch>();

function bankSearch(bank: BankName): BankSearch {
  const cached = searches.get(bank);
  if (cached) return cached;
  const known = knownBank(bank.bankName, bank.code);
  const codes = [bank.code, known?.code].filter((c): c is string => Boolean(c)).map((c) => c.toLowerCase());
  const keys = [bankInitials(bank.bankName), known ? bankInitials(known.name) : '', ...(known?.short ?? []), ...codes].filter(Boolean);
  const search = { name: `${bank.bankName.toLowerCase()} ${bankNameWords(bank.bankName).join(' ')}`, keys, codes };
  searches.set(bank, search);
  return search;
}

/** A word typed, without its dots and ampersands ("S.B.I." → "sbi", "J&K" → "jk"), as initials are written. */
const compact = (word: string): string => word.replace(/[^\p{L}\p{N}]/gu, '');

/** A whole or partial IFSC: four letters, 0, then up to six letters or digits. */
const IFSC_TYPED = /^[a-z]{4}0[a-z0-9]{0,6}$/;

/** Does the bank match this typed word (lower case): in its name, as the start of a key, or as an IFSC of it? */
function bankHasWord(search: BankSearch, word: string): boolean {
  if (search.name.includes(word)) return true;
  const bare = compact(word);
  if (bare === '') return false;
  return search.keys.some((k) => k.startsWith(bare)) || (IFSC_TYPED.test(bare) && search.codes.includes(bare.slice(0, 4)));
}

/** Does the bank match every word of `query` (any order, any case)? An empty query matches every bank. */
export const bankMatches = (query: string, bank: BankName): boolean => {
  const typed = words(query);
  if (typed.length === 0) return true;
  const search = bankSearch(bank);
  return typed.every((w) => bankHasWord(search, w));
};

/**
 * A bank as listed: its name, else the name the table knows for its code, else the code. A bank with
 * none of these (names are read leniently) is not listed: a nameless row can be neither found nor told apart.
 */
export const bankLabel = (b: BankName): string => b.bankName.trim() || (b.code ? (knownBank('', b.code)?.name ?? b.code) : '');
export const filterBanks = (items: readonly BankName[], query: string): BankName[] =>
  items.filter((b) => bankLabel(b) !== '' && bankMatches(query, b));
/** A state or city with a name; a nameless one (read leniently) is not listed, as banks. */
export const filterPlaces = (items: readonly NamedPlace[], query: string): NamedPlace[] =>
  items.filter((p) => p.name.trim() !== '' && matches(query, p.name));
export const filterBranches = (items: readonly Branch[], query: string): Branch[] => items.filter((b) => matches(query, b.name, b.ifsc));

/** A branch as listed: its name, or its IFSC when it has none. */
export const branchLabel = (b: Branch): string => b.name || b.ifsc;
