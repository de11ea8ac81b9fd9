/**
 * Home's orders (its own chunk, loaded beside home: src/flows/home/HomeOrders.tsx): the overdue
 * block above any offer, and the labels of the in-progress amounts.
 */
import { catalogue } from '../core';

export const homeOrdersText = catalogue('homeOrders', {
  loanAmount: 'Loan amount',
  amountDue: 'Amount due',
  // An order the lender says is overdue (8): its days, what is due, the penal charge.
  overdueTitle: 'Payment overdue',
  overdue: 'Overdue',
  overdueOne: '{days} day overdue',
  overdueOther: '{days} days overdue',
  overdueFee: 'Overdue fee so far',
  penal: 'Penal charge',
  penalValue: '{rate} of the overdue principal a day ({amount} a day on this loan)',
  notProvided: 'Not provided by the lender',
  penalNote: 'A penal charge is added for each day the payment is late. It is a charge, not interest.',
  loading: 'Loading what is due…',
  loadFailed: 'Could not load what is due on this loan.',
  repay: 'Repay now',
}, () => import('../hi/homeOrders'));

export type HomeOrdersKey = keyof typeof homeOrdersText.en;
