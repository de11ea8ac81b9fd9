/**
 * Sign-in with a one-time code (endpoint table: sendCode, login). The code's rules (length, life,
 * cooldown, daily cap, wrong tries) are OTP below; the per-address and total limits are limits.ts's.
 * The sandbox sends no SMS: the message goes to sms_outbox (the /sandbox page) and the log.
 */
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { createSession, safeEqual, sha256 } from '../auth';
import type { AppEnv } from '../env';
import { ApiError, ok } from '../envelope';
import { clientAddress, limitKey } from '../network';
import { DAY, MINUTE, SECOND, startOfIstDay } from '../time';
import { serve } from './serve';

export const OTP = {
  ttlMs: 10 * MINUTE,
  cooldownMs: 60 * SECOND,
  dailyCap: 10,
  maxWrongTries: 5,
} as const;

export const LOGIN_MESSAGES = {
  invalidPhone: 'Please enter a valid 10-digit mobile number.',
  dailyCap: 'Too many codes requested today. Please try again tomorrow.',
  wait: (seconds: number) => `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
  incorrect: 'Incorrect code. Please try again.',
  tooManyTries: 'Too many incorrect attempts. Please request a new code.',
  expired: 'The code has expired. Please request a new code.',
  noCode: 'Please request a code first.',
} as const;

/** 91 followed by a 10-digit Indian mobile number (starts 6–9). */
export const PHONE_RE = /^91[6-9]\d{9}$/;

const codeHash = (phone: string, code: string) => sha256(`${phone}:${code}`);

/** What a transaction decided: a refusal is returned (so the transaction commits), then thrown. */
type Outcome<T> = { error: string } | { error?: undefined; value: T };
const refuse = (error: string): Outcome<never> => ({ error });

export function smsLoginRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.sendCode, { invalid: LOGIN_MESSAGES.invalidPhone }, async (c, { phone }) => {
    const { db, clock, log, rateLimits } = c.var.deps;
    if (!PHONE_RE.test(phone)) throw new ApiError(LOGIN_MESSAGES.invalidPhone);

    const askedAt = clock.now();
    const client = limitKey(clientAddress(c));
    // Taken before the phone's own rules and given back when they refuse: only codes sent are counted.
    const taken = await rateLimits.take(
      [
        ['sendCodePerIpMinute', client],
        ['sendCodePerIpDay', client],
        ['sendCodeTotalMinute', 'all'],
        ['sendCodeTotalDay', 'all'],
      ],
      askedAt,
    );
    if (!taken.ok) throw new ApiError(taken.message);
    const outcome = await db.transaction(async (tx): Promise<Outcome<string>> => {
      // Serialise sends for one phone, so two quick taps cannot both pass the cooldown.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
      // Read once the lock is held: a send that got the lock first (in any process) is never after `now`.
      const now = clock.now();
      const dayStart = startOfIstDay(now);
      const sent = await tx.query<{ today: number; last: Date | null }>(
        `SELECT count(*) FILTER (WHERE created_at >= $2 AND created_at < $3)::int AS today,
                max(created_at) FILTER (WHERE created_at <= $4) AS last
           FROM sms_outbox WHERE phone = $1 AND purpose = 'login'`,
        [phone, dayStart.toISOString(), new Date(dayStart.getTime() + DAY).toISOString(), now.toISOString()],
      );
      const { today = 0, last = null } = sent.rows[0] ?? {};
      if (today >= OTP.dailyCap) return refuse(LOGIN_MESSAGES.dailyCap);
      if (last) {
        const waitMs = OTP.cooldownMs - (now.getTime() - last.getTime());
        if (waitMs > 0) return refuse(LOGIN_MESSAGES.wait(Math.ceil(waitMs / SECOND)));
      }

      const code = String(crypto.randomInt(0, 10_000)).padStart(4, '0');
      const text = `Your code is ${code}. It is valid for 10 minutes. Do not share it with anyone. - Borrower`;
      await tx.query(
        `INSERT INTO otp_codes (phone, code_hash, created_at, expires_at, failed_attempts) VALUES ($1, $2, $3, $4, 0)
         ON CONFLICT (phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at,
           expires_at = EXCLUDED.expires_at, failed_attempts = 0`,
        [phone, codeHash(phone, code), now.toISOString(), new Date(now.getTime() + OTP.ttlMs).toISOString()],
      );
      await tx.query(`INSERT INTO sms_outbox (phone, purpose, text, code, created_at) VALUES ($1, 'login', $2, $3, $4)`, [
        phone,
        text,
        code,
        now.toISOString(),
      ]);
      return { value: text };
    }).catch(async (error: unknown) => {
      await taken.release();
      throw error;
    });
    if (outcome.error !== undefined) {
      await taken.release();
      throw new ApiError(outcome.error);
    }
    log(`[sandbox sms] to ${phone}: ${outcome.value}`);
    return ok(c);
  });

  serve(r, ENDPOINTS.login, async (c, { phone, code }) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();

    const outcome = await db.transaction(async (tx): Promise<Outcome<{ token: string; isRegister: 0 | 1 }>> => {
      const found = await tx.query<{ code_hash: string; expires_at: Date; failed_attempts: number }>(
        'SELECT code_hash, expires_at, failed_attempts FROM otp_codes WHERE phone = $1 FOR UPDATE',
        [phone],
      );
      const otp = found.rows[0];
      if (!otp) return refuse(LOGIN_MESSAGES.noCode);
      if (otp.failed_attempts >= OTP.maxWrongTries) return refuse(LOGIN_MESSAGES.tooManyTries);
      if (otp.expires_at.getTime() <= now.getTime()) return refuse(LOGIN_MESSAGES.expired);
      if (!safeEqual(otp.code_hash, codeHash(phone, code))) {
        const counted = await tx.query<{ failed_attempts: number }>(
          'UPDATE otp_codes SET failed_attempts = failed_attempts + 1 WHERE phone = $1 RETURNING failed_attempts',
          [phone],
        );
        const tries = counted.rows[0]?.failed_attempts ?? OTP.maxWrongTries;
        return refuse(tries >= OTP.maxWrongTries ? LOGIN_MESSAGES.tooManyTries : LOGIN_MESSAGES.incorrect);
      }

      await tx.query('DELETE FROM otp_codes WHERE phone = $1', [phone]);
      const created = await tx.query<{ id: number }>(
        'INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING RETURNING id',
        [phone, now.toISOString()],
      );
      let userId = created.rows[0]?.id;
      const isRegister: 0 | 1 = userId === undefined ? 0 : 1;
      if (userId === undefined) {
        const existing = await tx.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
        userId = existing.rows[0]?.id;
        if (userId === undefined) throw new Error('user vanished during sign-in');
      }
      // A phone-code sign-in proves the phone: such a borrower is never reached by an unsigned shell login.
      await tx.query('UPDATE users SET phone_signed_in_at = $2 WHERE id = $1', [userId, now.toISOString()]);
      const token = await createSession(tx, userId, now, { method: 'code', userAgent: c.req.header('user-agent') });
      return { value: { token, isRegister } };
    });
    // Outside the transaction, so a counted wrong try is committed before the error is sent.
    if (outcome.error !== undefined) throw new ApiError(outcome.error);
    return outcome.value;
  });

  return r;
}
