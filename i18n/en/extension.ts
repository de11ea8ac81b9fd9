/**
 * The extension page (/orders/{id}/extension; spec §2 'Extension'): the four notes, the buttons and
 * the dialog verbatim.
 */
import { catalogue } from '../core';

export const extensionText = catalogue('extension', {
  title: 'Extension',
  loading: 'Loading your extension…',
  opening: 'Opening your order…',
  loadFailed: 'Could not load the extension of your loan. Please try again.',
  offerLead: 'Extend the due date of your loan by paying the extension fee.',
  awaitingLead: 'Your extension is applied. Pay the extension fee to move your due date.',
  feeSummary: 'Extension fee',
  feeDue: 'Extension fee due',
  feePaid: 'Extension fee paid',
  processingFee: 'Extension processing fee ({rate})',
  interest: 'Interest',
  applicationDate: 'Extension application date',
  extensionDays: 'Extension days',
  daysOne: '{days} day',
  daysOther: '{days} days',
  newDueDate: 'New due date',
  details: 'Extension details',
  // The fee as a sum (spec §2's note): every part the lender's, the overdue part its rest when not sent.
  breakdown: 'How the fee adds up',
  overdueFee: 'Overdue fee',
  overdueRest: 'Overdue fee (what the fee due leaves; the lender does not itemise it)',
  notItemised: 'Difference the lender does not itemise',
  minus: 'minus',
  plus: 'plus',
  owedAfter: 'The fee does not repay your loan. Once it is paid, you will still owe {amount} on the loan, by the new due date, {date}.',
  owedToday:
    'The fee does not repay your loan: you will still owe its repayment amount by the new due date, {date}. Your order shows {amount} today; the lender confirms what remains once the fee is paid.',
  timeLeft: 'Time left to pay',
  payBy: 'Pay by {time}',
  // Spec §2 'Extension': the four notes.
  pleaseNote: 'Please note',
  noteDueDate: 'A successful extension moves the due date to 7 days from the extension request.',
  noteWindow: 'The fee must be paid within 24 hours or the extension fails.',
  noteFee: 'The fee equals the extension service fee plus overdue fee plus interest, minus any extension fee already paid.',
  noteRepaid: 'Any amount already repaid is used first towards the fee.',
  apply: 'Apply and payment',
  abandon: 'Abandon extension',
  abandonTitle: 'Confirm giving up on extension?',
  abandonBody: 'Abandoning makes the extension request unsuccessful.',
  continueExtension: 'Continue Extension',
  abandonExtension: 'Abandon Extension',
  applyFailed: 'Could not apply for the extension. Please try again.',
  abandonFailed: 'Could not abandon the extension. Please try again.',
  paymentRefused: 'The payment page is not on an address this app trusts, so it was not opened. Please try again later or contact us.',
  redirecting: 'Opening the payment page…',
  // Beyond the spec: the 24-hour window has ended.
  failedTitle: 'The extension has failed',
  failed: 'The 24-hour window to pay the extension fee has ended, so this extension has failed. Your due date has not changed.',
  checking: 'Checking your order…',
  stillOpen: 'The lender has not closed this extension yet. Check again in a moment.',
  checkAgain: 'Check again',
  recheckFailed: 'Could not check your order. Please try again.',
  backToOrder: 'Go to your order',
}, () => import('../hi/extension'));

export type ExtensionKey = keyof typeof extensionText.en;
