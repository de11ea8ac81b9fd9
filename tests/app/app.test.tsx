import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_AFTER_MS, waits } from '../../src/api/client';
import { App } from '../../src/app/App';
import { handleSessionExpired } from '../../src/app/session-expiry';
import { session } from '../../src/lib/session';
import { showToast } from '../../src/ui/toast';
import { navigate } from 'wouter/use-browser-location';

describe('App: the guard, titles, backgrounds and scrolling on every navigation', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    scrollTo.mockClear();
  });
  afterEach(() => history.replaceState(null, '', '/'));

  it('signed out, a protected route redirects to /login?redirect= and shows the sign-in screen', async () => {
    history.replaceState(null, '', '/personal/help');
    render(<App />);
    await waitFor(() => expect(location.pathname + location.search).toBe('/login?redirect=%2Fpersonal%2Fhelp'));
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
    expect(document.title).toBe('Sign in'); // the app's name comes from About us (tests/views/lender.test.tsx); none here
    expect(document.documentElement.style.getPropertyValue('--page-bg')).toBe('#ffffff');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('signed in, an unknown path is "Page not found"; signed out it goes to login', async () => {
    session.signIn({ token: 't', phone: '9000000001' });
    history.replaceState(null, '', '/no/such/page');
    const { unmount } = render(<App />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    unmount();
    session.clear();
    history.replaceState(null, '', '/no/such/page');
    render(<App />);
    await waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it('the public routes open without a token', async () => {
    history.replaceState(null, '', '/alert');
    render(<App />);
    expect(await screen.findByText('This product is only available to IOS users.')).toBeTruthy();
    expect(location.pathname).toBe('/alert');
    expect(document.title).toBe('Notice');
  });

  it('the shell marks the current tab: Account on /personal, Home on / and /schedule', async () => {
    session.signIn({ token: 't', phone: '9000000001' });
    const current = () =>
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .filter((l) => l.getAttribute('aria-current') === 'page')
        .map((l) => l.textContent);
    for (const [path, tab] of [['/personal', 'Account'], ['/schedule', 'Home']] as const) {
      history.replaceState(null, '', path);
      const { unmount } = render(<App />);
      await screen.findByRole('navigation', { name: 'Main' });
      expect(current()).toEqual([tab]);
      unmount();
    }
  });

  it("Quit, once confirmed, clears the session's data and goes to /login; the device's preferences stay", async () => {
    session.signIn({ token: 't', phone: '9000000001' });
    localStorage.setItem('bw.draft.login', '{}');
    localStorage.setItem('bw.pref.lang', 'en');
    history.replaceState(null, '', '/personal');
    render(<App />);
    expect(await screen.findByText('+91 90000 00001')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Quit' }).click());
    act(() => screen.getByRole('button', { name: 'Sign out' }).click());
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('bw.'))).toEqual(['bw.pref.lang']);
  });
});

describe('App: toasts belong to their page; slow calls are never silent', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    session.clear();
  });
  afterEach(() => history.replaceState(null, '', '/'));

  it('"Incorrect code" raised on the sign-in screen is gone once the next sign-in has moved on', async () => {
    history.replaceState(null, '', '/login?redirect=%2Fpersonal');
    render(<App />);
    await screen.findByLabelText('Mobile number');
    act(() => showToast('Incorrect code. Please try again.'));
    expect(screen.getByText('Incorrect code. Please try again.')).toBeTruthy();
    act(() => session.signIn({ token: 't', phone: '9000000001' }));
    await screen.findByText('+91 90000 00001');
    expect(location.pathname).toBe('/personal');
    expect(screen.queryByText('Incorrect code. Please try again.')).toBeNull();
  });

  it('a toast raised for the page navigated to stays: the expired session on the sign-in screen', async () => {
    session.signIn({ token: 't', phone: '9000000001' });
    history.replaceState(null, '', '/personal');
    render(<App />);
    await screen.findByText('+91 90000 00001');
    act(() => handleSessionExpired());
    await screen.findByLabelText('Mobile number');
    expect(screen.getByText('Your session has expired. Please sign in again.')).toBeTruthy();
  });

  it("a call unanswered after a few seconds shows 'Still trying…' in a polite live region until it ends", async () => {
    session.signIn({ token: 't', phone: '9000000001' });
    history.replaceState(null, '', '/personal');
    render(<App />);
    await screen.findByText('+91 90000 00001');
    vi.useFakeTimers();
    let end: () => void = () => {};
    try {
      end = waits.begin();
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS - 1));
      expect(screen.queryByText('Still trying…')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    const region = screen.getByText('Still trying…').closest('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    act(() => end());
    expect(screen.queryByText('Still trying…')).toBeNull();
  });
});

describe('App: page views', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    session.clear();
  });
  afterEach(() => history.replaceState(null, '', '/'));

  it('a page left before the analytics chunks load is still counted, by its pattern; a redirect is not a page', async () => {
    // A fresh page load: no lazy chunk has loaded yet (the other tests here loaded them all).
    vi.resetModules();
    const { App: FreshApp } = await import('../../src/app/App');
    const { analytics } = await import('../../src/lib/analytics');
    const pageView = vi.spyOn(analytics, 'pageView');
    try {
      history.replaceState(null, '', '/alert');
      render(<FreshApp />);
      // Signed out, the product page redirects to sign-in at once, before any chunk has loaded.
      act(() => navigate('/product/7'));
      await waitFor(() => expect(location.pathname).toBe('/login'));
      await waitFor(() => expect(pageView.mock.calls.map(([p]) => p)).toEqual(['/alert', '/login']));
    } finally {
      pageView.mockRestore();
    }
  });
});
