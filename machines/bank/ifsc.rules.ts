/**
 * The rules of the IFSC finder (/bank/ifsc?pid=; spec §2 'IFSC finder', §3 'Bank info lists'), pure.
 *
 * Decisions where the spec is silent (README):
 * - Each list (hundreds of banks, of branches in a city) has a search field that filters it as the
 *   borrower types: every word typed must appear in the name, in any order, ignoring case and extra
 *   spaces; a branch is also found by its IFSC. The search starts empty at each level.
 * - A way back up a level keeps the lists already loaded (no new request).
 */
import type { BankName, Branch, NamedPlace } from '../../contract/bank';
import type { BankKey } from '../../i18n/en/bank';

export type IfscLevel = 'bank' | 'state' | 'city' | 'branch';

/** What each level asks for: the heading of its list, its search field's label, its empty list and its way back up (keys of i18n/en/bank.ts). */
export const IFSC_LEVELS: Record<IfscLevel, { heading: BankKey; search: BankKey; empty: BankKey; back: BankKey | null }> = {
  bank: { heading: 'bankHeading', search: 'bankSearch', empty: 'bankEmpty', back: null },
  state: { heading: 'stateHeading', search: 'stateSearch', empty: 'stateEmpty', back: 'stateBack' },
  city: { heading: 'cityHeading', search: 'citySearch', empty: 'cityEmpty', back: 'cityBack' },
  branch: { heading: 'branchHeading', search: 'branchSearch', empty: 'branchEmpty', back: 'branchBack' },
};

/** The words of a search, lower-cased. */
const words = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/** Does `text` contain every word of `query` (any order, any case)? An empty query matches everything. */
export function matches(query: string, ...texts: string[]): boolean {
  const hay = texts.join(' ').toLowerCase();
  return words(query).every((w) => hay.includes(w));
}

export const filterBanks = (items: readonly BankName[], query: string): BankName[] => items.filter((b) => matches(query, b.bankName));
export const filterPlaces = (items: readonly NamedPlace[], query: string): NamedPlace[] => items.filter((p) => matches(query, p.name));
export const filterBranches = (items: readonly Branch[], query: string): Branch[] => items.filter((b) => matches(query, b.name, b.ifsc));

/** A branch as listed: its name, or its IFSC when it has none. */
export const branchLabel = (b: Branch): string => b.name || b.ifsc;
