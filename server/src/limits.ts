/**
 * Abuse limits on what costs the lender money or helps an attacker (server/README.md 'Limits and
 * controls'): sign-in codes per client address and in total, per minute and per day (against SMS
 * pumping and code guessing spread over many phones); Aadhaar OTPs per borrower and per Aadhaar
 * number per day; borrowers made by a new device's shell login per client address and in total;
 * feedback and complaints per borrower. They come on top of each call's own rules (one code per phone per 60 s, …).
 *
 * Counted on the sandbox clock, so QA can move past them, in the database (table rate_limit_counts),
 * so every server process on it counts alike and a restart forgets nothing (POST /sandbox/api/limits
 * {"reset": true} does). A minute is the last 60 s; a day is the calendar day in IST.
 */
import { currentTransaction, type Db, type OpenTransaction, type Queryable } from './db';
import { HOUR, MINUTE, SECOND, startOfIstDay } from './time';

export interface LimitSettings {
  sendCodePerIpMinute: number;
  sendCodePerIpDay: number;
  sendCodeTotalMinute: number;
  sendCodeTotalDay: number;
  aadhaarOtpPerBorrowerDay: number;
  aadhaarOtpPerNumberDay: number;
  deviceSignupPerIpMinute: number;
  deviceSignupPerIpDay: number;
  deviceSignupTotalMinute: number;
  deviceSignupTotalDay: number;
  feedbackPerBorrowerMinute: number;
  feedbackPerBorrowerDay: number;
  complaintsPerBorrowerMinute: number;
  complaintsPerBorrowerDay: number;
}
export type LimitName = keyof LimitSettings;

/**
 * Generous for people behind one carrier NAT, far below what a script sends; a test run (the e2e
 * signs in about 15 borrowers from 127.0.0.1 in a minute or so) stays under them.
 */
export const DEFAULT_LIMITS: LimitSettings = {
  sendCodePerIpMinute: 20,
  sendCodePerIpDay: 200,
  sendCodeTotalMinute: 600,
  sendCodeTotalDay: 50_000,
  aadhaarOtpPerBorrowerDay: 5,
  // One person's number needs no more sends than one borrower may make; counted by a keyed hash (identity.ts).
  aadhaarOtpPerNumberDay: 5,
  // New devices per address: many installs behind one carrier NAT, far fewer than a script's 50 in 0.35 s.
  deviceSignupPerIpMinute: 10,
  deviceSignupPerIpDay: 100,
  deviceSignupTotalMinute: 300,
  deviceSignupTotalDay: 20_000,
  // A borrower writing to the lender sends a few a day; 300 in 1.9 s is a script filling the table.
  feedbackPerBorrowerMinute: 5,
  feedbackPerBorrowerDay: 20,
  // A borrower with a grievance raises one or two; a few more a day leaves room for a category picked wrong.
  complaintsPerBorrowerMinute: 3,
  complaintsPerBorrowerDay: 10,
};

export const LIMIT_ENV: Record<LimitName, string> = {
  sendCodePerIpMinute: 'SANDBOX_LIMIT_SENDCODE_PER_IP_MINUTE',
  sendCodePerIpDay: 'SANDBOX_LIMIT_SENDCODE_PER_IP_DAY',
  sendCodeTotalMinute: 'SANDBOX_LIMIT_SENDCODE_TOTAL_MINUTE',
  sendCodeTotalDay: 'SANDBOX_LIMIT_SENDCODE_TOTAL_DAY',
  aadhaarOtpPerBorrowerDay: 'SANDBOX_LIMIT_AADHAAR_OTP_PER_BORROWER_DAY',
  aadhaarOtpPerNumberDay: 'SANDBOX_LIMIT_AADHAAR_OTP_PER_NUMBER_DAY',
  deviceSignupPerIpMinute: 'SANDBOX_LIMIT_DEVICE_SIGNUP_PER_IP_MINUTE',
  deviceSignupPerIpDay: 'SANDBOX_LIMIT_DEVICE_SIGNUP_PER_IP_DAY',
  deviceSignupTotalMinute: 'SANDBOX_LIMIT_DEVICE_SIGNUP_TOTAL_MINUTE',
  deviceSignupTotalDay: 'SANDBOX_LIMIT_DEVICE_SIGNUP_TOTAL_DAY',
  feedbackPerBorrowerMinute: 'SANDBOX_LIMIT_FEEDBACK_PER_BORROWER_MINUTE',
  feedbackPerBorrowerDay: 'SANDBOX_LIMIT_FEEDBACK_PER_BORROWER_DAY',
  complaintsPerBorrowerMinute: 'SANDBOX_LIMIT_COMPLAINTS_PER_BORROWER_MINUTE',
  complaintsPerBorrowerDay: 'SANDBOX_LIMIT_COMPLAINTS_PER_BORROWER_DAY',
};

