/**
 * Scheduled applications (spec §2 'Schedule List and scheduled order detail', §4 'Scheduled order
 * states', §5 'Loan apply', §8): the Schedule List, a scheduled order, scheduling one.
 * The spec's texts verbatim ('No Scheduled order history', the cancel question, the no-card line).
 */
import { catalogue } from '../core';

export const scheduleText = catalogue('schedule', {
  /** The Schedule List. */
  listTitle: 'Schedule List',
  loadingList: 'Loading your scheduled applications…',
  listFailed: 'Could not load your scheduled applications. Please try again.',
  empty: 'No Scheduled order history',
  viewDetail: 'View Detail',
  /** A card's name when the product has none (read by screen readers). */
  scheduledApplication: 'Scheduled application',
  /** Spec §4 'Scheduled order states'; a state the spec does not name is shown by its number. */
  stateScheduled: 'Scheduled',
  stateApplied: 'Applied',
  stateCanceled: 'Canceled',
  stateOther: 'State {state}',
  expectedAmount: 'Expected amount',
  bankAccount: 'Bank account',
  created: 'Created',
  orderNumber: 'Order number',
  accountEnding: 'Account ending {digits}',
  myLoans: 'My loans',

  /** A scheduled order. */
  detailTitle: 'Scheduled order',
  loadingDetail: 'Loading your scheduled application…',
  openingList: 'Opening your scheduled applications…',
  detailFailed: 'Could not load this scheduled application. Please try again.',
  cancel: 'Cancel',
  cancelQuestion: 'Are you confirm cancel this schedule order ?',
  cancelConsequence: 'The application will not be sent for you.',
  yes: 'Yes',
  no: 'No',
  cancelFailed: 'Could not cancel the scheduled application. Please try again.',

  /** Scheduling one. */
  applyTitle: 'Schedule an application',
  loadingProduct: 'Loading the product…',
  openingScheduled: 'Opening your scheduled application…',
  whyBlocked: 'Why you cannot apply now',
  explanation:
    'We will apply for you automatically as soon as this product opens for you, for example when your current loan is settled. You can cancel before then.',
  openOrder:
    'You have a loan that is still open, so you cannot apply for this product right now. Schedule an application instead, and we will send it for you once that loan is settled.',
  scheduleButton: 'Schedule application',
  loadFailed: 'Could not load this product. Please try again.',
  noAmounts: 'This product has no loan amount to offer right now.',
  noCard: 'Please Select or Add Bank Account',
  scheduleFailed: 'Could not schedule your application. Please try again.',
}, () => import('../hi/schedule'));

export type ScheduleKey = keyof typeof scheduleText.en;
