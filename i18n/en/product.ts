/** Product detail (/product/{pid}, spec §4): the labels around the server's product. */
import { catalogue } from '../core';

export const productText = catalogue('product', {
  title: 'Product detail',
  loading: 'Loading product…',
  summary: 'Loan summary',
  maxAmount: 'Max amount',
  lendingTime: 'Lending time',
  period: 'Period',
  days: '{n} days',
  rating: 'Rating',
  outOf5: '{score} out of 5',
  interest: 'Interest',
  eligibility: 'Product Eligibility',
  requirement: 'Requirement',
  applyNow: 'APPLY NOW',
}, () => import('../hi/product'));

export type ProductKey = keyof typeof productText.en;
