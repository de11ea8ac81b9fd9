/**
 * The sign-in screen in Hindi: the borrower switches on the screen itself, without a
 * reload; every text follows (labels, buttons, the agreement line, the machine's messages), the
 * switch says which language is on, <html lang> follows, the choice is remembered; the server's
 * text stays as the server sent it; English again is the spec's text verbatim.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, settle } from '../support/login-harness';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

describe('the sign-in screen in Hindi', () => {
  it('switches every text on the screen, and back, without a reload', async () => {
    const h = harness({ strict: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' })));
    await screen.findByText('लॉग इन करें');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('bw.pref.lang')).toBe('hi');
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('मोबाइल नंबर')).toBe(h.el.phone);
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeTruthy();
    expect(h.el.sendCode.textContent).toBe('कोड भेजें');
    expect(screen.getByRole('checkbox', { name: 'मैंने लोन गारंटी एग्रीमेंट पढ़ लिया है और मैं इससे सहमत हूँ' })).toBe(h.el.agreement);
    // A machine's message, by key, in Hindi.
    await act(async () => fireEvent.click(h.el.sendCode));
    expect(h.el.error.textContent).toBe('कृपया लोन गारंटी एग्रीमेंट से सहमति दें।');

    // The server's text as it came.
    await act(async () => fireEvent.click(h.el.agreement));
    await act(async () => fireEvent.change(h.el.phone, { target: { value: '9876543210' } }));
    await act(async () => fireEvent.click(h.el.sendCode));
    await settle(h.fakes.sendCode, { error: new Error('Too many codes today') });
    expect(h.el.error.textContent).toBe('Too many codes today');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'English' })));
    expect(document.documentElement.lang).toBe('en');
    expect(h.el.login.textContent).toBe('Log in');
    await act(async () => fireEvent.click(h.el.agreement));
    await act(async () => fireEvent.click(h.el.sendCode));
    expect(h.el.error.textContent).toBe('Please agree with Loan Guarantee Argreement.');
  });
});
