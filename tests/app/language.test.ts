/**
 * The language store (src/lib/language.ts): the choice is a preference of the device. It is read when
 * the app starts (here: a fresh import of the module, as a reload does), and it survives a reload, Quit,
 * a -4, a signed-out page's end of session and another borrower's sign-in; an earlier version's
 * `bw.lang` is kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The modules as a new page load gets them: nothing carried over in memory, only storage. */
async function reload() {
  vi.resetModules();
  const [{ language }, { session }, { handleSessionExpired }] = await Promise.all([
    import('../../src/lib/language'),
    import('../../src/lib/session'),
    import('../../src/app/session-expiry'),
  ]);
  return { language, session, handleSessionExpired };
}

afterEach(async () => {
  const { language, session } = await reload();
  await language.set('en');
  session.clear();
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('the language store', () => {
  it('tells the server the language in a cookie, at the first render and at every switch (the prerendered pages)', async () => {
    const cookie = () => /(?:^|;\s*)bw_lang=(\w+)/.exec(document.cookie)?.[1];
    let app = await reload();
    await app.language.ready();
    expect(cookie()).toBe('en');
    await app.language.set('hi');
    expect(cookie()).toBe('hi');
    app = await reload();
    await app.language.ready();
    expect(cookie()).toBe('hi');
    await app.language.set('en');
    expect(cookie()).toBe('en');
  });

  it('the choice is remembered at the tap: a reload before its Hindi has loaded opens in Hindi', async () => {
    const app = await reload();
    const switching = app.language.set('hi');
    // Stored before any Hindi has loaded; the screen itself switches once it has.
    expect(localStorage.getItem('bw.pref.lang')).toBe('hi');
    expect(app.language.current()).toBe('en');
    expect((await reload()).language.current()).toBe('hi');
    await switching;
  });

  it('a choice made signed out survives two reloads, even when a call ends a session there', async () => {
    let app = await reload();
    await app.language.set('hi');
    for (let i = 0; i < 2; i++) {
      app = await reload();
      expect(app.language.current()).toBe('hi');
      // A signed-out page: there is no session to end, so nothing is wiped.
      app.session.clear({ keepDrafts: true });
      app.session.clear();
    }
    expect((await reload()).language.current()).toBe('hi');
  });

  it('survives Quit, a -4 and another borrower signing in', async () => {
    let app = await reload();
    app.session.signIn({ token: 'tA', phone: '919000000001' });
    await app.language.set('hi');
    app.session.clear();
    app = await reload();
    expect(app.language.current()).toBe('hi');
    app.session.signIn({ token: 'tB', phone: '919000000002' });
    app = await reload();
    expect(app.language.current()).toBe('hi');
    history.replaceState(null, '', '/orders');
    app.handleSessionExpired();
    expect(app.session.token()).toBeNull();
    expect((await reload()).language.current()).toBe('hi');
  });

  it("keeps a choice an earlier version stored as bw.lang, and moves it among the preferences", async () => {
    localStorage.setItem('bw.lang', 'hi');
    const app = await reload();
    expect(app.language.current()).toBe('hi');
    expect(localStorage.getItem('bw.pref.lang')).toBe('hi');
    expect(localStorage.getItem('bw.lang')).toBeNull();
  });

  it('English chosen is remembered as well (it does not fall back to the browser)', async () => {
    let app = await reload();
    await app.language.set('hi');
    await app.language.set('en');
    app = await reload();
    expect(app.language.current()).toBe('en');
  });
});
