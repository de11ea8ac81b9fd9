/**
 * The device's preferences (src/lib/preferences.ts): kept under `bw.pref.`, apart from session data;
 * no end of a session removes them; the keys an earlier version used are read once and moved. The
 * app's name last known (src/lib/app-name.ts) is one of them.
 */
import { describe, expect, it } from 'vitest';
import { handleSessionExpired } from '../../src/app/session-expiry';
import { appName } from '../../src/lib/app-name';
import { preferenceKey, preferences } from '../../src/lib/preferences';
import { session } from '../../src/lib/session';

describe('preferences', () => {
  it('are kept under bw.pref.; null forgets one', () => {
    preferences.set('lang', 'hi');
    preferences.set('installDismissed', '2026-01-02T00:00:00.000Z');
    expect(localStorage.getItem('bw.pref.lang')).toBe('hi');
    expect(localStorage.getItem(preferenceKey('installDismissed'))).toBe('2026-01-02T00:00:00.000Z');
    expect(preferences.get('lang')).toBe('hi');
    preferences.set('lang', null);
    expect(preferences.get('lang')).toBeNull();
    expect(localStorage.getItem('bw.pref.lang')).toBeNull();
  });

  it("an earlier version's key (bw.lang, bw.a2hs.dismissed) is read once and moved under bw.pref.", () => {
    localStorage.setItem('bw.lang', 'hi');
    localStorage.setItem('bw.a2hs.dismissed', '2026-01-02T00:00:00.000Z');
    expect(preferences.get('lang')).toBe('hi');
    expect(preferences.get('installDismissed')).toBe('2026-01-02T00:00:00.000Z');
    expect(Object.keys(localStorage).sort()).toEqual(['bw.pref.a2hs.dismissed', 'bw.pref.lang']);
    // The preference wins over an old key that comes back.
    localStorage.setItem('bw.lang', 'en');
    expect(preferences.get('lang')).toBe('hi');
  });

  it('Quit ends the session and leaves them; so does a -4, and another borrower signing in', () => {
    session.signIn({ token: 'tA', phone: '919000000001' });
    preferences.set('lang', 'hi');
    preferences.set('appName', 'Sandbox Loans');
    preferences.set('installDismissed', '2026-01-02T00:00:00.000Z');
    const kept = () => Object.keys(localStorage).filter((k) => k.startsWith('bw.pref.')).sort();
    const all = ['bw.pref.a2hs.dismissed', 'bw.pref.appName', 'bw.pref.lang'];
    session.clear();
    expect(session.token()).toBeNull();
    expect(kept()).toEqual(all);
    session.signIn({ token: 'tB', phone: '919000000002' });
    expect(kept()).toEqual(all);
    history.replaceState(null, '', '/orders');
    handleSessionExpired();
    expect(session.token()).toBeNull();
    expect(kept()).toEqual(all);
    history.replaceState(null, '', '/');
  });
});

describe("the app's name last known", () => {
  it("until About us answers, the name it gave last on this device; a device that never had one shows none", () => {
    appName.forget();
    expect(appName.get()).toBeNull();
    appName.set('Sandbox Loans');
    expect(localStorage.getItem('bw.pref.appName')).toBe('Sandbox Loans');
    // A new app session (a reload), About us not answering (offline, failed, a -4 on an open page).
    appName.forget();
    expect(appName.get()).toBe('Sandbox Loans');
    // About us answering with another name: shown and remembered.
    appName.set('Rupee Loans');
    appName.forget();
    expect(appName.get()).toBe('Rupee Loans');
  });

  it('About us answering without a name is remembered too: no name, now or offline later', () => {
    appName.set('Sandbox Loans');
    appName.set(null);
    expect(appName.get()).toBeNull();
    appName.forget();
    expect(appName.get()).toBeNull();
  });

  it('subscribers hear an answer and a new session', () => {
    let heard = 0;
    const off = appName.subscribe(() => heard++);
    appName.set('Sandbox Loans');
    appName.forget();
    off();
    appName.set('Other');
    expect(heard).toBe(2);
    appName.forget();
  });
});
