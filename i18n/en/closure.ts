/**
 * Ending a loan early from its detail page: the cooling-off exit, pre-closure and a part payment
 * (docs/borrower-rights.md 'Cooling-off exit, pre-closure and part payment').
 */
import { catalogue } from '../core';

export const closureText = catalogue('closure', {
  section: 'Pay early',
  quoting: 'Checking what closes your loan today…',
  quoteFailed: 'Could not check what closes your loan today.',
  tryAgain: 'Try again',
  exitTitle: 'Exit this loan without penalty',
  exitLead: 'You are in the cooling-off period until {time}. Exit now by paying {amount}: the principal and the interest for {days} days, with no penalty.',
  exitLeadOne: 'You are in the cooling-off period until {time}. Exit now by paying {amount}: the principal and the interest for 1 day, with no penalty.',
  exitButton: 'Exit this loan without penalty',
  closeTitle: 'Close the loan today',
  closeLead: 'Close your loan today by paying {amount}: the interest to date, with no foreclosure fee.',
  closeButton: 'Close the loan today',
  partButton: 'Pay part of the amount',
  confirmExitTitle: 'Exit this loan',
  confirmCloseTitle: 'Close this loan',
  principal: 'Principal',
  interestDays: 'Interest for {days} days',
  interestOneDay: 'Interest for 1 day',
  penalCharge: 'Penal charge so far',
  paidSoFar: 'Already paid',
  sumTitle: 'How this amount is made up',
  total: 'To pay now',
  feesKept: 'The processing fee ({fee}) and its GST ({gst}), taken when the money was sent, are not refunded, as your Key Fact Statement says.',
  validUntil: 'This amount holds until {time}.',
  afterPaying: 'Once the lender receives it, the loan is closed and nothing more is owed.',
  pay: 'Pay {amount}',
  cancel: 'Cancel',
  quoteChanged: 'The amount that closes your loan has changed. Please check the new amount.',
  payFailed: 'Could not start the payment. Please try again.',
  paymentRefused: 'The payment page is not on an address this app trusts. Please contact the lender.',
  redirecting: 'Taking you to the payment page…',
  partTitle: 'Pay part of the amount',
  partLabel: 'Amount to pay (₹)',
  partHint: 'From ₹1 to less than {due}. To pay it all, use Repayment.',
  partInvalid: 'Enter an amount from ₹1 to less than {due}.',
  partLeaves: 'This leaves {amount} to pay by the due date.',
  partPay: 'Pay {amount}',
  paymentClosure: 'Loan closure',
  loanClosed: 'Your loan is closed. Nothing more is owed on it.',
}, () => import('../hi/closure'));

export type ClosureKey = keyof typeof closureText.en;
