/**
 * The rules of the two pages the native shell opens with a token (spec §2 'Rating prompt (/rate)',
 * 'Audit with rating (/orders/audit)', §4 'Audit pages', §8, §9), pure: the close delay, the state
 * that finishes the audit, the analytics project names, and how a failed bridge call reads (by key:
 * the texts are in i18n/en/rating.ts).
 */
import type { RatingKey } from '../../i18n/en/rating';
import { paths } from '../shared/paths';

/** Spec §9: the native webview closes 1 s after Evaluate Us (the store page opened) or Cancel. */
export const CLOSE_DELAY_MS = 1_000;

/** Spec §4: on the rating audit page, orderState 10 means finished: the shell is told to finish. */
export const FINISHED_STATE = 10;
export const isFinished = (orderState: number): boolean => orderState === FINISHED_STATE;

/**
 * Spec §9 "Analytics uses project names for the app-store review and the rating page" (names not
 * given: these are ours), for the analytics events of these pages.
 */
export const RATING_PROJECT = 'rating';
export const STORE_REVIEW_PROJECT = 'store-review';

/** The pages' routes, for the analytics page names. */
export const RATING_PAGES = { rate: paths.rate.pattern, audit: paths.ordersAudit.pattern } as const;

/**
 * How a bridge call failed (src/lib/native-bridge.ts BridgeError.kind): no shell answers this page
 * (an ordinary browser), the shell did not answer in time, or it refused. Anything else is 'other'.
 */
export type BridgeFailure = 'no-shell' | 'timeout' | 'refused' | 'other';
export function bridgeFailure(error: unknown): BridgeFailure {
  const kind = typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined;
  return kind === 'no-shell' || kind === 'timeout' || kind === 'refused' ? kind : 'other';
}
export const outsideShell = (error: unknown): boolean => bridgeFailure(error) === 'no-shell';

/** What the page says when the store page could not be opened. */
export const storeMessage = (error: unknown): RatingKey => (outsideShell(error) ? 'rateInStore' : 'storeFailed');
