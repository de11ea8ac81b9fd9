/**
 * The app around the screens (src/app): the page titles of the route table (src/app/routes.ts names
 * them by key; the document's title and the bottom nav use them), the page that is not there, the
 * page that could not load, the session's end. On the first screen: keep it short.
 */
import { catalogue } from '../core';

export const appText = catalogue('app', {
  home: 'Home',
  account: 'Account',
  schedules: 'Schedule List',
  about: 'About us',
  help: 'Help Center',
  privacy: 'Privacy centre',
  signIn: 'Sign in',
  signingIn: 'Signing in',
  rate: 'Rate us',
  download: 'Download',
  notice: 'Notice',
  contacts: 'Contacts',
  product: 'Product detail',
  confirm: 'Loan confirmation',
  denied: 'Application Denied',
  scheduleApply: 'Schedule an application',
  verification: 'Verification',
  identity: 'Identity verification',
  face: 'Face recognition',
  basic: 'Basic information',
  work: 'Work information',
  faceResult: 'Face recognition result',
  banks: 'Bank accounts',
  bankAdd: 'Add bank account',
  ifsc: 'Find your IFSC',
  orders: 'Loan History',
  auditing: 'In Auditing',
  orderConfirm: 'Confirm loan',
  kfs: 'Key Fact Statement',
  order: 'Order detail',
  extension: 'Extension',
  receipt: 'Payment receipt',
  documents: 'Documents',
  document: 'Document',
  scheduled: 'Scheduled order',
  notFound: 'Page not found',
  notFoundText: 'We could not find that page.',
  pageFailed: 'This page could not be loaded. Please check your connection and try again.',
  mainNav: 'Main',
  expired: 'Your session has expired. Please sign in again.',
}, () => import('../hi/shell'));

export type AppKey = keyof typeof appText.en;
