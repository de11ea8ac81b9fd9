import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App';
import { session } from '../../src/lib/session';

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
    expect(document.title).toBe('Sign in · Borrower');
    expect(document.documentElement.style.getPropertyValue('--page-bg')).toBe('#ffffff');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('signed in, a route whose screen comes later shows the one "not available yet" screen with a way home', async () => {
    session.signIn({ token: 't', phone: '9000000001' });
    history.replaceState(null, '', '/orders');
    render(<App />);
    expect(await screen.findByText('This screen is not available yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Loan History · Borrower');
    expect(document.documentElement.style.getPropertyValue('--page-bg')).toBe('#f3f5f9');
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
    history.replaceState(null, '', '/download');
    render(<App />);
    expect(await screen.findByText('This screen is not available yet.')).toBeTruthy();
    expect(location.pathname).toBe('/download');
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

  it('Quit clears the session and goes to /login', async () => {
    session.signIn({ token: 't', phone: '9000000001' });
    localStorage.setItem('bw.draft.login', '{}');
    history.replaceState(null, '', '/personal');
    render(<App />);
    expect(await screen.findByText('+91 90000 00001')).toBeTruthy();
    screen.getByRole('button', { name: 'Quit' }).click();
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('bw.'))).toEqual([]);
  });
});
