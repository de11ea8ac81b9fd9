/**
 * What the borrower sees in each leaf state of the schedule-list machine (machines/schedule/schedule-list.machine.ts),
 * read from ScheduleListView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading: "The 'Schedule List' page (back arrow to Personal) shows a spinner with 'Loading your scheduled applications…'.",
  failed:
    "Under 'Schedule List', an error area with the reason (or 'Could not load your scheduled applications. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  ready:
    "One card per scheduled application (product, state, 'Expected amount', masked 'Bank account', 'Created', the 'Order number' once applied, and 'View Detail' on a scheduled one), or 'No Scheduled order history'.",
};
