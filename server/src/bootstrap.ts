/** Opens the database, migrates it, seeds it and builds the clock: shared by main.ts and tests. */
import path from 'node:path';
import type { Clock } from './clock';
import { createDbClock } from './clock';
import type { Db, OpenDbOptions } from './db';
import { openDb } from './db';
import { prepareUploadDir, withUploadDir } from './files';
import { migrate } from './migrate';
import { seed } from './seed';

export interface Prepared {
  db: Db;
  clock: Clock;
  applied: string[];
}

/** Migrates and seeds `db`; uses `clock` when given (tests), else the persisted sandbox clock. */
export async function prepareDb(db: Db, clock?: Clock): Promise<Prepared> {
  const applied = await migrate(db);
  const theClock = clock ?? (await createDbClock(db));
  await seed(db, theClock.now());
  return { db, clock: theClock, applied };
}

export interface PrepareOptions extends OpenDbOptions {
  /**
   * Where uploaded images are stored as files (server/src/files.ts). Default: `<dataDir>/uploads`
   * with a data directory; without either (DATABASE_URL alone, in-memory) they stay in the database.
   */
  uploadDir?: string;
}

export async function openPreparedDb(options: PrepareOptions, clock?: Clock): Promise<Prepared> {
  const { uploadDir, ...dbOptions } = options;
  const db = await openDb(dbOptions);
  try {
    const prepared = await prepareDb(db, clock);
    const dir = uploadDir ?? (options.dataDir && !options.databaseUrl ? path.join(options.dataDir, 'uploads') : undefined);
    if (!dir) return prepared;
    await prepareUploadDir(db, dir);
    return { ...prepared, db: withUploadDir(db, dir) };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
