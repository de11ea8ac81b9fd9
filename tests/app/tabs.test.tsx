/**
 * Two tabs, one device: a screen belongs to the session it was opened in. Another tab's
 * Quit or sign-in is heard at once, told in a dialog, and nothing more is sent from this tab.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, MESSAGES } from '../../src/api/client';
import { App } from '../../src/app/App';
import { session } from '../../src/lib/session';
import { otherTab } from './other-tab';

const A = '9000000001';
const B = '9000000002';

describe('another tab changes the session', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    session.signIn({ token: 'tA', phone: A });
    history.replaceState(null, '', '/personal');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });

  it('another borrower signs in: the dialog names both, the page stays as it was; Sign in again goes to login and leaves the other session alone', async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText('+91 90000 00001')).toBeTruthy();
    otherTab.quit();
    otherTab.signIn('tB', B);
    const dialog = await screen.findByRole('dialog', { name: 'Another account' });
    expect(dialog.textContent).toContain('Another account (+91 90000 00002) is now signed in on this device.');
    expect(dialog.textContent).toContain('What you typed here is kept for +91 90000 00001.');
    expect(within(dialog).getByRole('button', { name: 'Continue as +91 90000 00002' })).toBeTruthy();
    expect(screen.getByText('+91 90000 00001')).toBeTruthy(); // still this tab's borrower
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(location.pathname + location.search).toBe('/login?redirect=%2Fpersonal'));
    expect(screen.queryByRole('dialog', { name: 'Another account' })).toBeNull();
    expect(session.stored()).toEqual({ token: 'tB', phone: B });
  });

  it('Quit in another tab: "You signed out in another tab.", and Sign in again goes to login with the way back', async () => {
    const user = userEvent.setup();
    render(<App />);
    await screen.findByText('+91 90000 00001');
    otherTab.quit();
    const dialog = await screen.findByRole('dialog', { name: 'Signed out' });
    expect(dialog.textContent).toContain('You signed out in another tab.');
    expect(within(dialog).queryByRole('button', { name: /Continue/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(location.pathname + location.search).toBe('/login?redirect=%2Fpersonal'));
  });

  it('the same borrower signing in again in another tab changes nothing here', async () => {
    render(<App />);
    await screen.findByText('+91 90000 00001');
    otherTab.quit();
    await screen.findByRole('dialog', { name: 'Signed out' });
    otherTab.signIn('tA2', A);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Signed out' })).toBeNull());
    expect(session.token()).toBe('tA2');
  });

  it("the app's client sends nothing while the stored session is another's", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    otherTab.signIn('tB', B);
    await expect(api.post('auth/v1/baseInfo', v.unknown(), { json: {}, idempotencyKey: 'k' })).rejects.toMatchObject({ kind: 'session-changed', message: MESSAGES.sessionChanged });
    await expect(api.get('home/v1/index', v.unknown())).rejects.toMatchObject({ kind: 'session-changed' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
