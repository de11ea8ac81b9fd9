/**
 * What the borrower sees in each leaf state of the receipt machine (machines/receipt/receipt.machine.ts),
 * read from ReceiptView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading: "The 'Payment receipt' page (back arrow to the order) with a spinner and 'Loading your receipt…'.",
  failed:
    "Under 'Payment receipt', an error area with the reason (or 'Could not load your receipt. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  notOffered: "'This lender does not give receipts in the app. Please contact the lender for one.' and a 'Back to your loan' link.",
  missing: "'There is no receipt for this payment. Only a payment the lender has received has a receipt.' and a 'Back to your loan' link.",
  shown:
    "The receipt: the lender's name and 'RBI registration no. …' ('Not provided by the lender' without them), 'Receipt RC…', the receipt number, 'Date and time … IST', the borrower's +91 phone, the loan order number, what it was for, the payment reference, 'Amount received ₹…', the table 'What this payment paid off' (principal, interest, fees, penal charge) with its Total, what was left to pay after it or the new due date, and 'Print or save as PDF' with 'Back to your loan' (neither printed).",
};
