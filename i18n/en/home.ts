/** Home (spec §2 Home, §4 'Applying from home'): the screen and the home machine's messages. */
import { catalogue } from '../core';

export const homeText = catalogue('home', {
  home: 'Home',
  pitch: 'Instant personal loans, straight to your bank account.',
  loadFailed: 'Could not load your home page.',
  loading: 'Loading your offers…',
  offer: 'Your loan offer',
  products: 'Loan products',
  none: 'No loan products are available right now.',
  schedules: 'Scheduled applications',
  borrowUpTo: 'Borrow up to',
  period: 'Period',
  days: '{n} days',
  interest: 'Interest',
  applyNow: 'Apply now',
  details: 'Product details',
  upTo: 'Up to',
  applyFor: 'Apply for {name}',
  apply: 'Apply',
  unavailable: 'Unavailable',
  scheduleFor: 'Schedule an application for {name}',
  schedule: 'Schedule',
  inProgress: 'In progress',
  view: 'View',
  linkBroken: 'This product is not available right now.',
  failed: 'Something went wrong. Please try again.',
}, () => import('../hi/home'));

export type HomeKey = keyof typeof homeText.en;
