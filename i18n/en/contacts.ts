/**
 * The contacts step (spec §2 'Contacts', §5, §8): the app's own texts. The relationship choices
 * come from the server and are shown as they came.
 */
import { catalogue } from '../core';

export const contactsText = catalogue('contacts', {
  title: 'Contacts',
  loading: 'Loading the form…',
  intro: 'Three people we can reach if we cannot reach you.',
  contactN: 'Contact {n}',
  relationLabel: 'Relationship',
  relationPlaceholder: 'Select the relationship',
  nameLabel: 'Name',
  mobileLabel: 'Mobile number',
  submit: 'Submit',
  relation: 'Please choose the relationship.',
  name: 'Please enter the name.',
  mobile: 'Please enter the mobile number.',
  mobileInvalid: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  mobileRepeated: 'This number is already given for another contact.',
  mobileOwn: 'Enter someone else’s number, not your own.',
  mobilePlaceholder: '{digits}-digit mobile number',
  /** Under each Name, before anything is typed (spec §5: lowercase letters, apostrophe and period only). */
  nameHint: "Only lowercase letters a–z, ' and . (no spaces). Capitals become lowercase.",
  missing: 'Please fill in the highlighted fields.',
  /** Above Submit while the server's messages stand under their fields (each said there, once). */
  checkHighlighted: 'Please correct the highlighted fields.',
  submitFailed: 'Could not save your contacts. Please try again.',
  loadFailed: 'Could not load the form. Please try again.',
  noRelations: 'The relationship choices are missing. Please try again later.',
}, () => import('../hi/contacts'));

export type ContactsKey = keyof typeof contactsText.en;
