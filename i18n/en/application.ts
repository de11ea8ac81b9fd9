/** The loan confirmation (spec §2 'Loan confirmation', §4 'Confirmation page', §5 'Loan apply'): the page and its machine's messages. */
import { catalogue } from '../core';

export const applicationText = catalogue('application', {
  /** Spec §5 'Loan apply', verbatim. */
  noCard: 'Please Select or Add Bank Account',
  acknowledge: 'Please read and accept the Key Fact Statement.',
  loadFailed: 'Could not load your loan details. Please try again.',
  noAmounts: 'This product has no loan amount to offer right now.',
  calculateFailed: 'Could not calculate the repayment. Please try again.',
  applyFailed: 'Could not send your application. Please try again.',
  title: 'Loan confirmation',
  checking: 'Checking your application…',
  opening: 'Opening…',
  loanAmount: 'Loan amount',
  repayment: 'Repayment',
  repaymentAmount: 'Repayment amount',
  interestRate: 'Interest rate',
  interestFee: 'Interest fee',
  period: 'Period',
  periodDays: '{days} days',
  calculating: 'Calculating…',
  tryAgain: 'Try again',
  chooseAccount: 'Choose or add a bank account',
  autoGetMoney: 'Get the money automatically',
  autoGetMoneyHint: 'Paid out to your account as soon as the loan is approved.',
  applied: 'Application sent.',
  applyNow: 'APPLY NOW',
}, () => import('../hi/application'));

export type ApplicationKey = keyof typeof applicationText.en;
