/**
 * What the borrower sees in each leaf state of the orders machine (machines/orders/orders.machine.ts),
 * read from OrdersView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  'loading.list.loading': "The 'Loan History' page (back arrow to Personal) shows a spinner with 'Loading your orders…'.",
  'loading.list.loaded': "The orders are in: still the spinner with 'Loading your orders…' until the blocked (or just applied for) product has been looked up too.",
  'loading.reason.deciding': 'Nothing new: the moment it takes to see whether the page was opened with a reason.',
  'loading.reason.finding': "The blocked (or just applied for) product is looked up: the spinner with 'Loading your orders…' stays.",
  'loading.reason.known': "The reason is settled: the spinner with 'Loading your orders…' stays until the orders are in too.",
  failed:
    "Under 'Loan History', an error area with the reason (or 'Could not load your orders. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  ready:
    "Opened after APPLY NOW, a notice first: 'Application submitted', 'We have received your application for Rupee Rise.', what happens next (the review, an SMS, confirming here once approved) and a 'Follow the review' link to the audit page while the order is in review. Opened with a reason, a notice first: 'You already have an open loan' and 'A new application for Rupee Rise can only be made once that loan is settled.' ('for this product' when home does not name it), then, for a product that can be scheduled, 'You can schedule it now, and we will send it for you then.' with a 'Schedule next application' link (nothing more for a partner's or unknown product). Then an enabled 'Refresh' button above the orders, each card with its number, state name, 'Loan amount', 'You will receive' (before the money is sent; 'Amount received' once it was, 'Amount after fees' for a denied or failed order) and 'Repayment amount' (linked by its state), or 'No order history go get your first loan'. After a failed refresh, a toast says why (e.g. 'Could not refresh your orders. Please try again.').",
  refreshing: "The same notice and list stay on screen with the 'Refresh' button busy (spinner, no taps).",
};
