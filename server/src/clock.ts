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

/** The sandbox clock: offset loaded from and saved to the database. */
export async function createDbClock(db: Db, realNow: () => number = Date.now): Promise<Clock> {
  const read = await db.query<{ offset_ms: number }>('SELECT offset_ms::float8 AS offset_ms FROM sandbox_clock WHERE id = 1');
  let offset = read.rows[0]?.offset_ms ?? 0;
  const save = async (next: number) => {
    const r = await db.query<{ offset_ms: number }>(
      `INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, $1::bigint)
       ON CONFLICT (id) DO UPDATE SET offset_ms = EXCLUDED.offset_ms
       RETURNING offset_ms::float8 AS offset_ms`,
      [String(Math.round(next))],
    );
    offset = r.rows[0]?.offset_ms ?? next;
  };
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    advance: (ms) => save(offset + ms),
    reset: () => save(0),
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
