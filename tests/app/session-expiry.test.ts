import { beforeEach, describe, expect, it } from 'vitest';
import { handleSessionExpired } from '../../src/app/session-expiry';
import { session } from '../../src/lib/session';
import { otherTab } from './other-tab';

describe('-4 (session invalid)', () => {
  beforeEach(() => history.replaceState(null, '', '/'));

  it('clears the token and stored data (keeping drafts) and goes to /login?redirect=<current path>', () => {
    session.signIn({ token: 't', phone: '919000000001' });
    localStorage.setItem('bw.draft.basic', '{"education":"Graduate"}');
    history.pushState(null, '', '/product/3?x=1');
    handleSessionExpired();
    expect(session.token()).toBeNull();
    expect(session.phone()).toBeNull();
    expect(localStorage.getItem('bw.draft.basic')).not.toBeNull();
    expect(location.pathname + location.search).toBe(`/login?redirect=${encodeURIComponent('/product/3?x=1')}`);
  });

  it('keeps the device\'s preferences (the language, the app\'s name last known)', () => {
    session.signIn({ token: 't', phone: '919000000001' });
    localStorage.setItem('bw.pref.lang', 'hi');
    localStorage.setItem('bw.pref.appName', 'Sandbox Loans');
    history.pushState(null, '', '/orders');
    handleSessionExpired();
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('bw.pref.lang')).toBe('hi');
    expect(localStorage.getItem('bw.pref.appName')).toBe('Sandbox Loans');
  });

  it.each(['/auth/contact2', '/download'])('does nothing on the exempt page %s', (path) => {
    session.signIn({ token: 't', phone: 'p' });
    history.pushState(null, '', path);
    handleSessionExpired();
    expect(session.token()).toBe('t');
    expect(location.pathname).toBe(path);
  });

  it("a late -4 in a tab whose stored session is now another tab's ends only this tab's session", () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    otherTab.signIn('tB', '9000000002');
    history.pushState(null, '', '/auth/basic');
    handleSessionExpired();
    expect(session.token()).toBeNull();
    expect(session.stored()).toEqual({ token: 'tB', phone: '9000000002' });
    expect(location.pathname).toBe('/login');
  });
});
