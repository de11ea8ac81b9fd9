/**
 * What the borrower sees in each leaf state of the documents machine (machines/documents/documents.machine.ts),
 * read from DocumentsView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading: "The 'Documents' page (back arrow to Account, or to the list from a document) with a spinner and 'Loading your documents…'.",
  failed:
    "Under 'Documents', an error area with the reason (the lender's msg, such as 'Document not found', or 'Could not load your documents. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  notOffered:
    "'This lender does not provide your loan documents in the app.' then 'For a copy, please contact the lender’s grievance officer:' with the officer's name, phone (a tel: link) and email (a mailto: link), or 'For a copy, please contact the lender.' when the config names none.",
  empty: "'You have no documents yet. The lender issues your loan documents when the money is sent to your account.'",
  list:
    "'What the lender has issued for each of your loans…', then per loan, newest first, a 'Loan BW…' heading and its documents as links: 'Key Fact Statement', 'Sanction letter', 'Payment receipt', 'No-dues certificate', each with 'No. …, <date>'.",
  shown:
    "The document: the lender's name, 'RBI registration no. …' and address; its title (Key Fact Statement, Sanction letter or No-dues certificate); its number, date of issue, the borrower's name and +91 mobile, the loan order number; then the KFS number, issue and acceptance times and the loan terms (sanctioned − fee − GST = sent; sanctioned + interest = to repay; term, rate, dates), or the amount repaid, the closing date and 'No dues: nothing is outstanding on this loan.'; 'Print or save as PDF' and 'Back to documents' (neither printed).",
};
