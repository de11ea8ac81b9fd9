/**
 * What the borrower sees in each leaf state of the home machine (machines/home/home.machine.ts),
 * read from HomeView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading:
    "The home heading and 'Instant personal loans, straight to your bank account.' above a spinner with 'Loading your offers…'.",
  failed:
    "Under the heading, an error area with the reason (or 'Could not load your home page.') and a 'Try again' button.",
  ready:
    "For each order the lender says is overdue, first and above any offer, 'Payment overdue' with the product, its days overdue ('5 days overdue', or 'Overdue'), 'Amount due', 'Overdue fee so far', 'Penal charge' (e.g. '0.1% of the overdue principal a day (₹10 a day on this loan)', or 'Not provided by the lender'), the note that a penal charge is added for each day late, and its button in red; then the 'In progress' list (each order with 'Loan amount …' or 'Amount due …' and its button, or 'View') when there is one, then 'Your loan offer' with one product card and 'Apply now' (single layout) or 'Loan products' with an 'Apply' button or an 'Unavailable' badge (and 'Schedule' when schedulable) per product; a 'Scheduled applications' link when the borrower has one, and who lends at the end. A toast says 'This product is not available right now.' for a product whose link is broken.",
  checkingOrders:
    "The single-layout offer stays on screen with its 'Apply now' button busy (spinner, no taps) while the orders are checked; then the borrower is sent to Loan History (which says why) or to verification, or a toast gives the reason it failed.",
};
