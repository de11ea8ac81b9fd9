/**
 * The order pages (/orders/{id}/audit, /confirm, /detail; spec §1, §2 'Audit', 'Confirm', 'Order
 * detail'): 'In Auditing', 'Get Money', 'Repayment stress?' / 'Extend due date' verbatim.
 */
import { catalogue } from '../core';

export const orderText = catalogue('order', {
  loading: 'Loading your order…',
  opening: 'Opening your order…',
  loadFailed: 'Could not load your order. Please try again.',
  // The audit page (spec §2 'Audit').
  auditTitle: 'In Auditing',
  auditNote: 'It takes a few minutes. We will notify you by SMS when it is done.',
  auditCredit: 'The credit evaluation sets your loan amount. Paying your bills on time raises your credit score.',
  lendingNote: 'Approved. Your money is on its way to your bank account.',
  autoRecheck: 'This page checks again by itself while it is open.',
  refresh: 'Refresh',
  recheckFailed: 'Could not check the status. Please try again.',
  // The confirm page (spec §2 'Confirm').
  confirmTitle: 'Confirm loan',
  confirmLead: 'Your loan is approved. Confirm to receive the money in your bank account.',
  applyDate: 'Apply date',
  bankAccount: 'Bank account',
  accountEnding: 'Account ending {digits}',
  getMoney: 'Get Money',
  confirmFailed: 'Could not confirm your loan. Please try again.',
  // The confirm page's two sums, before Get Money: every part is the lender's figure.
  receiveTitle: 'What reaches your account',
  willReceive: 'You will receive',
  repayTitle: 'What you repay',
  minus: 'minus',
  plus: 'plus',
  notItemised: 'Difference the lender does not itemise',
  notProvided: 'Not provided by the lender',
  dueOn: 'Due date',
  dueNote: 'The loan runs {days} days from the day the money is sent.',
  kfsLink: 'Read the Key Fact Statement',
  // The detail page (spec §2 'Order detail').
  detailTitle: 'Order detail',
  summary: 'Summary',
  orderNumber: 'Order number',
  settled: 'This loan is repaid in full.',
  dueDate: 'Due date {date}',
  dueInDays: 'Due in {days} days',
  dueTomorrow: 'Due tomorrow',
  dueToday: 'Due today',
  // The due date has passed but the lender does not say overdue (a grace period): never 'overdue'.
  duePassed: 'Due date passed',
  // State 8 (Overdued) without days overdue: the lender's word, with no count the app would make up.
  overdue: 'Overdue',
  overdueOne: '{days} day overdue',
  overdueOther: '{days} days overdue',
  daysOverdue: 'Days overdue',
  overdueFee: 'Overdue fee',
  loanDetails: 'Loan details',
  loanAmount: 'Loan amount',
  period: 'Period',
  periodDays: '{days} days',
  amountReceived: 'Amount received',
  repaymentAmount: 'Repayment amount',
  repaidSoFar: 'Repaid so far',
  processingFee: 'Processing fee',
  gst: 'GST (18% of the processing fee)',
  interestFee: 'Interest fee',
  applicationDate: 'Application date',
  timeline: 'Timeline',
  stepApplied: 'Applied',
  stepApproved: 'Approved',
  stepDisbursed: 'Disbursed',
  stepDue: 'Due',
  stepRepaid: 'Repaid',
  stepDone: '(done)',
  stepOverdue: '(overdue)',
  extensionAsk: 'Repayment stress?',
  extensionLink: 'Extend due date',
  repayment: 'Repayment {amount}',
  repayFailed: 'Could not start the payment. Please try again.',
  paymentRefused: 'The payment page is not on an address this app trusts, so it was not opened. Please try again later or contact us.',
  redirecting: 'Opening the payment page…',
});

export type OrderKey = keyof typeof orderText.en;
