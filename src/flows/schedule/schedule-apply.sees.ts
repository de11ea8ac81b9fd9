/**
 * What the borrower sees in each leaf state of the schedule-apply machine (machines/schedule/schedule-apply.machine.ts),
 * read from ScheduleApplyView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading: "The 'Schedule an application' page (back arrow to the product) shows a spinner with 'Loading the product…'.",
  failed:
    "Under 'Schedule an application', an error area with the reason (e.g. 'Could not load this product. Please try again.' or 'This product has no loan amount to offer right now.'), a 'Try again' button and a 'Go to Home' link.",
  issuing:
    "The same form, 'Reading the Key Fact Statement…' below the bank account while the lender issues the KFS for the amount.",
  acknowledging: "The form with 'Schedule application' busy (spinner, no taps) while the lender records the acknowledgement of its KFS.",
  editing:
    "The open-loan note with a 'My loans' link (when an open loan blocks applying), 'We will apply for you automatically as soon as this product opens for you…', the 'Expected amount' slider, the 'Bank account' choice (or 'Add bank account'), the lender's 'Key Fact Statement' for the amount (its number, 'Valid until', the figures) with the tick 'I have read and accept the Key Fact Statement above.' where the lender issues one, and 'Schedule application' (disabled until that tick). After a tap that did nothing, a notice above the button says why ('Please Select or Add Bank Account' or the server's message).",
  submitting: "The same form with the slider and account choice disabled and 'Schedule application' busy (spinner, no taps).",
  leaving: "Under 'Schedule an application', a spinner with 'Opening your scheduled application…' while the new schedule's page replaces this one.",
};
