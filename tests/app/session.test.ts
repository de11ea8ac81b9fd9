import { describe, expect, it, vi } from 'vitest';
import { session } from '../../src/lib/session';

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

  it('clearing removes every stored value of the app (drafts too), and nothing of other apps', () => {
    session.signIn({ token: 't', phone: 'p' });
    localStorage.setItem('bw.draft.login', '{"phone":"98"}');
    localStorage.setItem('bw.something', 'x');
    localStorage.setItem('other-app', 'keep');
    session.clear();
    expect(Object.keys(localStorage)).toEqual(['other-app']);
  });

  it('an expired session keeps the drafts the borrower typed', () => {
    session.signIn({ token: 't', phone: 'p' });
    localStorage.setItem('bw.draft.work', '{"company":"Infosys"}');
    session.clear({ keepDrafts: true });
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('bw.draft.work')).toBe('{"company":"Infosys"}');
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
