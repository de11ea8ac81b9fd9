/**
 * The Loan Guarantee Agreement shown from the sign-in screen. Content, not code: the login screen
 * loads this module only when the borrower opens the agreement.
 */
export interface AgreementContent {
  title: string;
  sections: readonly { heading: string; text: string }[];
}

export const AGREEMENT: AgreementContent = {
  title: 'Loan Guarantee Agreement',
  sections: [
    {
      heading: '1. Who we are',
      text: 'This agreement is between you, the borrower, and the lender that offers loans through this app. It applies each time you apply for a loan in the app.',
    },
    {
      heading: '2. Your information',
      text: 'You confirm that the mobile number, identity documents (Aadhaar, PAN), bank account and contact details you give are your own, true and complete. We use them to verify you, to assess your application and to pay and collect your loan, as Indian law and RBI rules require.',
    },
    {
      heading: '3. Your promise to repay',
      text: 'If a loan is approved and paid to your bank account, you promise to repay the repayment amount shown before you confirm, by the due date. Interest, the processing fee and 18% GST on the processing fee are shown before you confirm; nothing is added without being shown first.',
    },
    {
      heading: '4. Late repayment and extension',
      text: 'If you repay late, an overdue fee is charged for each day overdue and your credit record may be affected. You may ask for an extension where the app offers it; its fee must be paid within 24 hours or the extension fails.',
    },
    {
      heading: '5. Consent to contact',
      text: 'You agree that we may send you SMS messages, including one-time codes, about your account and loans. We will not share your data for marketing without your consent.',
    },
    {
      heading: '6. Cancelling',
      text: 'You may stop using the app at any time. Loans already paid to you must still be repaid under their terms.',
    },
  ],
};
