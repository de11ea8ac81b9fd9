import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../src/lib/session';
import { otherTab } from './other-tab';

describe('session', () => {
  it('phone sign-in stores token and phone and turns app mode off', () => {
    localStorage.setItem('bw.appMode', '1');
    session.signIn({ token: 't1', phone: '919876543210' });
    expect([session.token(), session.phone(), session.appMode()]).toEqual(['t1', '919876543210', false]);
  });

  it('native sign-in turns app mode on', () => {
    session.adoptToken('t2', { appMode: true });
    expect([session.token(), session.appMode()]).toEqual(['t2', true]);
  });

  it("clearing removes every stored value of the app's session (drafts too), not the device's preferences nor other apps' keys", () => {
    session.signIn({ token: 't', phone: 'p' });
    localStorage.setItem('bw.draft.login', '{"phone":"98"}');
    localStorage.setItem('bw.something', 'x');
    localStorage.setItem('bw.pref.lang', 'hi');
    localStorage.setItem('other-app', 'keep');
    session.clear();
    expect(Object.keys(localStorage).sort()).toEqual(['bw.pref.lang', 'other-app']);
  });

  it('a tab without a session has nothing to end: a signed-out page wipes nothing, in either storage', () => {
    localStorage.setItem('bw.draft.login', '{"phone":"98"}');
    localStorage.setItem('bw.lang', 'hi');
    sessionStorage.setItem('bw.draft.bank.add.anonymous', '{}');
    const listener = vi.fn();
    const off = session.subscribe(listener);
    session.clear({ keepDrafts: true });
    session.clear();
    off();
    expect(Object.keys(localStorage).sort()).toEqual(['bw.draft.login', 'bw.lang']);
    expect(Object.keys(sessionStorage)).toEqual(['bw.draft.bank.add.anonymous']);
    expect(listener).not.toHaveBeenCalled();
  });

  it('an expired session keeps the drafts the borrower typed', () => {
    session.signIn({ token: 't', phone: 'p' });
    localStorage.setItem('bw.draft.work', '{"company":"Infosys"}');
    session.clear({ keepDrafts: true });
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('bw.draft.work')).toBe('{"company":"Infosys"}');
  });

  it("Quit also forgets what only this tab kept (the KYC draft's identity numbers); an expired session keeps it", () => {
    session.signIn({ token: 't', phone: 'p' });
    sessionStorage.setItem('bw.draft.auth.kyc.p', '{"idNo":"234567890124"}');
    sessionStorage.setItem('other-app', 'keep');
    session.clear({ keepDrafts: true });
    expect(sessionStorage.getItem('bw.draft.auth.kyc.p')).toBe('{"idNo":"234567890124"}');
    session.signIn({ token: 't2', phone: 'p' });
    session.clear();
    expect(Object.keys(sessionStorage)).toEqual(['other-app']);
  });

  it('notifies subscribers', () => {
    const listener = vi.fn();
    const off = session.subscribe(listener);
    session.signIn({ token: 't', phone: 'p' });
    session.clear();
    off();
    session.signIn({ token: 't', phone: 'p' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('a tab keeps the session it was opened in (another tab signing out or in)', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
  });

  it('another borrower signing in elsewhere: this tab keeps its own token and phone, and says so', () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    const listener = vi.fn();
    const off = session.subscribe(listener);
    otherTab.signIn('tB', '9000000002');
    off();
    expect(listener).toHaveBeenCalled();
    expect([session.token(), session.phone()]).toEqual(['tA', '9000000001']);
    expect(session.stored()).toEqual({ token: 'tB', phone: '9000000002' });
    expect(session.changedElsewhere()).toBe(true);
    expect(session.notice()).toEqual({ kind: 'otherAccount', phone: '9000000002', own: '9000000001' });
    // A stable snapshot while nothing changes (React's useSyncExternalStore needs it).
    expect(session.notice()).toBe(session.notice());
  });

  it("another tab's sign-in read half-way (its phone written, not yet its token) is never taken for this borrower's", () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    otherTab.set('bw.phone', '9000000002');
    expect([session.token(), session.notice()]).toEqual(['tA', null]);
    otherTab.set('bw.token', 'tB');
    expect(session.token()).toBe('tA');
    expect(session.notice()).toMatchObject({ kind: 'otherAccount', phone: '9000000002' });
  });

  it('Quit elsewhere: this tab is told it was signed out; its token is not sent anywhere', () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    otherTab.quit();
    expect(session.token()).toBe('tA');
    expect(session.changedElsewhere()).toBe(true);
    expect(session.notice()).toEqual({ kind: 'signedOut', own: '9000000001' });
  });

  it('the same borrower signing in again elsewhere (new token, same phone): the tab goes on with the new token, nothing to say', () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    otherTab.quit();
    otherTab.signIn('tA2', '9000000001');
    expect(session.token()).toBe('tA2');
    expect(session.changedElsewhere()).toBe(false);
    expect(session.notice()).toBeNull();
  });

  it("'Sign in again': the tab lets its session go, leaves storage alone, and is not asked again about that session", () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    otherTab.signIn('tB', '9000000002');
    session.release();
    expect(session.token()).toBeNull();
    expect(session.stored()).toEqual({ token: 'tB', phone: '9000000002' });
    expect(session.notice()).toBeNull();
    // A tab without a session sends no token: it is not held back (it may sign in).
    expect(session.changedElsewhere()).toBe(false);
    // Its own sign-in makes its session the stored one again.
    session.signIn({ token: 'tA3', phone: '9000000001' });
    expect(session.stored()).toEqual({ token: 'tA3', phone: '9000000001' });
    expect(session.notice()).toBeNull();
  });

  it("a tab signed out (released) whose page meets a -4 leaves another tab's sign-in alone", () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    otherTab.signIn('tB', '9000000002');
    session.release();
    session.clear({ keepDrafts: true });
    expect(session.stored()).toEqual({ token: 'tB', phone: '9000000002' });
  });

  it('a tab signed out hears another tab sign in, and can stay signed out', () => {
    otherTab.signIn('tC', '9000000003');
    expect(session.token()).toBeNull();
    expect(session.notice()).toEqual({ kind: 'signedIn', phone: '9000000003' });
    session.release();
    expect(session.notice()).toBeNull();
  });

  it("ending this tab's session when the stored one is another's leaves that one alone (a late -4)", () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    otherTab.signIn('tB', '9000000002');
    session.clear({ keepDrafts: true });
    expect(session.token()).toBeNull();
    expect(session.stored()).toEqual({ token: 'tB', phone: '9000000002' });
  });

  it('only this app’s session keys in localStorage matter: other keys, preferences and sessionStorage are not news', () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    const listener = vi.fn();
    const off = session.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other-app', newValue: 'x', storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'bw.pref.lang', newValue: 'hi', storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'bw.token', newValue: 'x', storageArea: sessionStorage }));
    off();
    expect(listener).not.toHaveBeenCalled();
  });

  it('a native-shell sign-in forgets a phone left from an earlier session', () => {
    session.signIn({ token: 'tA', phone: '9000000001' });
    session.adoptToken('tN', { appMode: true });
    expect([session.token(), session.phone(), session.stored()]).toEqual(['tN', null, { token: 'tN', phone: null }]);
  });
});
