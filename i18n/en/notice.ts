/** The one-message pages: /alert (spec §2, §8: its two sentences verbatim, 'IOS' included) and /verify/contact2. */
import { catalogue } from '../core';

export const noticeText = catalogue('notice', {
  title: 'Notice',
  iosOnly: 'iOS only',
  iosUsers: 'This product is only available to IOS users.',
  iosBrowser: 'Please use the IOS browser to open this page.',
  contacts: 'Emergency contacts',
  contactsLead: 'Your three emergency contacts are added in the app, as a step of your verification, after you sign in.',
  contactsPrivacy: 'Nothing about you or your contacts is shown on this page.',
  addContacts: 'Add emergency contacts',
}, () => import('../hi/notice'));

export type NoticeKey = keyof typeof noticeText.en;
