/**
 * Uploaded images as files (server/src/files.ts): with an upload folder the bytes leave the
 * database (PGlite runs on the main thread); the row keeps owner, type, mime, size, path and sha256.
 * Owner-only reads, replacement (the old file goes), transactions (a rolled-back upload leaves no
 * file), moving rows stored as bytes, the clean-up at start, and many uploads at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createFakeClock } from '../../server/src/clock';
import { openDb, type Db } from '../../server/src/db';
import { prepareUploadDir, SWEEP_MIN_AGE_MS, uploadDirOf, withUploadDir } from '../../server/src/files';
import { migrate, MIGRATIONS_DIR } from '../../server/src/migrate';
import { storeUpload } from '../../server/src/routes/uploads';
import { apiForm, fakeImage, freshPhone, signIn, startHarness, type App, type Harness } from './helpers';

let tmp: string;
let dir: string;
let db: Db;
let app: App;
const clock = createFakeClock();

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-files-'));
  dir = path.join(tmp, 'uploads');
  ({ db } = await openPreparedDb({ uploadDir: dir }, clock));
  app = createApp({ db, clock, log: () => {} });
});
afterAll(async () => {
  await db.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Row {
  id: string;
  user_id: number;
  type: number;
  mime: string;
  size: number;
  bytes: Uint8Array | null;
  path: string | null;
  sha256: string;
}
const rowOf = async (q: Db, fileId: string) => (await q.query<Row>('SELECT * FROM verification_uploads WHERE id = $1', [fileId])).rows[0];
const userId = async (q: Db, phone: string) => (await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0]!.id;
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
const filesIn = (folder: string): string[] =>
  fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(folder, f)).isFile()) : [];

async function upload(a: App, token: string, type: string, image: Blob) {
  const env = await apiForm(a, '/authen/upload', { type, file: image }, { token });
  expect(env.code, env.msg).toBe(0);
  return (env.data as { fileId: string }).fileId;
}

describe('with an upload folder', () => {
  it('writes the image to <dir>/<user>/<file id>; the row has no bytes, its path and sha256; the owner reads it back', async () => {
    const phone = freshPhone();
    const { token } = await signIn({ app, clock }, phone);
    const other = await signIn({ app, clock }, freshPhone());
    const image = fakeImage(300_000, 'png', 0x21);
    const fileId = await upload(app, token, '1', image);

    const row = await rowOf(db, fileId);
    const owner = await userId(db, phone);
    expect(row).toMatchObject({ user_id: owner, type: 1, mime: 'image/png', size: 300_000, bytes: null, path: `${owner}/${fileId}` });
    const onDisk = fs.readFileSync(path.join(dir, String(owner), fileId));
    expect(new Uint8Array(onDisk)).toEqual(await bytesOf(image));
    expect(row!.sha256).toBe(sha256(onDisk));
    // Nothing half-written is left beside it.
    expect(filesIn(path.join(dir, String(owner)))).toEqual([fileId]);

    const mine = await app.request(`/api1/authen/file/${fileId}`, { headers: { token } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(await bytesOf(image));
    const theirs = await app.request(`/api1/authen/file/${fileId}`, { headers: { token: other.token } });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ code: 1, msg: 'Not found', data: null });
  });

  it('a newer upload of the same type replaces the older: its file is removed and its id stops working', async () => {
    const phone = freshPhone();
    const { token } = await signIn({ app, clock }, phone);
    const owner = String(await userId(db, phone));
    const first = await upload(app, token, '2', fakeImage(5000, 'jpeg', 1));
    const pan = await upload(app, token, '3', fakeImage(5000, 'jpeg', 3));
    const second = await upload(app, token, '2', fakeImage(6000, 'jpeg', 2));
    expect(filesIn(path.join(dir, owner)).sort()).toEqual([pan, second].sort());
    expect((await app.request(`/api1/authen/file/${first}`, { headers: { token } })).status).toBe(404);
    expect((await app.request(`/api1/authen/file/${second}`, { headers: { token } })).status).toBe(200);
  });

  it('the living check stores the face photo as a file inside its transaction; after a second check one file is left', async () => {
    const phone = freshPhone();
    const { token } = await signIn({ app, clock }, phone);
    const owner = String(await userId(db, phone));
    for (const fill of [7, 8]) {
      const env = await apiForm(app, '/auth/v3/living-check', { image: fakeImage(4000, 'jpeg', fill) }, { token });
      expect(env.code, env.msg).toBe(0);
    }
    const faces = await db.query<Row>('SELECT * FROM verification_uploads WHERE user_id = $1 AND type = 4', [Number(owner)]);
    expect(faces.rows).toHaveLength(1);
    expect(filesIn(path.join(dir, owner))).toEqual([faces.rows[0]!.id]);
    expect(sha256(fs.readFileSync(path.join(dir, owner, faces.rows[0]!.id)))).toBe(faces.rows[0]!.sha256);
  });

  it('an upload in a transaction that rolls back leaves no file, and the older upload and its file stay', async () => {
    const phone = freshPhone();
    const { token } = await signIn({ app, clock }, phone);
    const owner = await userId(db, phone);
    const kept = await upload(app, token, '1', fakeImage(5000, 'jpeg', 1));
    const image = { bytes: await bytesOf(fakeImage(5000, 'jpeg', 9)), mime: 'image/jpeg', size: 5000 };
    await expect(
      db.transaction(async (tx) => {
        expect(uploadDirOf(tx)).toBe(path.resolve(dir));
        await storeUpload(tx, owner, 1, image, clock.now());
        throw new Error('something later in the transaction failed');
      }),
    ).rejects.toThrow('something later');
    expect(filesIn(path.join(dir, String(owner)))).toEqual([kept]);
    expect((await app.request(`/api1/authen/file/${kept}`, { headers: { token } })).status).toBe(200);
  });

  it('a row whose file is gone answers 404 and logs it (never a 5xx)', async () => {
    const logs: string[] = [];
    const logged = createApp({ db, clock, log: (l) => logs.push(l) });
    const phone = freshPhone();
    const { token } = await signIn({ app: logged, clock }, phone);
    const fileId = await upload(logged, token, '1', fakeImage(5000));
    fs.rmSync(path.join(dir, String(await userId(db, phone)), fileId));
    const res = await logged.request(`/api1/authen/file/${fileId}`, { headers: { token } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 1, msg: 'Not found', data: null });
    expect(logs.join('\n')).toContain(`upload ${fileId}: its file`);
  });

  it('twenty uploads at once all succeed (they take turns); one file per borrower and type is left', async () => {
    const borrowers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const phone = freshPhone();
        const { token } = await signIn({ app, clock }, phone);
        return { token, owner: String(await userId(db, phone)) };
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => apiForm(app, '/authen/upload', { type: String((i % 2) + 1), file: fakeImage(200_000 + i) }, { token: borrowers[i % 5]!.token })),
    );
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(0));
    for (const { owner } of borrowers) {
      const rows = await db.query<Row>('SELECT id FROM verification_uploads WHERE user_id = $1 ORDER BY type', [Number(owner)]);
      expect(rows.rows).toHaveLength(2);
      expect(filesIn(path.join(dir, owner)).sort()).toEqual(rows.rows.map((r) => r.id).sort());
    }
  });
});

describe('without an upload folder (DATABASE_URL alone, in memory)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('keeps the bytes in the row (with their sha256); at the next start with a folder they move to files', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const image = fakeImage(9000, 'webp', 0x33);
    const fileId = await upload(h.app, token, '3', image);
    const before = await rowOf(h.db, fileId);
    expect(uploadDirOf(h.db)).toBeNull();
    expect(before?.path).toBeNull();
    expect(new Uint8Array(before!.bytes!)).toEqual(await bytesOf(image));
    expect(before!.sha256).toBe(sha256(await bytesOf(image)));

    const folder = path.join(tmp, 'moved');
    expect(await prepareUploadDir(h.db, folder)).toEqual({ moved: 1, removed: 0 });
    const owner = await userId(h.db, phone);
    const after = await rowOf(h.db, fileId);
    expect(after).toMatchObject({ bytes: null, path: `${owner}/${fileId}`, sha256: before!.sha256 });
    const withFiles = createApp({ db: withUploadDir(h.db, folder), clock: h.clock, log: () => {} });
    const res = await withFiles.request(`/api1/authen/file/${fileId}`, { headers: { token } });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(await bytesOf(image));
    // Done once: a second start has nothing to move.
    expect(await prepareUploadDir(h.db, folder)).toEqual({ moved: 0, removed: 0 });
  });
});

describe('at start', () => {
  it('removes files no row refers to once they are old enough (never young ones: another server may be writing them)', async () => {
    const phone = freshPhone();
    const { token } = await signIn({ app, clock }, phone);
    const owner = String(await userId(db, phone));
    const kept = await upload(app, token, '1', fakeImage(5000));
    const userDir = path.join(dir, owner);
    const orphan = path.join(userDir, 'a'.repeat(32));
    const unfinished = path.join(userDir, `.tmp-${'b'.repeat(32)}-0011aabb`);
    const young = path.join(userDir, 'c'.repeat(32));
    for (const f of [orphan, unfinished, young]) fs.writeFileSync(f, 'x');
    const old = new Date(Date.now() - SWEEP_MIN_AGE_MS - 60_000);
    for (const f of [orphan, unfinished, path.join(userDir, kept)]) fs.utimesSync(f, old, old);
    fs.mkdirSync(path.join(dir, '999999'));
    fs.writeFileSync(path.join(dir, '999999', 'd'.repeat(32)), 'x');
    fs.utimesSync(path.join(dir, '999999', 'd'.repeat(32)), old, old);

    expect(await prepareUploadDir(db, dir)).toMatchObject({ moved: 0, removed: 3 });
    expect(filesIn(userDir).sort()).toEqual([kept, 'c'.repeat(32)].sort());
    expect(fs.existsSync(path.join(dir, '999999'))).toBe(false);
  });
});

describe('migration 006', () => {
  it('keeps rows stored as bytes before it, with their sha256, and requires bytes or a path', async () => {
    const only = fs.mkdtempSync(path.join(tmp, 'migrations-'));
    for (const f of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < '006')) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(only, f));
    const old = await openDb();
    try {
      await migrate(old, only);
      await old.query(`INSERT INTO users (phone, created_at) VALUES ('917000000006', now())`);
      const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      await old.query(
        `INSERT INTO verification_uploads (id, user_id, type, mime, size, bytes, created_at)
         VALUES ($1, (SELECT id FROM users WHERE phone = '917000000006'), 1, 'image/jpeg', 7, $2, now())`,
        ['e'.repeat(32), bytes],
      );
      expect(await migrate(old)).toContain('006_upload_files.sql');
      const row = (await old.query<Row>('SELECT * FROM verification_uploads')).rows[0];
      expect(row).toMatchObject({ path: null, sha256: sha256(bytes) });
      expect(new Uint8Array(row!.bytes!)).toEqual(bytes);
      await expect(old.query('UPDATE verification_uploads SET bytes = NULL')).rejects.toThrow(/verification_uploads_bytes_or_path/);
    } finally {
      await old.close();
    }
  });
});
