/**
 * Abuse limits on what costs the lender money or helps an attacker (server/README.md 'Limits and
 * controls'): sign-in codes per client address and in total, per minute and per day (against SMS
 * pumping and code guessing spread over many phones); Aadhaar OTPs per borrower and per Aadhaar
 * number per day; borrowers made by a new device's shell login per client address and in total;
 * feedback per borrower. They come on top of each call's own rules (one code per phone per 60 s, …).
 *
 * Counted on the sandbox clock, so QA can move past them; kept in this process's memory (a restart
 * or POST /sandbox/api/limits {"reset": true} clears them; a lender with several servers would keep
 * them in shared storage). A minute is the last 60 s; a day is the calendar day in IST.
 */
import { MINUTE, SECOND, startOfIstDay } from './time';

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

/** One unit taken from each limit asked for; give it back when the send did not happen after all. */
export type Taken = { ok: true; release(): void } | { ok: false; message: string };

interface Count {
  /** minute limits: the times of the sends in the last 60 s, oldest first */
  times: number[];
  /** day limits: the IST day counted, and the count */
  day: number;
  n: number;
}

export class RateLimits {
  readonly settings: LimitSettings;
  private readonly counts = new Map<string, Count>();
  private lastSweep = 0;

  constructor(settings: Partial<LimitSettings> = {}) {
    this.settings = { ...DEFAULT_LIMITS, ...settings };
  }

  /**
   * Takes one unit from each `[limit, key]` at `now`, or none of them: the first limit already
   * reached gives the refusal. Synchronous, so two requests at once cannot both take the last unit.
   */
  take(asked: readonly (readonly [LimitName, string])[], now: Date): Taken {
    const t = now.getTime();
    this.sweep(t);
    const entries = asked.map(([name, key]) => ({ name, count: this.count(`${name}:${key}`, name, t) }));
    for (const { name, count } of entries) {
      const limit = this.settings[name];
      if (WINDOW[name] === 'minute' ? count.times.length < limit : count.n < limit) continue;
      const oldest = count.times[0] ?? t;
      const wait = WINDOW[name] === 'minute' ? Math.max(1, Math.ceil((oldest + MINUTE - t) / SECOND)) : 0;
      return { ok: false, message: LIMIT_MESSAGES[name](wait) };
    }
    for (const { name, count } of entries) {
      if (WINDOW[name] === 'minute') count.times.push(t);
      else count.n += 1;
    }
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        for (const { name, count } of entries) {
          if (WINDOW[name] === 'day') count.n = Math.max(0, count.n - 1);
          else {
            const at = count.times.lastIndexOf(t);
            if (at >= 0) count.times.splice(at, 1);
          }
        }
      },
    };
  }

  reset(): void {
    this.counts.clear();
  }

  /** The count of `id` at `t`, with what fell out of its window dropped. */
  private count(id: string, name: LimitName, t: number): Count {
    let count = this.counts.get(id);
    if (!count) this.counts.set(id, (count = { times: [], day: 0, n: 0 }));
    if (WINDOW[name] === 'minute') {
      while ((count.times[0] ?? Infinity) <= t - MINUTE) count.times.shift();
    } else {
      const day = startOfIstDay(new Date(t)).getTime();
      if (count.day !== day) Object.assign(count, { day, n: 0 });
    }
    return count;
  }

  /** Drops counts that hold nothing any more, so many addresses seen once do not pile up. */
  private sweep(t: number): void {
    if (Math.abs(t - this.lastSweep) < MINUTE) return;
    this.lastSweep = t;
    const today = startOfIstDay(new Date(t)).getTime();
    for (const [id, count] of this.counts) {
      const stale = count.times.every((x) => x <= t - MINUTE) && (count.n === 0 || count.day !== today);
      if (stale) this.counts.delete(id);
    }
  }
}
