/**
 * The rules of the two pages the native shell opens with a token (spec §2 'Rating prompt (/rate)',
 * 'Audit with rating (/orders/audit)', §4 'Audit pages', §8, §9), pure: the close delay, the state
 * that finishes the audit, the analytics project names, the texts, and how a failed bridge call reads.
 */
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

export const RATING_MESSAGES = {
  /** /rate */
  rateTitle: 'Rate us',
  rateLead: 'Enjoying the app? A rating in the app store helps us a lot.',
  evaluateUs: 'Evaluate Us',
  cancel: 'Cancel',
  /** Outside the native shell: no store page to open, no webview to close. */
  rateInStore: 'Please rate us in the app store.',
  storeFailed: 'Could not open the app store. Please try again.',
  closing: 'Thank you! Closing…',
  closeOutside: 'You can close this page now.',
  closeFailed: 'Could not close this page. Please try again.',

  /** /orders/audit (spec §2 'Audit with rating'). */
  auditing: 'In Auditing...',
  fiveStars: 'Give us 5 stars in the app store to speed up your audit.',
  growth: 'Your loan amount will gradually increase with your credit history and repayment.',
  refresh: 'Refresh',
  toEvaluate: 'To Evaluate',
  stillInReview: 'Still in review.',
  /** Spec §8: the error dialog of this page. */
  infoTitle: 'Info',
  ok: 'OK',
  checkFailed: 'Could not check your order. Please try again.',
  finished: 'Your audit is complete. Returning to the app…',
  finishedOutside: 'Your audit is complete. Please go back to the app to continue.',
  finishFailed: 'Your audit is complete, but the app did not answer. Please tap Refresh again.',
  noOrder: 'This link has no order in it. Please open it again from the app.',
} as const;

/** What the page says when the store page could not be opened. */
export const storeMessage = (error: unknown): string => (outsideShell(error) ? RATING_MESSAGES.rateInStore : RATING_MESSAGES.storeFailed);
