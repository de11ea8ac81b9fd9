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
});

export type OrdersKey = keyof typeof ordersText.en;
