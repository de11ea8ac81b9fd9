/**
 * A token in the address of /rate and /orders/audit (src/lib/url-token.ts, src/app/url-token.ts):
 * taken out of the address and history at once (other parameters kept), handed to the session, and
 * never switching accounts silently when another borrower is signed in.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../src/lib/session';
import { linkToken, takeUrlToken } from '../../src/lib/url-token';
import { TOKEN_PAGES } from '../../src/app/url-token';

const LINK = 'a'.repeat(64);
const OWN = 'b'.repeat(64);

/** Opens `url` in this window (same document: jsdom's history). */
const open = (url: string) => window.history.replaceState(null, '', url);
const here = () => window.location.pathname + window.location.search + window.location.hash;

/** Everything this tab could have kept: storage of both kinds. */
function everywhereStored(): string {
  const dump = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`);
  return [...dump(localStorage), ...dump(sessionStorage)].join('\n');
}

beforeEach(() => linkToken.decline());
afterEach(() => open('/'));

describe('the pages that take a token', () => {
  it('are /rate and /orders/audit, and main.tsx takes it before anything else is imported', () => {
    expect([...TOKEN_PAGES].sort()).toEqual(['/orders/audit', '/rate']);
    const main = readFileSync(resolve(import.meta.dirname, '../../src/main.tsx'), 'utf8');
    const firstImport = main.split('\n').find((l) => l.startsWith('import '));
    expect(firstImport).toBe("import './app/url-token';");
  });

  it('importing src/app/url-token takes the token of the address it starts on', async () => {
    open(`/rate?token=${LINK}`);
    vi.resetModules();
    const fresh = await import('../../src/lib/session');
    await import('../../src/app/url-token');
    expect(here()).toBe('/rate');
    expect(fresh.session.token()).toBe(LINK);
    fresh.session.clear();
  });
});

describe('taking the token out of the address', () => {
  it('removes it from the address bar and the history entry, keeping orderId and the hash; history does not grow', () => {
    open(`/orders/audit?orderId=77&token=${LINK}&x=1#top`);
    const length = window.history.length;
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    expect(takeUrlToken(TOKEN_PAGES)).toEqual({ kind: 'adopted' });
    expect(here()).toBe('/orders/audit?orderId=77&x=1#top');
    expect(window.location.href).not.toContain(LINK);
    expect(window.history.length).toBe(length);
    expect([...log.mock.calls, ...warn.mock.calls, ...error.mock.calls].flat().join(' ')).not.toContain(LINK);
  });

  it('removes every token parameter, and one with a trailing slash in the path', () => {
    open(`/rate/?token=${LINK}&token=other`);
    takeUrlToken(TOKEN_PAGES);
    expect(here()).toBe('/rate/');
    expect(session.token()).toBe(LINK);
  });

  it('keeps the history state it replaces', () => {
    window.history.replaceState({ key: 'k1' }, '', `/rate?token=${LINK}`);
    takeUrlToken(TOKEN_PAGES);
    expect(window.history.state).toEqual({ key: 'k1' });
  });

  it('leaves other pages alone, token or not', () => {
    for (const url of [`/login?token=${LINK}`, `/orders/7/audit?token=${LINK}`, `/?token=${LINK}`]) {
      open(url);
      expect(takeUrlToken(TOKEN_PAGES)).toEqual({ kind: 'none' });
      expect(here()).toBe(url);
    }
    expect(session.token()).toBeNull();
  });

  it('a page without a token is left as it is', () => {
    open('/orders/audit?orderId=7');
    expect(takeUrlToken(TOKEN_PAGES)).toEqual({ kind: 'none' });
    expect(here()).toBe('/orders/audit?orderId=7');
  });

  it.each(['', ' ', 'with space', 'x'.repeat(513), 'line\nbreak'])('a token that cannot be one (%j) is removed and not used', (bad) => {
    open(`/rate?${new URLSearchParams({ token: bad }).toString()}`);
    expect(takeUrlToken(TOKEN_PAGES)).toEqual({ kind: 'invalid' });
    expect(here()).toBe('/rate');
    expect(session.token()).toBeNull();
  });
});

describe('whose session', () => {
  it('nobody signed in: the link signs in, app mode on; the token is kept only as the session', () => {
    open(`/rate?token=${LINK}`);
    takeUrlToken(TOKEN_PAGES);
    expect([session.token(), session.phone(), session.appMode()]).toEqual([LINK, null, true]);
    expect(everywhereStored().split(LINK).length - 1).toBe(1);
    expect(localStorage.getItem('bw.token')).toBe(LINK);
  });

  it('the same session: nothing changes', () => {
    session.signIn({ token: OWN, phone: '919000000001' });
    open(`/rate?token=${OWN}`);
    expect(takeUrlToken(TOKEN_PAGES)).toEqual({ kind: 'same' });
    expect([session.token(), session.phone()]).toEqual([OWN, '919000000001']);
    expect(linkToken.waiting()).toBe(false);
  });

  it('another borrower signed in: never switched silently; the link waits for a choice, kept nowhere but memory', () => {
    session.signIn({ token: OWN, phone: '919000000001' });
    open(`/orders/audit?orderId=5&token=${LINK}`);
    const heard = vi.fn();
    const off = linkToken.subscribe(heard);
    expect(takeUrlToken(TOKEN_PAGES)).toEqual({ kind: 'held' });
    off();
    expect(here()).toBe('/orders/audit?orderId=5');
    expect([session.token(), session.phone(), session.stored()?.token]).toEqual([OWN, '919000000001', OWN]);
    expect(linkToken.waiting()).toBe(true);
    expect(heard).toHaveBeenCalled();
    expect(everywhereStored()).not.toContain(LINK);
  });

  it("'Stay' forgets the link's token: the borrower stays, and a later accept does nothing", () => {
    session.signIn({ token: OWN, phone: '919000000001' });
    open(`/rate?token=${LINK}`);
    takeUrlToken(TOKEN_PAGES);
    linkToken.decline();
    expect(linkToken.waiting()).toBe(false);
    linkToken.accept();
    expect(session.token()).toBe(OWN);
  });

  it("'Use the link's account' switches, app mode on, the previous phone dropped", () => {
    session.signIn({ token: OWN, phone: '919000000001' });
    open(`/rate?token=${LINK}`);
    takeUrlToken(TOKEN_PAGES);
    linkToken.accept();
    expect([session.token(), session.phone(), session.appMode(), session.stored()?.token]).toEqual([LINK, null, true, LINK]);
    expect(linkToken.waiting()).toBe(false);
  });

  it('a session stored by another tab counts as signed in (this tab started with it)', () => {
    const stored = { token: OWN, phone: null };
    const adoptToken = vi.fn();
    const replaceState = vi.fn();
    const outcome = takeUrlToken(TOKEN_PAGES, {
      location: { pathname: '/rate', search: `?token=${LINK}`, hash: '' },
      history: { replaceState, state: null },
      session: { stored: () => stored, adoptToken },
    });
    expect(outcome).toEqual({ kind: 'held' });
    expect(adoptToken).not.toHaveBeenCalled();
    expect(replaceState).toHaveBeenCalledWith(null, '', '/rate');
  });
});
