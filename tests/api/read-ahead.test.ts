import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropReadAhead, keepRead, READ_AHEAD_MS, readAhead, readKey, readOrCall } from '../../src/api/read-ahead';
import { session } from '../../src/lib/session';
import { deferred } from '../support/fakes';

const KEY = readKey('/home/v1/index');

afterEach(() => {
  dropReadAhead();
  session.clear();
});

describe('read-ahead', () => {
  it('keys a read by its path and its query, in a stable order', () => {
    expect(readKey('/order/v1/calculate', { productId: '1', amount: 5 })).toBe(readKey('/order/v1/calculate', { amount: 5, productId: '1' }));
    expect(readKey('/home/v1/index')).toBe('/home/v1/index');
  });

  it('the screen takes the answer read ahead once, instead of calling; the next read calls', async () => {
    session.signIn({ token: 't-1', phone: '919876543210' });
    const ahead = vi.fn(() => Promise.resolve('ahead'));
    const own = vi.fn(() => Promise.resolve('own'));
    void readAhead(KEY, ahead, 1_000);
    expect(await readOrCall(KEY, own, new AbortController().signal, 1_500)).toBe('ahead');
    expect(own).not.toHaveBeenCalled();
    expect(await readOrCall(KEY, own, new AbortController().signal, 1_600)).toBe('own');
    expect(ahead).toHaveBeenCalledTimes(1);
  });

  it('an answer kept for the next screen replaces an older entry, and is taken once', async () => {
    session.signIn({ token: 't-1', phone: '919876543210' });
    void readAhead(KEY, () => Promise.resolve('older'));
    keepRead(KEY, 'kept');
    const own = vi.fn(() => Promise.resolve('own'));
    expect(await readOrCall(KEY, own, new AbortController().signal)).toBe('kept');
    expect(await readOrCall(KEY, own, new AbortController().signal)).toBe('own');
  });

  it('a read started ahead and still under way is shared: one request', async () => {
    session.signIn({ token: 't-1', phone: '919876543210' });
    const d = deferred<string>();
    const ahead = vi.fn(() => d.promise);
    const own = vi.fn(() => Promise.resolve('own'));
    void readAhead(KEY, ahead, 0);
    const taken = readOrCall(KEY, own, new AbortController().signal, 10);
    d.resolve('ahead');
    expect(await taken).toBe('ahead');
    expect(own).not.toHaveBeenCalled();
  });

  it('an answer older than its lifetime is not used', async () => {
    session.signIn({ token: 't-1', phone: '919876543210' });
    void readAhead(KEY, () => Promise.resolve('ahead'), 0);
    expect(await readOrCall(KEY, () => Promise.resolve('own'), new AbortController().signal, READ_AHEAD_MS + 1)).toBe('own');
  });

  it("never shows an answer read under another session: it is dropped, and the screen calls", async () => {
    session.signIn({ token: 't-1', phone: '919876543210' });
    const ahead = readAhead(KEY, () => new Promise<string>(() => {}), 0);
    void ahead;
    session.signIn({ token: 't-2', phone: '919876543211' });
    expect(await readOrCall(KEY, () => Promise.resolve('own'), new AbortController().signal, 10)).toBe('own');
  });

  it('a failed read ahead leaves the screen to call', async () => {
    session.signIn({ token: 't-1', phone: '919876543210' });
    void readAhead(KEY, () => Promise.reject(new Error('network')), 0).catch(() => {});
    expect(await readOrCall(KEY, () => Promise.resolve('own'), new AbortController().signal, 10)).toBe('own');
  });

  it('a screen that was left before the answer leaves it for the next one (StrictMode remounts)', async () => {
    session.signIn({ token: 't-1', phone: '919876543210' });
    const ahead = vi.fn(() => Promise.resolve('ahead'));
    void readAhead(KEY, ahead, 0);
    const left = new AbortController();
    left.abort();
    await readOrCall(KEY, () => Promise.resolve('own'), left.signal, 10);
    expect(await readOrCall(KEY, () => Promise.resolve('own'), new AbortController().signal, 20)).toBe('ahead');
  });
});
