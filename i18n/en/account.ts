/** Account (/personal, spec §2, §4) and the titles of the pages it leads to (About us, Help Center). */
import { catalogue } from '../core';

export const accountText = catalogue('account', {
  account: 'Account',
  orders: 'Order History',
  schedules: 'Scheduled applications',
  help: 'Help Center',
  about: 'About us',
  quit: 'Quit',
});

export type AccountKey = keyof typeof accountText.en;
