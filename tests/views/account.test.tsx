/**
 * Account's Quit asks first ('Sign out?', with Cancel and Sign out): Cancel, Escape or closing the
 * question changes nothing; Sign out asks the lender to end the session (with its token, not
 * awaited), ends it in the browser at once whatever the answer, removes what was stored for it and
 * goes to /login, while the device's preferences stay. The signed-in devices: the list with this
 * device marked (its Sign out is Quit's question), nothing at all against a lender without the
 * call, and a failed list with Try again.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { Offered } from '../../contract/beyond-spec';
import type { SessionList } from '../../contract/sessions';
import { accountText } from '../../i18n/en/account';
import { sessionsText } from '../../i18n/en/sessions';
import { FAILURE, LISTED } from '../../machines/sessions/sessions.cases';
import { sessionsMachine } from '../../machines/sessions/sessions.machine';
import { quit } from '../../src/flows/personal/account.effects';
import { AccountFlow } from '../../src/flows/personal/AccountRoute';
import { fromCall } from '../../src/lib/abortable';
import { session } from '../../src/lib/session';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

const t = accountText.en;
const d = sessionsText.en;
const NOT_OFFERED: Offered<SessionList> = { offered: false };

/**
 * Account signed in as +91 90000 00001. The devices list answers `listed` (by default: a lender
 * without the call); Quit's call to the lender is `end` (by default: answered at once).
 */
function show({ listed = () => Promise.resolve(NOT_OFFERED), end = vi.fn((_token: string) => Promise.resolve()) } = {}) {
  session.signIn({ token: 'tA', phone: '919000000001' });
  localStorage.setItem('bw.draft.auth.basic.919000000001', '{"education":"Graduate"}');
  localStorage.setItem('bw.pref.lang', 'en');
  localStorage.setItem('bw.pref.appName', 'Sandbox Loans');
  const location = memoryLocation({ path: '/personal', record: true });
  const revokes = fakeCalls<Offered<void>, { id: string }>();
  const machine = sessionsMachine.provide({ actors: { listSessions: fromCall(() => listed()), revokeSession: revokes.actor } });
  const view = render(
    <Router hook={location.hook}>
      <AccountFlow machine={machine} onQuit={() => quit(location.navigate, end)} />
    </Router>,
  );
  return { location, end, revokes, view };
}

const question = () => screen.queryByRole('dialog', { name: t.quitQuestion });
const stored = () => Object.keys(localStorage).sort();
const before = ['bw.appMode', 'bw.draft.auth.basic.919000000001', 'bw.phone', 'bw.pref.appName', 'bw.pref.lang', 'bw.token'];

