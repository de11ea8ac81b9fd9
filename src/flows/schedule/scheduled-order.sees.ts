/**
 * What the borrower sees in each leaf state of the scheduled-order machine (machines/schedule/scheduled-order.machine.ts),
 * read from ScheduledOrderView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading: "The 'Scheduled order' page (back arrow to the Schedule List) shows a spinner with 'Loading your scheduled application…'.",
  failed:
    "Under 'Scheduled order', an error area with the reason (or 'Could not load this scheduled application. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  closed:
    "The application's card read-only: product, state, 'Expected amount', masked 'Bank account', 'Created' and, once applied, the 'Order number' with a 'My loans' link; no Cancel.",
  'scheduled.idle':
    "The application's card (product, state, 'Expected amount', masked 'Bank account', 'Created'), 'We will apply for you automatically as soon as this product opens for you…' and an enabled 'Cancel'. A failed cancel shows the reason above it (e.g. 'Could not cancel the scheduled application. Please try again.').",
  'scheduled.asking':
    "Over the details, the dialog 'Are you confirm cancel this schedule order ?' with 'The application will not be sent for you.', 'No' and 'Yes'.",
  'scheduled.cancelling': "The dialog stays open with 'Yes' busy (spinner) and 'No' disabled.",
  leaving: "Under 'Scheduled order', a spinner with 'Opening your scheduled applications…' while the Schedule List replaces the page.",
};
