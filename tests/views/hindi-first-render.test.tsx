/**
 * A borrower who chose Hindi earlier opens a screen while its Hindi is still on its way: a lazy
 * screen waits for its namespaces (as for its chunk) and its first frame is Hindi; a view drawn
 * before its Hindi came shows no text, never English.
 */
import { act, render, screen } from '@testing-library/react';
import { lazy, StrictMode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

const gate = await vi.hoisted(async () => {
  localStorage.setItem('bw.pref.lang', 'hi');
  return (await import('../support/fakes')).deferred<void>();
});
// The sign-in screen's Hindi arrives when the test says so (gate.resolve()): a slow network.
vi.mock('../../i18n/hi/login', async (original) => {
  await gate.promise;
  return original();
});

const { loginText } = await import('../../i18n/en/login');
const { language, withTexts } = await import('../../src/lib/language');
const { useText } = await import('../../src/ui/text');
const { LanguageSwitch } = await import('../../src/ui/LanguageSwitch');
const { englishIn, hindiShown, recordFrames } = await import('../support/frames');

/** Texts of two namespaces side by side, as the sign-in screen has them. */
function SignIn() {
  const t = useText(loginText);
  return (
    <main>
      <LanguageSwitch />
      <h1>{t('signIn')}</h1>
      <button type="button">{t('logIn')}</button>
    </main>
  );
}

/** The same screen as a lazy chunk (every lazy() and route loader of the app goes through withTexts). */
const LazySignIn = lazy(() => withTexts(Promise.resolve({ default: SignIn })));

describe('a first render in Hindi', () => {
  it('never shows the English of a namespace still on its way; a lazy screen waits and draws in Hindi at once', async () => {
    expect(language.current()).toBe('hi');
    expect(language.hindi().login).toBeUndefined();
    const { frames, stop } = recordFrames();
    // Each frame: the lazy screen's button text, or '(waiting)' while its fallback shows.
    const lazyButton: string[] = [];
    const watch = new MutationObserver(() => {
      const region = document.querySelector('[data-testid="lazy"]');
      const button = region?.querySelector('main > button');
      lazyButton.push(button ? (button.textContent ?? '') : '(waiting)');
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    await act(async () => {
      render(
        <StrictMode>
          <SignIn />
          <div data-testid="lazy">
            <Suspense fallback={<p>…</p>}>
              <LazySignIn />
            </Suspense>
          </div>
        </StrictMode>,
      );
    });
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.getByTestId('lazy').querySelector('main')).toBeNull();
    await act(async () => {
      gate.resolve();
      await language.ready();
    });
    expect(screen.getAllByRole('button', { name: 'लॉग इन करें' })).toHaveLength(2);
    stop();
    watch.disconnect();
    expect(frames.some(hindiShown)).toBe(true);
    frames.forEach((frame) => expect(englishIn(frame), frame).toEqual([]));
    expect(lazyButton.filter((text) => text !== '(waiting)' && text !== 'लॉग इन करें')).toEqual([]);
  });
});
