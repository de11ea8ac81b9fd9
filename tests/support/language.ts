/**
 * View tests in another language: `await switchLanguage('hi')` before (or while) rendering loads the
 * Hindi catalogue and switches every useText; `afterEach(() => switchLanguage('en'))` switches back.
 */
import { act } from '@testing-library/react';
import type { Lang } from '../../i18n/core';
import { language } from '../../src/lib/language';

export async function switchLanguage(lang: Lang): Promise<void> {
  await act(async () => {
    await language.set(lang);
  });
}
