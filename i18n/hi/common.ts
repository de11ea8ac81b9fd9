import type { Translation } from '../core';
import type { commonText } from '../en/common';

export const common: Translation<typeof commonText> = {
  loading: 'लोड हो रहा है…',
  languageEnglish: 'English',
  languageHindi: 'हिन्दी',
  languageLabel: 'भाषा',
  somethingWrong: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  tryAgain: 'फिर कोशिश करें',
  close: 'बंद करें',
  cancel: 'रद्द करें',
  ok: 'ठीक है',
  info: 'जानकारी',
  notNow: 'अभी नहीं',
  back: 'वापस',
  goHome: 'होम पर जाएँ',
  select: 'चुनें',
  stillTrying: 'कोशिश जारी है…',
  step: 'चरण {step} / {total}',
  perDay: '{rate}% / दिन',
  perYear: '{rate}% / साल',
};
