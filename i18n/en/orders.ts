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
  blockedNamed: 'You have an open loan on {name}, so you cannot apply for it again until that loan is settled.',
  blocked: 'You have an open loan on this product, so you cannot apply for it again until that loan is settled.',
  scheduleOffer: 'Schedule your next application now and we will send it for you once the loan is settled.',
  scheduleNext: 'Schedule next application',
  applyLater: 'You can apply again once the loan is settled.',
});

export type OrdersKey = keyof typeof ordersText.en;
