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
  repaymentAmount: 'Repayment amount',
  /** The notice when an open loan blocked an application (?blocked={pid}). */
  blockedTitle: 'You already have an open loan',
  blockedNamed: 'A new application for {name} can only be made once that loan is settled.',
  blocked: 'A new application for this product can only be made once that loan is settled.',
  scheduleOffer: 'You can schedule it now, and we will send it for you then.',
  scheduleNext: 'Schedule next application',
});

export type OrdersKey = keyof typeof ordersText.en;