const WINDOW: Record<LimitName, 'minute' | 'day'> = {
  sendCodePerIpMinute: 'minute',
  sendCodePerIpDay: 'day',
  sendCodeTotalMinute: 'minute',
  sendCodeTotalDay: 'day',
  aadhaarOtpPerBorrowerDay: 'day',
  aadhaarOtpPerNumberDay: 'day',
  deviceSignupPerIpMinute: 'minute',
  deviceSignupPerIpDay: 'day',
  deviceSignupTotalMinute: 'minute',
  deviceSignupTotalDay: 'day',
  feedbackPerBorrowerMinute: 'minute',
  feedbackPerBorrowerDay: 'day',
  complaintsPerBorrowerMinute: 'minute',
  complaintsPerBorrowerDay: 'day',
};

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

export const LIMIT_MESSAGES: Record<LimitName, (waitSeconds: number) => string> = {
  sendCodePerIpMinute: (s) => `Too many codes were requested from your network. Please try again in ${seconds(s)}.`,
  sendCodePerIpDay: () => 'Too many codes were requested from your network today. Please try again tomorrow.',
  sendCodeTotalMinute: (s) => `We are receiving too many requests for codes right now. Please try again in ${seconds(s)}.`,
  sendCodeTotalDay: () => 'We cannot send more codes today. Please try again tomorrow.',
  aadhaarOtpPerBorrowerDay: () => 'Too many OTPs requested today. Please try again tomorrow.',
  aadhaarOtpPerNumberDay: () => 'Too many OTPs were requested for this Aadhaar number today. Please try again tomorrow.',
  deviceSignupPerIpMinute: (s) => `Too many new accounts were opened from your network. Please try again in ${seconds(s)}.`,
  deviceSignupPerIpDay: () => 'Too many new accounts were opened from your network today. Please try again tomorrow.',
  deviceSignupTotalMinute: (s) => `We are opening too many new accounts right now. Please try again in ${seconds(s)}.`,
  deviceSignupTotalDay: () => 'We cannot open more new accounts today. Please try again tomorrow.',
  feedbackPerBorrowerMinute: (s) => `You have sent a lot of feedback in the last minute. Please try again in ${seconds(s)}.`,
  feedbackPerBorrowerDay: () => 'You have sent as much feedback as we can take in one day. Please try again tomorrow.',
  complaintsPerBorrowerMinute: (s) => `You have raised several complaints in the last minute. Please try again in ${seconds(s)}.`,
  complaintsPerBorrowerDay: () => 'You have raised as many complaints as we can take in one day. Please try again tomorrow, or write to the grievance officer.',
};

/** The limits set in the environment (whole numbers, 0 refuses everything); anything else stops the start. */
export function limitsFromEnv(env: Record<string, string | undefined>): Partial<LimitSettings> {
  const set: Partial<LimitSettings> = {};
  for (const [name, variable] of Object.entries(LIMIT_ENV) as [LimitName, string][]) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    if (!/^\d{1,9}$/.test(raw.trim())) throw new Error(`${variable} must be a whole number (0 or more), got "${raw}"`);
    set[name] = Number(raw.trim());
  }
  return set;
}

/** One unit taken from each limit asked for; give it back (release, which never rejects) when the send did not happen after all. */
export type Taken = { ok: true; release(): Promise<void> } | { ok: false; message: string };

interface CountRow {
  limit_name: string;
  limit_key: string;
  day_start: Date | null;
  n: number;
  times: number[];
}

/** Rows untouched this long hold nothing any more (a day's count lives at most 24 h). */
const STALE_AFTER_MS = 25 * HOUR;

export class RateLimits {
  readonly settings: LimitSettings;
  private lastSweep = Number.NEGATIVE_INFINITY;

  /** `db` holds the counts (table rate_limit_counts): every process on one database counts alike. */
  constructor(
    settings: Partial<LimitSettings> = {},
    private readonly db?: Db,
  ) {
    this.settings = { ...DEFAULT_LIMITS, ...settings };
  }

