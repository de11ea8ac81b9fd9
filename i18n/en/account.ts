/** Account (/personal, spec §2, §4) and the titles of the pages it leads to (About us, Help Center). */
import { catalogue } from '../core';

export const accountText = catalogue('account', {
  account: 'Account',
  orders: 'Order History',
  schedules: 'Scheduled applications',
  documents: 'Documents',
  help: 'Help Center',
  about: 'About us',
  quit: 'Quit',
  quitQuestion: 'Sign out?',
  quitConsequence: 'You will need a new code to sign in again. What you typed and did not send is removed from this phone.',
  signOut: 'Sign out',
}, () => import('../hi/account'));

export type AccountKey = keyof typeof accountText.en;
