/** Texts the shared UI uses on every screen (src/ui, src/app). English; Hindi in i18n/hi/common.ts. */
import { catalogue } from '../core';

export const commonText = catalogue('common', {
  loading: 'Loading…',
  languageEnglish: 'English',
  languageHindi: 'हिन्दी',
  languageLabel: 'Language',
  somethingWrong: 'Something went wrong. Please try again.',
});
