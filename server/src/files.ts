/**
 * Where uploaded images' bytes live. PGlite runs on the main thread: a 1 MB bytea
 * parameter cost it ~0.45 s, during which no other request was answered. So with an upload folder
 * (`<DATA_DIR>/uploads`, or UPLOAD_DIR) the bytes are files, `<upload dir>/<user id>/<file id>`,
 * written on the thread pool, and the database keeps only the row (owner, type, mime, size, path,
 * sha256). Without one (DATABASE_URL alone, in-memory tests) the bytes stay in the row: a separate
 * PostgreSQL server parses them in its own process.
 *
 * The folder travels with the database: `withUploadDir(db, dir)` returns the same database whose
 * queryables (itself and its transactions) know the folder, so a route's `storeUpload(tx, …)` inside
 * any transaction finds it without new parameters. The same wrapper runs file clean-ups after a
 * commit (the old file of a replaced upload) or a rollback (the new file of an upload undone).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable, Row } from './db';

interface TxHooks {
  commit: (() => Promise<void>)[];
  rollback: (() => Promise<void>)[];
}

const UPLOAD_DIRS = new WeakMap<Queryable, string>();
const TX_HOOKS = new WeakMap<Queryable, TxHooks>();

/** A file left from an unfinished write, or not referenced by any row, is removed at start once this old. */
export const SWEEP_MIN_AGE_MS = 10 * 60_000;

/** `db` with its uploads stored as files in `dir`. */
export function withUploadDir(db: Db, dir: string): Db {
  const root = path.resolve(dir);
  const wrapped: Db = {
    kind: db.kind,
    query: <T extends object = Row>(sql: string, params?: readonly unknown[]) => db.query<T>(sql, params),
    exec: (sql) => db.exec(sql),
    async transaction(fn) {
      const hooks: TxHooks = { commit: [], rollback: [] };
      let result;
      try {
        result = await db.transaction((tx) => {
          UPLOAD_DIRS.set(tx, root);
          TX_HOOKS.set(tx, hooks);
          return fn(tx);
        });
      } catch (error) {
        await runAll(hooks.rollback);
        throw error;
      }
      await runAll(hooks.commit);
      return result;
    },
    close: () => db.close(),
  };
  UPLOAD_DIRS.set(wrapped, root);
  return wrapped;
}

/** The upload folder of a database or transaction from `withUploadDir`, or null: bytes go in the row. */
export const uploadDirOf = (q: Queryable): string | null => UPLOAD_DIRS.get(q) ?? null;

/** Runs `action` once `q`'s transaction has committed (at once outside a transaction). */
export async function afterCommit(q: Queryable, action: () => Promise<void>): Promise<void> {
  const hooks = TX_HOOKS.get(q);
  if (hooks) hooks.commit.push(action);
  else await action();
}

/** Runs `action` if `q`'s transaction rolls back (never outside a transaction: a statement that failed did nothing). */
export function afterRollback(q: Queryable, action: () => Promise<void>): void {
  TX_HOOKS.get(q)?.rollback.push(action);
}

async function runAll(actions: (() => Promise<void>)[]) {
  for (const action of actions) await action().catch(() => {});
}

/** Where an upload's file goes, relative to the upload folder. */
export const uploadPath = (userId: number, fileId: string) => `${userId}/${fileId}`;
/** A path as uploadPath writes it: nothing read from a row can point outside the folder. */
const UPLOAD_PATH = /^\d+\/[0-9a-f]{32}$/;

function resolveIn(dir: string, rel: string): string {
  if (!UPLOAD_PATH.test(rel)) throw new Error(`not an upload path: ${JSON.stringify(rel)}`);
  return path.join(dir, rel);
}

/** The bytes' sha256 (hex), hashed on the thread pool (WebCrypto), not on the event loop. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await crypto.webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

/** fsync a folder so a rename or a new entry in it survives a power cut; some systems cannot, which is fine. */
async function syncDir(dir: string) {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch {
    /* not supported here (e.g. Windows) */
  } finally {
    await handle?.close().catch(() => {});
  }
}

/**
 * Writes the file atomically: a temporary file in the same folder, fsync, rename, fsync of the folder.
 * A reader sees the whole file or none; once this resolves, the file survives a crash.
 */
export async function writeUploadFile(dir: string, rel: string, bytes: Uint8Array): Promise<void> {
  const target = resolveIn(dir, rel);
  const folder = path.dirname(target);
  const created = await fs.promises.mkdir(folder, { recursive: true });
  if (created) await syncDir(path.dirname(folder));
  const tmp = path.join(folder, `.tmp-${path.basename(target)}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    const handle = await fs.promises.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, target);
  } catch (error) {
    await fs.promises.unlink(tmp).catch(() => {});
    throw error;
  }
  await syncDir(folder);
}

/** The file's bytes, or null when it is gone. */
export async function readUploadFile(dir: string, rel: string): Promise<Uint8Array | null> {
  try {
    return await fs.promises.readFile(resolveIn(dir, rel));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Removes the file; one already gone is fine. (unlink: fs.promises.rm stats synchronously first.) */
export async function removeUploadFile(dir: string, rel: string): Promise<void> {
  try {
    await fs.promises.unlink(resolveIn(dir, rel));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export interface UploadDirReport {
  /** Rows whose bytes were in the database and are now files. */
  moved: number;
  /** Files no row refers to (replaced uploads whose clean-up was cut short, progress reset by QA, unfinished writes). */
  removed: number;
}

/**
 * At start, before serving: creates the folder, moves any upload still stored as bytes in the
 * database into a file (rows from before migration 006, or from a start without an upload folder),
 * and removes files no row refers to. One row at a time, so memory stays at one image.
 */
export async function prepareUploadDir(db: Queryable, dir: string, nowMs = Date.now()): Promise<UploadDirReport> {
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true });
  let moved = 0;
  const inDb = await db.query<{ id: string; user_id: number }>('SELECT id, user_id FROM verification_uploads WHERE bytes IS NOT NULL');
  for (const { id, user_id: userId } of inDb.rows) {
    const row = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM verification_uploads WHERE id = $1 AND bytes IS NOT NULL', [id]);
    const bytes = row.rows[0]?.bytes;
    if (!bytes) continue;
    const rel = uploadPath(userId, id);
    await writeUploadFile(root, rel, bytes);
    const updated = await db.query('UPDATE verification_uploads SET bytes = NULL, path = $2 WHERE id = $1 AND bytes IS NOT NULL', [id, rel]);
    if (updated.rowCount > 0) moved++;
  }

  let removed = 0;
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !/^\d+$/.test(entry.name)) continue;
    const userDir = path.join(root, entry.name);
    const kept = await db.query<{ path: string }>('SELECT path FROM verification_uploads WHERE user_id = $1 AND path IS NOT NULL', [Number(entry.name)]);
    const referenced = new Set(kept.rows.map((r) => r.path));
    for (const name of fs.readdirSync(userDir)) {
      if (referenced.has(`${entry.name}/${name}`)) continue;
      const file = path.join(userDir, name);
      // Young files may be another server's write in progress (several servers may share UPLOAD_DIR).
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile() || nowMs - stat.mtimeMs < SWEEP_MIN_AGE_MS) continue;
      fs.rmSync(file, { force: true });
      removed++;
    }
    if (fs.readdirSync(userDir).length === 0) fs.rmdirSync(userDir);
  }
  return { moved, removed };
}
