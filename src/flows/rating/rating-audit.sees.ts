/**
 * What the borrower sees in each leaf state of the rating-audit machine (machines/rating/rating-audit.machine.ts),
 * read from RatingAuditView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  'check.start':
    "The Refresh part: nothing new; the 'In Auditing...' page is drawn while the address is checked for an orderId.",
  'check.noOrder':
    "The Refresh part: no Refresh button; 'This link has no order in it. Please open it again from the app.' in red under the page's texts.",
  'check.idle':
    "The Refresh part: an enabled 'Refresh' button under 'To Evaluate', with a quiet status line above them when there is one ('Still in review.', or 'Your audit is complete, but the app did not answer. Please tap Refresh again.').",
  'check.checking': "The Refresh part: 'Refresh' shows a spinner and cannot be tapped; the status line is empty.",
  'check.info':
    "The Refresh part: a dialog titled 'Info' with the server's message (or 'Could not check your order. Please try again.') and 'OK'.",
  'check.finishing': "The Refresh part: 'Refresh' keeps its spinner while the app is told to finish.",
  'check.finished':
    "The Refresh part: 'Refresh' is disabled and the status line says 'Your audit is complete. Returning to the app…' (or 'Your audit is complete. Please go back to the app to continue.' in a browser).",
  'review.idle':
    "The To Evaluate part: an enabled 'To Evaluate' button under 'Give us 5 stars in the app store to speed up your audit.', with 'Please rate us in the app store.' or 'Could not open the app store. Please try again.' above the buttons after a failed attempt.",
  'review.opening': "The To Evaluate part: 'To Evaluate' shows a spinner and cannot be tapped while the store's review page opens.",
};
