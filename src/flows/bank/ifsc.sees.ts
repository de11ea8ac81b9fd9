/**
 * What the borrower sees in each leaf state of the ifsc machine (machines/bank/ifsc.machine.ts),
 * read from IfscView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  'bank.loading':
    "The 'Find your IFSC' page (back arrow to 'Add bank account') with the heading 'Choose your bank' and a spinner with 'Loading…'.",
  'bank.failed':
    "Under 'Choose your bank', an error area with the reason (or 'Could not load the list. Please try again.') and a 'Try again' button.",
  'bank.choosing':
    "Under 'Choose your bank', a 'Search banks' field with the hint 'Name, short name or IFSC code, e.g. SBI or SBIN' and the banks as buttons ('N of M shown' or 'Nothing matches “…”.' while searching), or 'No banks are listed.'; nothing is shown as chosen yet, even after 'Change bank'.",
  'state.loading':
    "The chosen bank above the heading 'Choose the state of your branch' with a 'Change bank' button, and a spinner with 'Loading…'.",
  'state.failed':
    "Under 'Choose the state of your branch' (with 'Change bank'), an error area with the reason (or 'Could not load the list. Please try again.') and 'Try again'.",
  'state.choosing':
    "The chosen bank above 'Choose the state of your branch' with 'Change bank', a 'Search states' field and the states as buttons, or 'No states are listed for this bank.'.",
  'city.loading':
    "The chosen bank and state above the heading 'Choose the city of your branch' with a 'Change state' button, and a spinner with 'Loading…'.",
  'city.failed':
    "Under 'Choose the city of your branch' (with 'Change state'), an error area with the reason (or 'Could not load the list. Please try again.') and 'Try again'.",
  'city.choosing':
    "The chosen bank and state above 'Choose the city of your branch' with 'Change state', a 'Search cities' field and the cities as buttons, or 'No cities are listed for this state.'.",
  'branch.loading':
    "The chosen bank, state and city above the heading 'Choose your branch' with a 'Change city' button, and a spinner with 'Loading…'.",
  'branch.failed':
    "Under 'Choose your branch' (with 'Change city'), an error area with the reason (or 'Could not load the list. Please try again.') and 'Try again'.",
  'branch.choosing':
    "The chosen bank, state and city above 'Choose your branch' with 'Change city', a 'Search branches or IFSC' field and the branches as buttons (name and IFSC), or 'No branches are listed for this city.'.",
  done:
    "Under 'Choose your branch', a spinner with 'Loading…' while 'Add bank account' replaces the finder with the branch's IFSC filled in.",
};
