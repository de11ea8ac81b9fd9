/**
 * What the borrower sees in each leaf state of the contacts machine (machines/contacts/contacts.machine.ts),
 * read from ContactsView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  checking: "The 'Contacts' page (with 'Step n / m' when the link gives it) shows a spinner and 'Loading the form…'.",
  loading: "The spinner and 'Loading the form…' stay while the relationship choices load.",
  failed:
    "The 'Contacts' page shows the error ('Could not load the form. Please try again.', 'The relationship choices are missing. Please try again later.' or the server's message) and a 'Try again' button.",
  editing:
    "'Three people we can reach if we cannot reach you.' over three cards 'Contact 1'–'Contact 3' (Relationship, Name, Mobile number with +91) and an enabled 'Submit'; after a tap with problems each shows under its field and 'Please fill in the highlighted fields.' appears above Submit.",
  submitting:
    "'Submit' shows a spinner and cannot be tapped and every field is read-only; a failure shows the server's messages as a numbered list in a toast (or 'Could not save your contacts. Please try again.') and under their fields.",
  done: "The form gives way to the 'Loading the form…' spinner while the verification hub replaces this page.",
};
