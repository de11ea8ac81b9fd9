/**
 * Account's Quit asks first ('Sign out?', with Cancel and Sign out): Cancel, Escape or closing the
 * question changes nothing; Sign out ends the session, removes what was stored for it and goes to
 * /login, while the device's preferences stay.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { accountText } from '../../i18n/en/account';
import AccountRoute from '../../src/flows/personal/AccountRoute';
import { session } from '../../src/lib/session';
import { switchLanguage } from '../support/language';

const t = accountText.en;

function show() {
  session.signIn({ token: 'tA', phone: '919000000001' });
  localStorage.setItem('bw.draft.auth.basic.919000000001', '{"education":"Graduate"}');
  localStorage.setItem('bw.pref.lang', 'en');
  localStorage.setItem('bw.pref.appName', 'Sandbox Loans');
  const location = memoryLocation({ path: '/personal', record: true });
  render(
    <Router hook={location.hook}>
      <AccountRoute />
    </Router>,
  );
  return location;
}

const question = () => screen.queryByRole('dialog', { name: t.quitQuestion });
const stored = () => Object.keys(localStorage).sort();
const before = ['bw.appMode', 'bw.draft.auth.basic.919000000001', 'bw.phone', 'bw.pref.appName', 'bw.pref.lang', 'bw.token'];

describe('Account: Quit asks first', () => {
  it('Quit opens the question, its two answers named, Cancel first; nothing is cleared yet', () => {
    show();
    const quit = screen.getByRole('button', { name: t.quit });
    expect(quit.getAttribute('aria-haspopup')).toBe('dialog');
    expect(question()).toBeNull();
    act(() => fireEvent.click(quit));
    const dialog = question()!;
    expect(dialog).toBeTruthy();
    expect(dialog.textContent).toContain(t.quitConsequence);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', t.signOut]);
    expect(session.token()).toBe('tA');
    expect(stored()).toEqual(before);
  });

  it('Cancel changes nothing: the page, the session and what is stored stay', () => {
    const location = show();
    act(() => fireEvent.click(screen.getByRole('button', { name: t.quit })));
    act(() => fireEvent.click(within(question()!).getByRole('button', { name: 'Cancel' })));
    expect(question()).toBeNull();
    expect(session.token()).toBe('tA');
    expect(stored()).toEqual(before);
    expect(location.history).toEqual(['/personal']);
  });

  it('Escape (the dialog cancelled) is Cancel', () => {
    show();
    act(() => fireEvent.click(screen.getByRole('button', { name: t.quit })));
    act(() => void fireEvent(question()!, new Event('cancel', { cancelable: true })));
    expect(question()).toBeNull();
    expect(session.token()).toBe('tA');
    expect(stored()).toEqual(before);
  });

  it("Sign out ends the session, removes the session's data and drafts, keeps the preferences, and goes to /login", () => {
    const location = show();
    act(() => fireEvent.click(screen.getByRole('button', { name: t.quit })));
    act(() => fireEvent.click(within(question()!).getByRole('button', { name: t.signOut })));
    expect(session.token()).toBeNull();
    expect(stored()).toEqual(['bw.pref.appName', 'bw.pref.lang']);
    expect(location.history.at(-1)).toBe('/login');
  });

  it('in Hindi', async () => {
    await switchLanguage('hi');
    try {
      show();
      act(() => fireEvent.click(screen.getByRole('button', { name: 'बाहर निकलें' })));
      const dialog = screen.getByRole('dialog', { name: 'साइन आउट करें?' });
      expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['रद्द करें', 'साइन आउट']);
    } finally {
      await switchLanguage('en');
    }
  });
});