describe('Account: Quit asks first', () => {
  it('Quit opens the question, its two answers named, Cancel first; nothing is cleared yet', () => {
    const { end } = show();
    const quitButton = screen.getByRole('button', { name: t.quit });
    expect(quitButton.getAttribute('aria-haspopup')).toBe('dialog');
    expect(question()).toBeNull();
    act(() => fireEvent.click(quitButton));
    const dialog = question()!;
    expect(dialog).toBeTruthy();
    expect(dialog.textContent).toContain(t.quitConsequence);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', t.signOut]);
    expect(session.token()).toBe('tA');
    expect(stored()).toEqual(before);
    expect(end).not.toHaveBeenCalled();
  });

  it('Cancel changes nothing: the page, the session and what is stored stay; the lender is not asked', () => {
    const { location, end } = show();
    act(() => fireEvent.click(screen.getByRole('button', { name: t.quit })));
    act(() => fireEvent.click(within(question()!).getByRole('button', { name: 'Cancel' })));
    expect(question()).toBeNull();
    expect(session.token()).toBe('tA');
    expect(stored()).toEqual(before);
    expect(location.history).toEqual(['/personal']);
    expect(end).not.toHaveBeenCalled();
  });

  it('Escape (the dialog cancelled) is Cancel', () => {
    show();
    act(() => fireEvent.click(screen.getByRole('button', { name: t.quit })));
    act(() => void fireEvent(question()!, new Event('cancel', { cancelable: true })));
    expect(question()).toBeNull();
    expect(session.token()).toBe('tA');
    expect(stored()).toEqual(before);
  });

  it("Sign out asks the lender to end the session with its token, ends it here, removes the session's data and drafts, keeps the preferences, and goes to /login", () => {
    const { location, end } = show();
    act(() => fireEvent.click(screen.getByRole('button', { name: t.quit })));
    act(() => fireEvent.click(within(question()!).getByRole('button', { name: t.signOut })));
    expect(end).toHaveBeenCalledTimes(1);
    expect(end).toHaveBeenCalledWith('tA');
    expect(session.token()).toBeNull();
    expect(stored()).toEqual(['bw.pref.appName', 'bw.pref.lang']);
    expect(location.history.at(-1)).toBe('/login');
  });

  it('Sign out never waits on the lender: an answer that never comes (offline, a slow lender) ends the session all the same', () => {
    const { location } = show({ end: vi.fn(() => new Promise<void>(() => {})) });
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

describe('Account: signed-in devices', () => {
  it('lists each device, this one first and marked, with how and when it signed in; Sign out on each, named by its device', async () => {
    show({ listed: () => Promise.resolve({ offered: true, value: LISTED }) });
    const section = await screen.findByRole('region', { name: d.heading });
    expect(section.textContent).toContain(d.intro);
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.device-name')?.textContent)).toEqual(['Safari on iPhone' + d.thisDevice, 'Chrome on Android', 'Apple iPhone15,2']);
    expect(rows[0]?.textContent).toContain('Last used 3 May 2026, 18:45 IST');
    expect(rows[1]?.textContent).toContain(d.methodCode);
    expect(rows[1]?.textContent).toContain('Signed in 20 Apr 2026, 08:15 IST');
    expect(rows[2]?.textContent).toContain(d.methodApp);
    expect(within(section).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-label'), b.getAttribute('aria-haspopup')])).toEqual([
      ['Sign out', 'Sign out This device', 'dialog'],
      ['Sign out', 'Sign out Chrome on Android', 'dialog'],
      ['Sign out', 'Sign out Apple iPhone15,2', 'dialog'],
    ]);
    // The block comes after Quit: its arrival moves nothing above it.
    const quitButton = screen.getByRole('button', { name: t.quit });
    expect(quitButton.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("this device's Sign out is Quit's question; Sign out there is Quit", async () => {
    const { end, location, revokes } = show({ listed: () => Promise.resolve({ offered: true, value: LISTED }) });
    const section = await screen.findByRole('region', { name: d.heading });
    act(() => fireEvent.click(within(section).getByRole('button', { name: 'Sign out This device' })));
    act(() => fireEvent.click(within(question()!).getByRole('button', { name: t.signOut })));
    expect(end).toHaveBeenCalledWith('tA');
    expect(session.token()).toBeNull();
    expect(location.history.at(-1)).toBe('/login');
    expect(revokes.all()).toHaveLength(0);
  });

  it('another device: asked first, then signed out; it leaves the list and the status line names it', async () => {
    const { revokes } = show({ listed: () => Promise.resolve({ offered: true, value: LISTED }) });
    const section = await screen.findByRole('region', { name: d.heading });
    act(() => fireEvent.click(within(section).getByRole('button', { name: 'Sign out Chrome on Android' })));
    const dialog = screen.getByRole('dialog', { name: 'Sign out Chrome on Android?' });
    expect(dialog.textContent).toContain(d.signOutConsequence);
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: d.signOut })));
    await waitFor(() => expect(revokes.live()).toHaveLength(1));
    expect(revokes.live()[0]?.input).toEqual({ id: 'lost-phone' });
    await act(async () => revokes.pending().resolve({ offered: true, value: undefined }));
    expect(within(section).getByRole('status').textContent).toBe('Chrome on Android is signed out.');
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(document.activeElement).toBe(within(section).getByRole('heading', { name: d.heading }));
    expect(session.token()).toBe('tA');
  });

  it("against a lender without the call: nothing about devices, no error, no empty block; Quit works as before", async () => {
    let asked = 0;
    const { view, end } = show({ listed: () => (asked++, Promise.resolve(NOT_OFFERED)) });
    await waitFor(() => expect(asked).toBe(1));
    await act(async () => {});
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(d.heading)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(view.container.querySelector('.devices')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: t.quit })));
    act(() => fireEvent.click(within(question()!).getByRole('button', { name: t.signOut })));
    expect(end).toHaveBeenCalledWith('tA');
    expect(session.token()).toBeNull();
  });

  it('a failed list: the reason and Try again, which asks again', async () => {
    let asked = 0;
    show({ listed: () => (asked++ === 0 ? Promise.reject(FAILURE) : Promise.resolve({ offered: true, value: LISTED })) });
    const section = await screen.findByRole('region', { name: d.heading });
    expect(within(section).getByRole('alert').textContent).toContain(FAILURE.message);
    act(() => fireEvent.click(within(section).getByRole('button', { name: 'Try again' })));
    // The block stays while it asks again, its heading focused in place of the button that went.
    expect(within(section).getByRole('status').textContent).toContain(d.loading);
    expect(document.activeElement).toBe(within(section).getByRole('heading', { name: d.heading }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(asked).toBe(2);
  });

  it('in Hindi', async () => {
    await switchLanguage('hi');
    try {
      show({ listed: () => Promise.resolve({ offered: true, value: LISTED }) });
      const section = await screen.findByRole('region', { name: 'साइन इन किए हुए डिवाइस' });
      const names = within(section).getAllByRole('listitem').map((r) => r.querySelector('.device-name')?.textContent);
      expect(names).toEqual(['iPhone पर Safariयह डिवाइस', 'Android पर Chrome', 'Apple iPhone15,2']);
      expect(within(section).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['यह डिवाइस साइन आउट करें', 'Android पर Chrome साइन आउट करें', 'Apple iPhone15,2 साइन आउट करें']);
    } finally {
      await switchLanguage('en');
    }
  });
});
