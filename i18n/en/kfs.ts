/**
 * The Key Fact Statement of one application (RBI KFS circular, April 2024, Annex A/B), shown on the
 * loan confirmation. RBI expects it in a language the borrower understands: complete in Hindi too.
 */
import { catalogue } from '../core';

export const kfsText = catalogue('kfs', {
  title: 'Key Fact Statement',
  pending: 'The Key Fact Statement appears once your loan figures are calculated.',
  accept: 'I have read and accept the Key Fact Statement above.',
  /** An order's KFS page (/orders/{id}/kfs). */
  loading: 'Loading the Key Fact Statement…',
  orderLead: 'The key facts of your loan, order {orderNo}, from the lender\'s figures.',
  print: 'Print or save as PDF',
  /** What the KFS says where the lender's data is missing. */
  notProvided: 'Not provided by the lender',
  sanctioned: 'Sanctioned loan amount',
  term: 'Loan term',
  termValue: '{days} days, repaid in one instalment',
  interest: 'Interest',
  processingFee: 'Processing fee',
  gst: 'GST on the processing fee ({rate})',
  netDisbursed: 'Net disbursed amount',
  netDisbursedValue: '{amount} (sanctioned amount less fees)',
  totalRepayable: 'Total amount to be repaid',
  dueDate: 'Due date',
  dueDateValue: '{date} (if disbursed today)',
  apr: 'Annual Percentage Rate (APR)',
  penal: 'Penal charges for late payment',
  penalValue: '{rate} of the overdue principal per day ({amount} a day on this loan). A charge, not interest: no interest is charged on it.',
  coolingOff: 'Cooling-off period',
  coolingOffOne: '{days} day: you may exit the loan by repaying the principal and the proportionate APR, with no penalty.',
  coolingOffOther: '{days} days: you may exit the loan by repaying the principal and the proportionate APR, with no penalty.',
  preClosure: 'Pre-closure (foreclosure)',
  preClosureFree: 'Any time, by repaying the principal and the interest to date, with no foreclosure fee. The processing fee and its GST are not refunded on a cooling-off exit or a pre-closure.',
  preClosureFee: 'Any time, by repaying the principal, the interest to date and a foreclosure fee of {rate} of the principal. The processing fee and its GST are not refunded on a cooling-off exit or a pre-closure.',
  lender: 'Lender',
  rbiRegistration: 'RBI registration:',
  grievanceOfficer: 'Grievance redressal officer',
  phone: 'Phone:',
  email: 'E-mail:',
  /** The lender's numbered KFS: its number and how long it binds the lender. */
  number: 'KFS number',
  validUntil: 'Valid until',
  acknowledgedOn: 'Acknowledged on',
  /** Get Money (confirm page): the KFS the money is sent under. */
  reading: 'Reading the Key Fact Statement…',
  binds: 'You acknowledged Key Fact Statement {kfsNo}. It is valid until {time}.',
  current: 'Key Fact Statement {kfsNo}, valid until {time}. Please read it and acknowledge it before Get Money.',
  currentApp: 'Please read the Key Fact Statement and acknowledge it before Get Money.',
  acknowledge: 'I have read the Key Fact Statement and accept it.',
  /** The extension's amendment to the KFS, before its fee is paid. */
  amendmentTitle: 'Amendment to your Key Fact Statement',
  amendmentLead: 'Extending the loan changes these facts. Nothing else in your Key Fact Statement changes.',
  currentDueDate: 'Due date now',
  newDueDate: 'New due date',
  extensionDays: 'Extension',
  extensionDaysValue: '{days} days',
  amendmentFee: 'Extension fee to pay now',
  amendmentAccept: 'I have read this amendment to my Key Fact Statement and accept it.',
}, () => import('../hi/kfs'));

export type KfsKey = keyof typeof kfsText.en;
