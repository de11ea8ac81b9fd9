/**
 * What the borrower sees in each leaf state of the auth-form machine (machines/auth-form/auth-form.machine.ts),
 * read from AuthFormView.tsx (the 'Basic information' and 'Work information' pages); shown by the
 * flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  checking:
    "The 'Basic information' or 'Work information' page (with 'Step n / m' when the link gives it) shows a spinner and 'Loading the form…'.",
  'loading.definition': "The spinner and 'Loading the form…' stay while the field definition loads.",
  'loading.states': "The spinner and 'Loading the form…' stay while the list of states loads.",
  failed: "The page shows the error (or 'Could not load the form. Please try again.') and a 'Try again' button.",
  'form.submission.editing':
    "The form and its Submit button: the fields from the server are editable; on Basic information 'Submit' stays disabled with 'Still to fill in: …' under it until every field is filled, on Work information a tap with empty fields shows 'Required' at each and 'Please fill in …' above Submit.",
  'form.submission.submitting':
    "The form and its Submit button: 'Submit' shows a spinner (its label turns to 'Still trying…' after a few seconds) and cannot be tapped, and every field is read-only; a failure puts each server message under the field it names, once, with 'Please correct the highlighted fields.' above Submit, and only what names no shown field in a toast at the top (a numbered list, the server's message, or 'Could not save your details. Please try again.').",
  'form.districts.checking': 'The district field: nothing new for the moment it takes to see whether a district list is needed.',
  'form.districts.idle':
    "The district field: its dropdown of the chosen state's districts, or disabled with 'Choose the state first.' when no state is chosen.",
  'form.districts.loading':
    "The district field: disabled, showing 'Loading districts…', while the other fields can still be filled.",
  'form.districts.failed':
    "The district field: disabled, with 'Could not load the districts.' under it and a 'Try again' link beside it.",
  done: "The page title and step line with a spinner and 'Loading…', without the form, while the verification hub replaces the page.",
};
