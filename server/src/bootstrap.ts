/** Opens the database, migrates it, seeds it and builds the clock: shared by main.ts and tests. */
import type { Clock } from './clock';
import { createDbClock } from './clock';
import type { Db, OpenDbOptions } from './db';
import { openDb } from './db';
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

export async function openPreparedDb(options: OpenDbOptions, clock?: Clock): Promise<Prepared> {
  const db = await openDb(options);
  try {
    return await prepareDb(db, clock);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
