/**
 * The basic-info and work-info forms (spec §2 'Basic info and work info', §5, §8): the app's own
 * texts. The fields' labels, hints and choices come from the server and are shown as they came.
 */
import { catalogue } from '../core';

export const authFormText = catalogue('authForm', {
  titleBasic: 'Basic information',
  titleWork: 'Work information',
  loading: 'Loading the form…',
  required: 'Required',
  /** Above Submit when a tap finds unfilled required fields (short: it sits in the sticky bar). */
  missingOne: 'Please fill in {field}.',
  missingTwo: 'Please fill in {first} and {second}.',
  missingMany: 'Please fill in {first} and {count} other fields.',
  /** Above Submit while the server's messages stand under their fields (each said there, once). */
  checkHighlighted: 'Please correct the highlighted fields.',
  /** Under a disabled basic-info button: which fields are still empty. */
  toFillOne: 'Still to fill in: {field}.',
  /** {fields}: every field but the last, joined with ', '. */
  toFillMany: 'Still to fill in: {fields} and {last}.',
  fillAll: 'Fill in every field to continue.',
  chooseStateFirst: 'Choose the state first.',
  emailInvalid: 'Please enter a valid e-mail address, like name@example.com.',
  submitFailed: 'Could not save your details. Please try again.',
  loadFailed: 'Could not load the form. Please try again.',
  districtsFailed: 'Could not load the districts.',
  select: 'Select',
  selectState: 'Select the state',
  selectDistrict: 'Select the district',
  loadingDistricts: 'Loading districts…',
  tryAgain: 'Try again',
  submit: 'Submit',
}, () => import('../hi/authForm'));

export type AuthFormKey = keyof typeof authFormText.en;
