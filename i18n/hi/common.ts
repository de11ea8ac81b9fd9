import type { Translation } from '../core';
import type { commonText } from '../en/common';

export const common: Translation<typeof commonText> = {
  loading: 'लोड हो रहा है…',
  languageEnglish: 'English',
  languageHindi: 'हिन्दी',
  languageLabel: 'भाषा',
  somethingWrong: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
};
