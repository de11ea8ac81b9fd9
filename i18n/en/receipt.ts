/**
 * A payment's receipt (/orders/{id}/receipts/{paymentId}; beyond the spec): a document the borrower
 * prints or saves as PDF from the browser, in their language.
 */
import { catalogue } from '../core';

export const receiptText = catalogue('receipt', {
  title: 'Payment receipt',
  loading: 'Loading your receipt…',
  loadFailed: 'Could not load your receipt. Please try again.',
  notOffered: 'This lender does not give receipts in the app. Please contact the lender for one.',
  missing: 'There is no receipt for this payment. Only a payment the lender has received has a receipt.',
  backToLoan: 'Back to your loan',
  document: 'Receipt {number}',
  receiptNo: 'Receipt number',
  date: 'Date and time',
  lender: 'Lender',
  rbiRegistration: 'RBI registration no.',
  notProvided: 'Not provided by the lender',
  borrower: 'Borrower',
  orderNo: 'Loan order number',
  purpose: 'For',
  purposeRepayment: 'Loan repayment',
  purposeExtensionFee: 'Extension fee',
  reference: 'Payment reference',
  amount: 'Amount received',
  paidOff: 'What this payment paid off',
  principal: 'Principal',
  interest: 'Interest',
  fees: 'Fees',
  penalCharge: 'Penal charge',
  excess: 'Paid in excess (to be refunded)',
  total: 'Total',
  notItemised: 'The lender has not itemised this payment.',
  leftAfter: 'Left to pay after this payment',
  newDueDate: 'New due date',
  issued: 'Issued by the lender for a payment it has received. Keep it for your records.',
  print: 'Print or save as PDF',
}, () => import('../hi/receipt'));

export type ReceiptKey = keyof typeof receiptText.en;
