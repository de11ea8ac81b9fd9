/**
 * The server's clock. Every business time (code expiry, cooldowns, session expiry, order dates) is
 * read from here, never from Date.now() or SQL now(), so QA can move time forward in the sandbox
 * (POST /sandbox/api/clock) and tests can drive it.
 *
 * now() = real time + an offset that is persisted in the database (table sandbox_clock).
 */
import type { Db } from './db';

export interface Clock {
  now(): Date;
  /** How far the clock is ahead of real time (ms; negative when behind). */
  offsetMs(): number;
  /** Moves the clock by `ms` (may be negative) and persists the new offset. */
  advance(ms: number): Promise<void>;
  /** Back to real time. */
  reset(): Promise<void>;
}

/** Where a process hears that another one moved the clock (PostgreSQL NOTIFY; the payload is the new offset). */
export const CLOCK_CHANNEL = 'sandbox_clock';

/**
 * The sandbox clock: the offset kept in the database, and in memory so that now() costs nothing.
 * A move is made in the database (offset_ms = offset_ms + ms, so two processes' moves add up) and
 * announced on CLOCK_CHANNEL; every process on a PostgreSQL server listens and takes the new
 * offset at once, and reads it again whenever its listening connection comes back. PGlite has a
 * single process: its memory is the only copy in use.
 */
export async function createDbClock(db: Db, realNow: () => number = Date.now): Promise<Clock> {
  const read = async () => {
    const r = await db.query<{ offset_ms: number }>('SELECT offset_ms::float8 AS offset_ms FROM sandbox_clock WHERE id = 1');
    return r.rows[0]?.offset_ms ?? 0;
  };
  let offset = await read();
  if (db.watch) {
    let heard = 0;
    await db.watch(CLOCK_CHANNEL, {
      onMessage: (payload) => {
        const next = Number(payload);
        if (payload === '' || !Number.isFinite(next)) return;
        heard += 1;
        offset = next;
      },
      onConnected: () => {
        const before = heard;
        read().then(
          // A move heard while reading is newer than what was read.
          (next) => void (heard === before && (offset = next)),
          () => {}, // the database went away again: the next connection reads it
        );
      },
    });
  }
  const save = async (sql: string, value: number) => {
    const r = await db.transaction(async (tx) => {
      const saved = await tx.query<{ offset_ms: number }>(sql, [String(Math.round(value))]);
      const next = saved.rows[0]?.offset_ms ?? 0;
      if (db.watch) await tx.query('SELECT pg_notify($1, $2)', [CLOCK_CHANNEL, String(next)]);
      return next;
    });
    offset = r;
  };
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    advance: (ms) =>
      save(
        `INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, $1::bigint)
         ON CONFLICT (id) DO UPDATE SET offset_ms = sandbox_clock.offset_ms + EXCLUDED.offset_ms
         RETURNING offset_ms::float8 AS offset_ms`,
        ms,
      ),
    reset: () =>
      save(
        `INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, $1::bigint)
         ON CONFLICT (id) DO UPDATE SET offset_ms = EXCLUDED.offset_ms
         RETURNING offset_ms::float8 AS offset_ms`,
        0,
      ),
  };
}

/** A clock that only moves when told to (tests). */
export interface FakeClock extends Clock {
  set(date: Date | string): void;
}

export function createFakeClock(start: Date | string = '2026-01-15T06:30:00.000Z'): FakeClock {
  let t = new Date(start).getTime();
  const origin = t;
  return {
    now: () => new Date(t),
    offsetMs: () => t - origin,
    advance: async (ms) => {
      t += ms;
    },
    reset: async () => {
      t = origin;
    },
    set: (date) => {
      t = new Date(date).getTime();
    },
  };
}
