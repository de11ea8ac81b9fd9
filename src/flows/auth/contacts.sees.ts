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
    "'Three people we can reach if we cannot reach you.' over three cards 'Contact 1'–'Contact 3' (Relationship, Name with the hint 'Only lowercase letters…' under it, Mobile number with +91) and an enabled 'Submit'; after a tap with problems each shows under its field and 'Please fill in the highlighted fields.' appears above Submit; after a refusal the server's messages stand under their fields with 'Please correct the highlighted fields.' above Submit.",
  submitting:
    "'Submit' shows a spinner (its label turns to 'Still trying…' after a few seconds) and cannot be tapped, and every field is read-only; a failure puts each server message under the field it names, once, and only what names no field in a toast at the top (a numbered list, the server's message, or 'Could not save your contacts. Please try again.').",
  done: "The form gives way to the 'Loading the form…' spinner while the verification hub replaces this page.",
};
