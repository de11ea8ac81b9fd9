/** Loan History (/orders; spec §2 'Orders list', §8): the empty text verbatim. */
import { catalogue } from '../core';

export const ordersText = catalogue('orders', {
  title: 'Loan History',
  loading: 'Loading your orders…',
  loadFailed: 'Could not load your orders. Please try again.',
  refresh: 'Refresh',
  refreshFailed: 'Could not refresh your orders. Please try again.',
  empty: 'No order history go get your first loan',
  orderNo: 'Order {orderNo}',
  loanAmount: 'Loan amount',
  amountReceived: 'Amount received',
  /** What reaches the account before the money is sent (1, 2, 4), and for an order that never lent (3, 5). */
  willReceive: 'You will receive',
  afterFees: 'Amount after fees',
  repaymentAmount: 'Repayment amount',
  /** The notice when an open loan blocked an application (?blocked={pid}). */
  blockedTitle: 'You already have an open loan',
  blockedNamed: 'A new application for {name} can only be made once that loan is settled.',
  blocked: 'A new application for this product can only be made once that loan is settled.',
  scheduleOffer: 'You can schedule it now, and we will send it for you then.',
  scheduleNext: 'Schedule next application',
  /** The notice after APPLY NOW (?submitted={pid}). */
  submittedTitle: 'Application submitted',
  submittedNamed: 'We have received your application for {name}.',
  submitted: 'We have received your application.',
  submittedNext: 'The lender reviews it now. It usually takes a few minutes, and you will get an SMS when it is decided. Once approved, confirm it here to receive the money.',
  followReview: 'Follow the review',
}, () => import('../hi/orders'));

export type OrdersKey = keyof typeof ordersText.en;
