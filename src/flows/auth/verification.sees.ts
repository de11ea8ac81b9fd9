/**
 * What the borrower sees in each leaf state of the verification machine (machines/verification/verification.machine.ts),
 * read from VerificationView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  arriving: "Nothing new: the 'Verification' page with its 'Checking your verification…' spinner while the link is checked for a pid.",
  noProduct:
    "The 'Verification' page with a back arrow: 'This link does not say which loan product you are applying for.', 'Choose a loan product on the home page to start.' and a 'Go to Home' button.",
  loading: "The 'Verification' page with a spinner and 'Checking your verification…'.",
  failed:
    "A dialog titled 'Info' over the 'Verification' page with the server's message (or 'Could not check your verification. Please try again.') and an 'OK' button that goes back to the product page.",
  leaving: "The 'Checking your verification…' spinner stays for a moment while the hub is replaced by the next step or the product page.",
};
