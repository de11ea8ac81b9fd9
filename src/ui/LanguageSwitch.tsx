/**
 * English or Hindi, on the login screen and in Account: two buttons, each named in its
 * own language; the one in use is pressed. The choice is remembered on the device (src/lib/language.ts).
 */
import { commonText } from '../../i18n/en/common';
import type { Lang } from '../../i18n/core';
import { language } from '../lib/language';
import { useText } from './text';

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useText(commonText);
  const choice = (lang: Lang, name: string) => (
    <button type="button" lang={lang} aria-pressed={t.lang === lang} onClick={() => void language.set(lang)}>
      {name}
    </button>
  );
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('languageLabel')}>
      {choice('en', t('languageEnglish'))}
      {choice('hi', t('languageHindi'))}
    </div>
  );
}
