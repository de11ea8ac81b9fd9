/**
 * What the borrower sees in each leaf state of the orders machine (machines/orders/orders.machine.ts),
 * read from OrdersView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading: "The 'Loan History' page (back arrow to Personal) shows a spinner with 'Loading your orders…'.",
  failed:
    "Under 'Loan History', an error area with the reason (or 'Could not load your orders. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  ready:
    "An enabled 'Refresh' button above the orders, each card with its number, state name, 'Loan amount', 'Amount received' and 'Repayment amount' (linked by its state), or 'No order history go get your first loan'. After a failed refresh, a toast says why (e.g. 'Could not refresh your orders. Please try again.').",
  refreshing: "The same list stays on screen with the 'Refresh' button busy (spinner, no taps).",
};
