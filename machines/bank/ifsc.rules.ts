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

export type IfscLevel = 'bank' | 'state' | 'city' | 'branch';

/** What each level asks for: the heading of its list and its search field's label. */
export const IFSC_LEVELS: Record<IfscLevel, { heading: string; search: string; empty: string; back: string | null }> = {
  bank: { heading: 'Choose your bank', search: 'Search banks', empty: 'No banks are listed.', back: null },
  state: { heading: 'Choose the state of your branch', search: 'Search states', empty: 'No states are listed for this bank.', back: 'Change bank' },
  city: { heading: 'Choose the city of your branch', search: 'Search cities', empty: 'No cities are listed for this state.', back: 'Change state' },
  branch: { heading: 'Choose your branch', search: 'Search branches or IFSC', empty: 'No branches are listed for this city.', back: 'Change city' },
};

export const IFSC_MESSAGES = {
  loadFailed: 'Could not load the list. Please try again.',
  noMatch: (query: string) => `Nothing matches “${query.trim()}”.`,
} as const;

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
