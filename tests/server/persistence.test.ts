/** Data on disk survives a restart; seeding and migrating again change nothing; the lockfile. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeResponse } from '../../contract/home';
import { createApp } from '../../server/src/app';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createDbClock, createFakeClock } from '../../server/src/clock';
import { acquireLock, LockHeldError, lockPathFor } from '../../server/src/lockfile';
import { api, apiForm, fakeImage, freshPhone, parsed, signIn } from './helpers';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-test-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const counts = async (db: Awaited<ReturnType<typeof openPreparedDb>>['db']) => {
  const r = await db.query<{ users: number; products: number; orders: number; migrations: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM products) AS products,
            (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM schema_migrations) AS migrations`,
  );
  return r.rows[0];
};

describe('restart on a data directory', () => {
  it('keeps sessions, users and orders; migrations and seeds are not applied twice', async () => {
    const dataDir = path.join(tmp, 'nested', 'sandbox'); // the parent does not exist yet
    const clock = createFakeClock();
    const first = await openPreparedDb({ dataDir }, clock);
    expect(first.applied.length).toBeGreaterThanOrEqual(3);
    const app1 = createApp({ db: first.db, clock, log: () => {} });
    const phone = freshPhone();
    const { token } = await signIn({ app: app1, clock }, phone);
    const meera = await signIn({ app: app1, clock }, '919000000003');
    const before = await counts(first.db);
    await first.db.close();

    const second = await openPreparedDb({ dataDir }, clock);
    expect(second.applied).toEqual([]);
    const app2 = createApp({ db: second.db, clock, log: () => {} });
    expect(await counts(second.db)).toEqual(before);
    const home = parsed(HomeResponse, await api(app2, 'GET', '/home/v1/index', { token }));
    expect(home.userStatus).toBe(1);
    const meeraHome = parsed(HomeResponse, await api(app2, 'GET', '/home/v1/index', { token: meera.token }));
    expect(meeraHome.undwayList).toHaveLength(4);
    await second.db.close();
  });

  it('persists the sandbox clock offset', async () => {
    const dataDir = path.join(tmp, 'clock');
    let real = Date.parse('2026-03-01T00:00:00Z');
    const first = await openPreparedDb({ dataDir });
    const clock1 = await createDbClock(first.db, () => real);
    await clock1.advance(3 * 86_400_000);
    expect(clock1.now().toISOString()).toBe('2026-03-04T00:00:00.000Z');
    await first.db.close();

    const second = await openPreparedDb({ dataDir });
    real += 60_000;
    const clock2 = await createDbClock(second.db, () => real);
    expect(clock2.offsetMs()).toBe(3 * 86_400_000);
    expect(clock2.now().toISOString()).toBe('2026-03-04T00:01:00.000Z');
    await clock2.reset();
    expect(clock2.now().getTime()).toBe(real);
    await second.db.close();
  });
});

describe('uploads on a data directory', () => {
  it('are files in <dataDir>/uploads and survive a restart: their owner reads the same bytes, others still cannot', async () => {
    const dataDir = path.join(tmp, 'uploads', 'sandbox');
    const clock = createFakeClock();
    const first = await openPreparedDb({ dataDir }, clock);
    const app1 = createApp({ db: first.db, clock, log: () => {} });
    const { token } = await signIn({ app: app1, clock }, freshPhone());
    const other = await signIn({ app: app1, clock }, freshPhone());
    const image = fakeImage(120_000, 'jpeg', 0x42);
    const sent = await apiForm(app1, '/authen/upload', { type: '1', file: image }, { token });
    expect(sent.code, sent.msg).toBe(0);
    const { fileId } = sent.data as { fileId: string };
    await first.db.close();
    const onDisk = fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true, encoding: 'utf8' });
    expect(onDisk.some((f) => f.endsWith(fileId))).toBe(true);

    const second = await openPreparedDb({ dataDir }, clock);
    const app2 = createApp({ db: second.db, clock, log: () => {} });
    const res = await app2.request(`/api1/authen/file/${fileId}`, { headers: { token } });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await image.arrayBuffer()));
    expect((await app2.request(`/api1/authen/file/${fileId}`, { headers: { token: other.token } })).status).toBe(404);
    await second.db.close();
  });
});

describe('lockfile', () => {
  it('sits beside the data directory, refuses a second live holder, replaces a stale one, and is removed on release', () => {
    const dataDir = path.join(tmp, 'locked', 'sandbox');
    const lockPath = lockPathFor(dataDir);
    expect(lockPath).toBe(path.join(tmp, 'locked', 'sandbox.server.lock'));

    const lock = acquireLock(lockPath);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    // Another process (our parent is alive) asking for the same lock while we hold it.
    expect(() => acquireLock(lockPath, process.ppid)).toThrow(LockHeldError);
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);

    fs.writeFileSync(lockPath, '999999999\n'); // no such process
    const again = acquireLock(lockPath);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    again.release();
  });

  it('is keyed on the folder’s real path: the same folder through a symlink is refused while the lock is held', () => {
    const dataDir = path.join(tmp, 'real', 'sandbox');
    const lockPath = lockPathFor(dataDir);
    expect(fs.statSync(dataDir).isDirectory()).toBe(true); // created, so it has a real path
    const link = path.join(tmp, 'linked-sandbox');
    fs.symlinkSync(dataDir, link, 'dir');
    const parentLink = path.join(tmp, 'linked-parent');
    fs.symlinkSync(path.join(tmp, 'real'), parentLink, 'dir');

    for (const other of [link, path.join(parentLink, 'sandbox'), path.relative(process.cwd(), dataDir)]) {
      expect(lockPathFor(other)).toBe(lockPath);
    }
    const lock = acquireLock(lockPathFor(dataDir));
    // Another live process (our parent) starting on the symlinked path.
    expect(() => acquireLock(lockPathFor(link), process.ppid)).toThrow(LockHeldError);
    expect(() => acquireLock(lockPathFor(path.join(parentLink, 'sandbox')), process.ppid)).toThrow(LockHeldError);
    lock.release();
    const viaLink = acquireLock(lockPathFor(link), process.ppid);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.ppid));
    viaLink.release();
  });
});
