/**
 * What the borrower sees in each leaf state of the complaints machine (machines/complaints/complaints.machine.ts),
 * read from ComplaintsView.tsx and GrievanceView.tsx on Help; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading:
    "Under the questions, 'Complaints' with a spinner and 'Loading your complaints…'; below, 'Grievance officer' (name, phone, e-mail, each 'Not provided by the lender' when missing) and 'Not resolved in 30 days?' with cms.rbi.org.in and 'Call 14448'.",
  notOffered:
    "'Complaints' with 'To complain, write to the grievance officer below.', no form; then the grievance officer's name, phone and e-mail and the RBI Ombudsman route (cms.rbi.org.in, 14448).",
  failed: "'Complaints' with the reason (or 'Could not load your complaints.') and 'Try again'; the grievance officer and the RBI route below.",
  'ready.deciding': 'The complaints section for the moment it takes to see whether a draft was left: the form if so, else the list.',
  'ready.browsing':
    "'Complaints', the 'Raise a complaint' button and 'Your complaints': a card per ticket ('Ticket GRV-…', its status, topic and order, the text, 'Raised …', 'Reply due by …', each 'Reply from the lender' as text, and on a ticket 30 days without a resolution the RBI Ombudsman route). After a send, 'Complaint GRV-… is raised. The lender will reply by …'.",
  'ready.writing':
    "The form in place of the button: 'What is it about?', 'Which order? (optional)', 'Your complaint' with 'n / 300', 'Cancel' and 'Send complaint'; a missing topic or text, a refused character or the limit says why, and a failed send shows the server's message in red.",
  'ready.sending': "The form is read-only, 'Cancel' disabled and 'Send complaint' reads 'Sending…' with a spinner.",
};
