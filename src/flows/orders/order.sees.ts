/**
 * What the borrower sees in each leaf state of the order machine (machines/order/order.machine.ts),
 * read from OrderFrame.tsx, AuditView.tsx, ConfirmOrderView.tsx and OrderDetailView.tsx (one page
 * each: audit, confirm, detail); shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading:
    "The page's title ('In Auditing', 'Confirm loan' or 'Order detail', back arrow to Loan History) over a spinner with 'Loading your order…' ('Checking your payment…' when back from the payment page).",
  readingPayments: "The 'Order detail' title over the spinner with 'Loading your order…' while the order's payments are read (nothing more where the lender does not offer them).",
  checkingPayment: "The 'Order detail' title over a spinner with 'Checking your payment…' while the lender is asked what happened to the payment.",
  received:
    "A card 'Payment received' ('Extension fee received' after an extension fee) with 'We have received ₹4,000.' (without the lender's record: 'The lender has updated your loan with this payment.'), the order number, 'Received on … IST', the 'Reference', then 'Left to pay ₹…', 'This loan is repaid in full.' or 'Your due date is now …'; 'View receipt' where the lender gives receipts, and 'Back to your loan'.",
  'pending.waiting':
    "A card 'Waiting for your bank': 'Your bank has not confirmed this payment yet. It may still go through.', the order number and reference, 'Please do not pay again meanwhile, or you may pay twice.' in amber, 'Your bank will confirm it by … IST.', 'This page checks again by itself and tells you when it changes.' and a 'Check again' button; no Pay again, no way back that shows Repayment. A failed check shows its reason above the button.",
  'pending.paused': "The same 'Waiting for your bank' card; nothing is asked while the page is hidden.",
  'pending.checking': "The 'Waiting for your bank' card with 'Check again' busy (spinner, no taps) while the order is read again.",
  'pending.checkingRecord': "The 'Waiting for your bank' card with 'Check again' busy while the payment's record is read again.",
  notReceived:
    "A card 'Payment not received' in red: 'Your bank did not complete this payment. No money was taken.', the order number and reference, 'You can try again.', 'Pay again' and a 'Back to your loan' link (while another payment waits for the bank: that message instead of Pay again).",
  unconfirmed:
    "A card 'Payment not confirmed yet': 'We have not received this payment yet. If money left your account, it shows here once your bank confirms it.', the order number, 'Check again in a moment. If you did not finish paying, you can pay again.', 'Check again', 'Pay again' (not while another payment waits for the bank) and a 'Back to your loan' link.",
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
  'pass.readingKfs':
    "The 'Confirm loan' page with its two sums, 'Reading the Key Fact Statement…' above a disabled 'Get Money' while the lender is asked which KFS the order stands on.",
  'pass.issuingKfs':
    "The same page, 'Reading the Key Fact Statement…' above a disabled 'Get Money', while the lender issues the current KFS for the order.",
  'pass.idle':
    "'Confirm loan': 'Your loan is approved. Confirm to receive the money in your bank account.', then 'What reaches your account' (Loan amount, − Processing fee, − GST (18% of the processing fee), = You will receive, and the bank account by its last 4 digits) and 'What you repay' (Loan amount, + Interest fee, = Repayment amount, Due date), each part the lender's or 'Not provided by the lender'; 'The loan runs 91 days from the day the money is sent.', the apply date, 'Read the Key Fact Statement' (its own page); then the KFS: 'You acknowledged Key Fact Statement KFS… It is valid until … IST.', or a card 'Key Fact Statement KFS…, valid until … IST. Please read it and acknowledge it before Get Money.' ('Please read the Key Fact Statement and acknowledge it before Get Money.' without the lender's) with the tick 'I have read the Key Fact Statement and accept it.'; and 'Get Money', disabled until the KFS binds. A failed confirmation says why above the button (e.g. 'Could not confirm your loan. Please try again.').",
  'pass.confirming': "The 'Confirm loan' page with 'Get Money' busy (spinner, no taps).",
  'pass.acknowledging': "The 'Confirm loan' page with the tick set and 'Get Money' busy (spinner, no taps) while the lender records the acknowledgement.",
  'loaned.idle':
    "The 'Order detail' page: the order number, the amount due with its days left ('Due in 5 days'; 'Due date passed', nothing red, when the date has passed but the lender sends no days overdue) and due date, the loan details, the 'Payments' list where the lender offers it (each received one with its 'Receipt' link), the timeline with each received payment's mark ('Paid ₹4,000'), 'Repayment stress?' with 'Extend due date' when the order can be extended, and an enabled 'Repayment ₹…' button. A failed tap shows the reason above it (e.g. 'Could not start the payment. Please try again.').",
  'loaned.requesting': "The 'Order detail' page with the 'Repayment ₹…' button busy (spinner, no taps).",
  'loaned.redirecting': "'Opening the payment page…' above the busy 'Repayment ₹…' button while the browser goes to the payment page.",
  'overdued.idle':
    "The 'Order detail' page as for a loan, in a red summary: the lender's days overdue ('3 days overdue', with 'Days overdue' and 'Overdue fee'; 'Overdue' alone when it sends none), the due step of the timeline red, and the 'Repayment ₹…' button in red; a failed tap shows the reason above it.",
  'overdued.requesting': "The overdue 'Order detail' page with the red 'Repayment ₹…' button busy (spinner, no taps).",
  'overdued.redirecting': "'Opening the payment page…' above the busy red 'Repayment ₹…' button while the browser goes to the payment page.",
  settled:
    "The 'Order detail' page read-only: the order number, 'This loan is repaid in full.', the loan details, the payments with their receipts (where offered) and the timeline, its Repaid step dated by the last payment; no Repayment button.",
  leaving: "Under the page's title, a spinner with 'Opening your order…' while the page the order belongs on (or /orders) replaces this one.",
};
