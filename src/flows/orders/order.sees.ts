/**
 * What the borrower sees in each leaf state of the order machine (machines/order/order.machine.ts),
 * read from OrderFrame.tsx, AuditView.tsx, ConfirmOrderView.tsx and OrderDetailView.tsx (one page
 * each: audit, confirm, detail); shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading:
    "The page's title ('In Auditing', 'Confirm loan' or 'Order detail', back arrow to Loan History) over a spinner with 'Loading your order…'.",
  failed:
    "Under the page's title, an error area with the reason (or 'Could not load your order. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  routing:
    "Nothing new: the page stays as it was (the 'Loading your order…' spinner, or the audit page after a re-check) while the order's state picks what to show.",
  'auditing.waiting':
    "The 'In Auditing' page: 'It takes a few minutes. We will notify you by SMS when it is done.', the credit note, the order number and loan amount, 'This page checks again by itself while it is open.' and an enabled 'Refresh'. A failed re-check shows 'Could not check the status. Please try again.' above the button.",
  'auditing.paused':
    "The same 'In Auditing' page with 'Refresh' enabled; nothing changes on screen while the page is hidden.",
  'auditing.checking': "The 'In Auditing' page with 'Refresh' busy (spinner, no taps) while the order is read again.",
  'lending.waiting':
    "The 'In Auditing' page with a done mark and 'Approved. Your money is on its way to your bank account.', the order number and loan amount, 'This page checks again by itself while it is open.' and an enabled 'Refresh' (a failed re-check says 'Could not check the status. Please try again.').",
  'lending.paused': "The same approved 'In Auditing' page with 'Refresh' enabled; nothing changes on screen while the page is hidden.",
  'lending.checking': "The approved 'In Auditing' page with 'Refresh' busy (spinner, no taps) while the order is read again.",
  'pass.idle':
    "'Confirm loan': 'Your loan is approved. Confirm to receive the money in your bank account.', then 'What reaches your account' (Loan amount, − Processing fee, − GST (18% of the processing fee), = You will receive, and the bank account by its last 4 digits) and 'What you repay' (Loan amount, + Interest fee, = Repayment amount, Due date), each part the lender's or 'Not provided by the lender'; 'The loan runs 91 days from the day the money is sent.', the apply date, 'Read the Key Fact Statement' (its own page) and an enabled 'Get Money'. A failed confirmation says why above the button (e.g. 'Could not confirm your loan. Please try again.').",
  'pass.confirming': "The 'Confirm loan' page with 'Get Money' busy (spinner, no taps).",
  'loaned.idle':
    "The 'Order detail' page: the order number, the amount due with its days left ('Due in 5 days'; 'Due date passed', nothing red, when the date has passed but the lender sends no days overdue) and due date, the loan details, the timeline, 'Repayment stress?' with 'Extend due date' when the order can be extended, and an enabled 'Repayment ₹…' button. A failed tap shows the reason above it (e.g. 'Could not start the payment. Please try again.').",
  'loaned.requesting': "The 'Order detail' page with the 'Repayment ₹…' button busy (spinner, no taps).",
  'loaned.redirecting': "'Opening the payment page…' above the busy 'Repayment ₹…' button while the browser goes to the payment page.",
  'overdued.idle':
    "The 'Order detail' page as for a loan, in a red summary: the lender's days overdue ('3 days overdue', with 'Days overdue' and 'Overdue fee'; 'Overdue' alone when it sends none), the due step of the timeline red, and the 'Repayment ₹…' button in red; a failed tap shows the reason above it.",
  'overdued.requesting': "The overdue 'Order detail' page with the red 'Repayment ₹…' button busy (spinner, no taps).",
  'overdued.redirecting': "'Opening the payment page…' above the busy red 'Repayment ₹…' button while the browser goes to the payment page.",
  settled:
    "The 'Order detail' page read-only: the order number, 'This loan is repaid in full.', the loan details and the timeline; no Repayment button.",
  leaving: "Under the page's title, a spinner with 'Opening your order…' while the page the order belongs on (or /orders) replaces this one.",
};
