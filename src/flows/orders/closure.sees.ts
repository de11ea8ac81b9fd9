/**
 * What the borrower sees in each leaf state of the closure machine (machines/closure/closure.machine.ts),
 * read from ClosureOffer.tsx, drawn on the order's detail page under its summary; shown by the flow
 * atlas (`npm run flows`) when a state is clicked. One sentence per leaf state, keyed by its path below the root.
 */
const confirm = (title: string, interest: string) =>
  `The card '${title}' (Repayment hidden meanwhile): a sum 'How this amount is made up' of the principal ₹15,000 + '${interest}' (+ the penal charge so far, − what was already paid) = the total, 'The processing fee (₹750) and its GST (₹135), taken when the money was sent, are not refunded, as your Key Fact Statement says.', 'This amount holds until …, … IST.', 'Once the lender receives it, the loan is closed and nothing more is owed.', 'Pay ₹…' and 'Cancel'; a failed payment says why above Pay.`;
const part =
  "The card 'Pay part of the amount' (Repayment hidden meanwhile): the field 'Amount to pay (₹)' with 'From ₹1 to less than ₹16,229. To pay it all, use Repayment.', 'This leaves ₹… to pay by the due date.' once the amount is one, 'Pay ₹…' and 'Cancel'; an amount that is not one says so at the field.";

export const sees: Readonly<Record<string, string>> = {
  quoting: "Under the order's summary, the quiet line 'Checking what closes your loan today…'.",
  notOffered: 'Nothing: a lender without the quote call has the spec\'s detail page, with Repayment alone.',
  quoteFailed: "Under the summary, a card with the reason (or 'Could not check what closes your loan today.') and 'Try again'.",
  'coolingOff.idle':
    "Under the summary, the card 'Exit this loan without penalty' (a green edge): 'You are in the cooling-off period until …, … IST. Exit now by paying ₹15,014: the principal and the interest for 1 day, with no penalty.', the button 'Exit this loan without penalty' and the link 'Pay part of the amount'; a changed amount says so above the button.",
  'coolingOff.confirming': confirm('Exit this loan', 'Interest for 1 day'),
  'coolingOff.paying': `${confirm('Exit this loan', 'Interest for 1 day')} Pay is busy (spinner, no taps) while the payment is started.`,
  'coolingOff.part': part,
  'coolingOff.partPaying': `${part} Pay is busy while the payment is started.`,
  'preClosure.idle':
    "Under the summary, the card 'Close the loan today': 'Close your loan today by paying ₹15,149: the interest to date, with no foreclosure fee.', the button 'Close the loan today' and the link 'Pay part of the amount'.",
  'preClosure.confirming': confirm('Close this loan', 'Interest for 11 days'),
  'preClosure.paying': `${confirm('Close this loan', 'Interest for 11 days')} Pay is busy while the payment is started.`,
  'preClosure.part': part,
  'preClosure.partPaying': `${part} Pay is busy while the payment is started.`,
  redirecting: "'Taking you to the payment page…' under the summary while the browser leaves for the gateway.",
};
