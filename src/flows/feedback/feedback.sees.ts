/**
 * What the borrower sees in each leaf state of the feedback machine (machines/feedback/feedback.machine.ts),
 * read from Feedback.tsx, FeedbackButton.tsx and FeedbackDialogView.tsx; shown by the flow atlas
 * (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  closed: "Only the floating 'Feedback' button at the bottom right of Home and the account page; no dialog.",
  'open.contact.checking': 'The contact lines: nothing new for the moment it takes to see whether they were loaded before.',
  'open.contact.loading': "The contact lines: not shown yet; the rest of the 'Feedback' dialog can be used meanwhile.",
  'open.contact.shown':
    "The contact lines: 'Tell us what we can do better. You can also reach customer care:' with the 'Phone' and 'E-mail' links, or nothing when the config has neither (or could not be loaded).",
  'open.form.editing':
    "The 'Feedback' dialog's form: the 'Your feedback' text area with its 'n / 300' counter, 'Cancel' and 'Send'; a refused character, the 300 limit or a blank Send shows a grey line under the counter (e.g. 'Please write your feedback first.').",
  'open.form.sending': "The 'Feedback' dialog's form: the text is read-only, 'Cancel' is disabled and the other button reads 'Sending…' with a spinner.",
  'open.form.sent': "The dialog closes and the toast 'Thank you for your feedback' appears over the page.",
  'open.form.failed':
    "The 'Feedback' dialog's form: the text stays, with the server's message (or 'Your feedback could not be sent. Please try again.') in red under it; 'Send' tries again.",
};
