/**
 * What the borrower sees in each leaf state of the rate machine (machines/rating/rate.machine.ts),
 * read from RateView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  idle:
    "The 'Rate us' page: five stars, 'Enjoying the app? A rating in the app store helps us a lot.' and enabled 'Evaluate Us' and 'Cancel' buttons, with a red line above them after a failure ('Could not open the app store. Please try again.' or 'Could not close this page. Please try again.').",
  opening: "'Evaluate Us' shows a spinner and both buttons are disabled while the shell opens the store's review page.",
  waiting: "'Thank you! Closing…' above the two buttons, both disabled, for the 1 s before the page closes.",
  closing: "'Thank you! Closing…' stays, with both buttons disabled, while the shell closes the page.",
  closed: "'Thank you! Closing…' with both buttons disabled, as the app's webview goes away.",
  outside:
    "The 'Rate us' page without buttons: the stars, the lead line and 'Please rate us in the app store.' (or 'You can close this page now.' after Cancel).",
};