  /**
   * Takes one unit from each `[limit, key]` at `now`, or none of them: the first limit already
   * reached gives the refusal. The counts' rows are locked in one order, so two requests at once,
   * in any processes, cannot both take the last unit. Called inside a transaction, the unit is
   * taken in it (and given back if it rolls back); otherwise in a transaction of its own.
   */
  async take(asked: readonly (readonly [LimitName, string])[], now: Date): Promise<Taken> {
    const db = this.database();
    const t = now.getTime();
    const ids = [...new Map(asked.map(([name, key]) => [`${name}\u0000${key}`, { name, key }])).values()].sort((a, b) =>
      a.name === b.name ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.name < b.name ? -1 : 1,
    );
    const inside = currentTransaction();
    const work = async (q: Queryable): Promise<Taken> => {
      // Creates the rows not there yet and locks them all, in the order of `ids`, in one statement.
      const locked = await q.query<CountRow>(
        `INSERT INTO rate_limit_counts AS r (limit_name, limit_key, updated_at)
         SELECT name, key, $3 FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(name, key, i) ORDER BY i
         ON CONFLICT (limit_name, limit_key) DO UPDATE SET updated_at = r.updated_at
         RETURNING limit_name, limit_key, day_start, n, times`,
        [ids.map((x) => x.name), ids.map((x) => x.key), now.toISOString()],
      );
      const rows = new Map(locked.rows.map((r) => [`${r.limit_name}\u0000${r.limit_key}`, r]));
      const today = startOfIstDay(now);
      const next = ids.map(({ name, key }) => {
        const row = rows.get(`${name}\u0000${key}`);
        const live = (row?.times ?? []).filter((x) => x > t - MINUTE);
        const sameDay = row?.day_start?.getTime() === today.getTime();
        const used = WINDOW[name] === 'minute' ? live.length : sameDay ? (row?.n ?? 0) : 0;
        return { name, key, live, used };
      });
      for (const { name, live, used } of next) {
        if (used < this.settings[name]) continue;
        const wait = WINDOW[name] === 'minute' ? Math.max(1, Math.ceil((Math.min(t, ...live) + MINUTE - t) / SECOND)) : 0;
        return { ok: false, message: LIMIT_MESSAGES[name](wait) };
      }
      const minute = (x: (typeof next)[number]) => WINDOW[x.name] === 'minute';
      await q.query(
        `UPDATE rate_limit_counts r SET day_start = u.day_start, n = u.n, times = u.times::float8[], updated_at = $5
           FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $6::text[]) AS u(name, key, day_start, n, times)
          WHERE r.limit_name = u.name AND r.limit_key = u.key`,
        [
          next.map((x) => x.name),
          next.map((x) => x.key),
          next.map((x) => (minute(x) ? null : today.toISOString())),
          next.map((x) => (minute(x) ? 0 : x.used + 1)),
          now.toISOString(),
          next.map((x) => `{${minute(x) ? [...x.live, t].join(',') : ''}}`),
        ],
      );
      let released = false;
      // Never rejects: a unit that cannot be given back (the database is away) only makes the limit stricter for a while.
      const release = async () => {
        if (released) return;
        released = true;
        await this.giveBack(ids, t, today, inside).catch(() => {});
      };
      return { ok: true, release };
    };
    if (inside) return work(inside.tx);
    const taken = await db.transaction(work);
    await this.sweep(db, t).catch(() => {}); // tidying only: a failure leaves the rows for the next sweep
    return taken;
  }

  /** Forgets every count (the sandbox control POST /sandbox/api/limits {"reset": true}). */
  async reset(): Promise<void> {
    await (currentTransaction()?.tx ?? this.database()).query('DELETE FROM rate_limit_counts');
  }

  /**
   * One unit back to each limit taken at `t`; nothing when the transaction it was taken in rolled back
   * (it went with it). One row per statement, in the order takes lock them: a release never holds one
   * row while it waits for another, so it cannot deadlock with a take.
   */
  private async giveBack(ids: readonly { name: LimitName; key: string }[], t: number, day: Date, takenIn: OpenTransaction | undefined) {
    if (takenIn?.state === 'rolled back') return;
    const q = currentTransaction()?.tx ?? this.database();
    for (const { name, key } of ids)
      await q.query(
        WINDOW[name] === 'day'
          ? 'UPDATE rate_limit_counts SET n = greatest(0, n - 1) WHERE limit_name = $1 AND limit_key = $2 AND day_start = $3'
          : `UPDATE rate_limit_counts SET times = times[:array_position(times, $3::float8) - 1] || times[array_position(times, $3::float8) + 1:]
              WHERE limit_name = $1 AND limit_key = $2 AND array_position(times, $3::float8) IS NOT NULL`,
        [name, key, WINDOW[name] === 'day' ? day.toISOString() : t],
      );
  }

  private database(): Db {
    if (!this.db) throw new Error('RateLimits needs the database that holds its counts');
    return this.db;
  }

  /**
   * Drops counts that hold nothing any more, at most once an hour of the clock (or when it moved back).
   * A statement of its own, after a take, that skips rows another take holds: it never waits on one.
   */
  private async sweep(db: Db, t: number): Promise<void> {
    if (t - this.lastSweep < HOUR && t >= this.lastSweep) return;
    this.lastSweep = t;
    await db.query(
      `DELETE FROM rate_limit_counts WHERE (limit_name, limit_key) IN
         (SELECT limit_name, limit_key FROM rate_limit_counts WHERE updated_at < $1 FOR UPDATE SKIP LOCKED)`,
      [new Date(t - STALE_AFTER_MS).toISOString()],
    );
  }
}
