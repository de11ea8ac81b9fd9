/**
 * A borrower who chose Hindi earlier opens a screen while its Hindi is still on its way: the view
 * waits for its namespaces (as for its lazy chunk), and its first frame is Hindi, never English.
 */
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';

const gate = vi.hoisted(() => {
  localStorage.setItem('bw.pref.lang', 'hi');
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
});
// The sign-in screen's Hindi arrives when the test says so: a slow network.
vi.mock('../../i18n/hi/login', async (original) => {
  await gate.opened;
  return original();
});

const { loginText } = await import('../../i18n/en/login');
const { language } = await import('../../src/lib/language');
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

describe('a first render in Hindi', () => {
  it('never shows the English of a namespace still on its way', async () => {
    expect(language.current()).toBe('hi');
    expect(language.hindi().login).toBeUndefined();
    const { frames, stop } = recordFrames();
    await act(async () => {
      render(
        <StrictMode>
          <SignIn />
        </StrictMode>,
      );
    });
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    await act(async () => {
      gate.open();
      await language.ready();
    });
    expect(screen.getByRole('button', { name: 'लॉग इन करें' })).toBeTruthy();
    stop();
    expect(frames.some(hindiShown)).toBe(true);
    frames.forEach((frame) => expect(englishIn(frame), frame).toEqual([]));
  });
});
