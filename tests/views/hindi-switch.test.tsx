/**
 * Switching to Hindi on a screen whose Hindi is still on its way: the screen stays in English until
 * its namespaces are here, then shows them in one go. No frame mixes the two, and none shows
 * English once Hindi has shown.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { language } from '../../src/lib/language';
import { englishIn, hindiShown, recordFrames } from '../support/frames';
import { switchLanguage } from '../support/language';
import { harness } from '../support/login-harness';

const gate = await vi.hoisted(async () => {
  return (await import('../support/fakes')).deferred<void>();
});
// The sign-in screen's Hindi arrives when the test says so (gate.resolve()): a slow network.
vi.mock('../../i18n/hi/login', async (original) => {
  await gate.promise;
  return original();
});

afterEach(() => switchLanguage('en'));

describe('switching to Hindi', () => {
  it('keeps the sign-in screen in English until its Hindi is here, then shows it all in Hindi', async () => {
    const h = harness({ strict: true });
    const { frames, stop } = recordFrames();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' })));
    expect(language.current()).toBe('en');
    expect(h.el.login.textContent).toBe('Log in');
    await act(async () => gate.resolve());
    await screen.findByText('लॉग इन करें');
    stop();
    expect(language.current()).toBe('hi');
    const firstHindi = frames.findIndex(hindiShown);
    expect(firstHindi).toBeGreaterThan(-1);
    frames.slice(firstHindi).forEach((frame) => expect(englishIn(frame), frame).toEqual([]));
    frames.slice(0, firstHindi).forEach((frame) => expect(hindiShown(frame), frame).toBe(false));
  });
});
