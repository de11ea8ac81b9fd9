/**
 * What the borrower sees in each leaf state of the bank-add machine (machines/bank/bank-add.machine.ts),
 * read from BankAddView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  editing:
    "The 'Add bank account' form ('The loan is paid into this account. It must be in your name.'): 'IFSC code' with a 'Find IFSC' link, 'Bank account number' and 'Confirm account number', all editable, and an enabled 'Save'. After a Save with problems, each field shows its message (e.g. 'Please input Ifsc Code', 'Please Confirm Account') and focus goes to the first; a failed bind shows a toast (e.g. 'Could not add the bank account. Please try again.').",
  submitting:
    "The same form, its three fields read-only, with 'Save' busy (spinner, no taps).",
  done:
    "The form stays read-only with 'Save' busy while the loan confirmation replaces the page with the new account chosen (Home when there is no product).",
};
