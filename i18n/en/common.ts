/**
 * Texts the shared UI uses on every screen (src/ui, src/app), and the words every flow may reuse
 * (buttons of dialogs, the rate's units). English; Hindi in i18n/hi/common.ts. On the first screen:
 * keep it short.
 */
import { catalogue } from '../core';

export const commonText = catalogue('common', {
  loading: 'Loading…',
  languageEnglish: 'English',
  languageHindi: 'हिन्दी',
  languageLabel: 'Language',
  somethingWrong: 'Something went wrong. Please try again.',
  tryAgain: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  ok: 'OK',
  info: 'Info',
  notNow: 'Not now',
  back: 'Back',
  goHome: 'Go to Home',
  select: 'Select',
  stillTrying: 'Still trying…',
  step: 'Step {step} / {total}',
  perDay: '{rate}% / day',
  perYear: '{rate}% / year',
}, () => import('../hi/shell'));

export type CommonKey = keyof typeof commonText.en;
