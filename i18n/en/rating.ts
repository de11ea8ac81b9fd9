/**
 * The two pages the native shell opens with a token (spec §2 'Rating prompt (/rate)', 'Audit with
 * rating (/orders/audit)', §8): the rating prompt, the rating audit page and its 'Info' dialog, and
 * the notice of a link carrying another sign-in. The spec's texts verbatim ('In Auditing...',
 * 'Evaluate Us', 'To Evaluate', 'Info').
 */
import { catalogue } from '../core';

export const ratingText = catalogue('rating', {
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

  /** A link carrying another sign-in than this device's (src/lib/url-token.ts). */
  linkTitle: 'This link is for another sign-in',
  linkSignedInAs:
    'You are signed in as {phone} on this device. The link you opened carries a different sign-in, possibly another account. Nothing was switched.',
  linkSomeoneSignedIn:
    'Someone is already signed in on this device. The link you opened carries a different sign-in, possibly another account. Nothing was switched.',
  linkStayAs: 'Stay as {phone}',
  linkStay: 'Stay signed in',
  linkSwitch: "Use the link's account",
}, () => import('../hi/rating'));

export type RatingKey = keyof typeof ratingText.en;
