/**
 * What the borrower sees in each leaf state of the application machine (machines/application/application.machine.ts),
 * read from ConfirmView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  'starting.precheck.checking':
    "The precheck: the 'Loan confirmation' page (back arrow to the product) shows only a spinner with 'Checking your application…'.",
  'starting.precheck.passed':
    "The precheck: still the spinner with 'Checking your application…' until the page's data has loaded too.",
  'starting.page.loading':
    "The page's data: the spinner with 'Checking your application…' under the 'Loan confirmation' heading.",
  'starting.page.loaded':
    "The page's data: still the spinner with 'Checking your application…' until the precheck has answered too.",
  failed:
    "Under 'Loan confirmation', an error area with the reason (e.g. 'Could not load your loan details. Please try again.' or 'This product has no loan amount to offer right now.'), a 'Try again' button and a 'Go to Home' link.",
  'confirming.calculation.debouncing':
    "The Repayment card: 'Repayment amount' and 'Interest fee' show '…' with 'Calculating…' below, waiting for the amount to settle; the Key Fact Statement says 'The Key Fact Statement appears once your loan figures are calculated.' and its tick box is disabled.",
  'confirming.calculation.loading.figures.asking':
    "The Repayment card: 'Repayment amount' and 'Interest fee' show '…' with 'Calculating…' below while the figures are asked; the Key Fact Statement still says 'The Key Fact Statement appears once your loan figures are calculated.' and its tick box is disabled.",
  'confirming.calculation.loading.figures.done':
    "The Repayment card shows the figures; the Key Fact Statement is shown while the lender numbers it, its tick box disabled.",
  'confirming.calculation.loading.kfs.issuing':
    "The Key Fact Statement's tick box is disabled while the lender numbers its KFS; the Repayment card shows 'Calculating…' until the figures are here.",
  'confirming.calculation.loading.kfs.issued':
    "The Repayment card: 'Repayment amount' and 'Interest fee' show '…' with 'Calculating…' below until the figures are here; the Key Fact Statement's tick box stays disabled.",
  'confirming.calculation.ready':
    "The Repayment card shows the repayment amount, interest rate, interest fee and period; the Key Fact Statement is shown (headed by the lender's 'KFS number' and 'Valid until … IST' where the lender issues one) and 'I have read and accept the Key Fact Statement above.' can be ticked.",
  'confirming.calculation.failed':
    "The Repayment card: the figures show '…' and an error area gives the reason (or 'Could not calculate the repayment. Please try again.') with a 'Try again' button; the Key Fact Statement tick box stays disabled.",
  'confirming.submission.editing':
    "The 'Loan amount' slider, the 'Bank account' choice (or 'Add bank account'), the 'Get the money automatically' switch and 'APPLY NOW' are enabled. After a tap that did nothing, a notice above the button says why ('Please Select or Add Bank Account', 'Please read and accept the Key Fact Statement.' or the server's message).",
  'confirming.submission.acknowledging':
    "'APPLY NOW' is busy (spinner, no taps) and everything is disabled while the lender records the acknowledgement of its KFS.",
  'confirming.submission.applying':
    "'APPLY NOW' is busy (spinner, no taps) and the slider, account choice, switch and Key Fact Statement tick box are disabled.",
  'confirming.submission.applied':
    "'Application sent.' shows above the still busy 'APPLY NOW'; everything stays disabled until Loan History replaces the page a moment later, saying 'Application submitted' and what happens next.",
  leaving:
    "Under 'Loan confirmation', a spinner with 'Opening…' while the next page (the denial, or Loan History) replaces this one.",
};
