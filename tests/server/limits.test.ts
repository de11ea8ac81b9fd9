/**
 * The abuse limits (server/README.md 'Limits and controls'): sign-in codes per client address and in
 * total, per minute and per day; Aadhaar OTPs per borrower per day. All on the sandbox's fake clock.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/src/app';
import { AadhaarSendOtp } from '../../contract/verification';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { DEFAULT_LIMITS, LIMIT_ENV, LIMIT_MESSAGES, limitsFromEnv, RateLimits, type LimitSettings } from '../../server/src/limits';
import { identityHash } from '../../server/src/identity';
import { limitKey, networkFromEnv } from '../../server/src/network';
import { openDb } from '../../server/src/db';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createFakeClock } from '../../server/src/clock';
import { api, freshPhone, fromAddress, parsed, signIn, startHarness, throwAwayPostgres, type Envelope, type Harness } from './helpers';

const SENT: Envelope = { code: 0, msg: 'success', data: null };

let base: Harness;
beforeAll(async () => {
  base = await startHarness();
});
afterAll(async () => {
  await base.close();
});

/**
 * An app with these limits (the defaults for the rest) and counts of its own, on the file's one
 * database and clock (fresh phones and borrowers keep tests apart). The counts live in the
 * database: they start from nothing here.
 */
async function withLimits(limits: Partial<LimitSettings> = {}, trustForwardedFor = false): Promise<Harness> {
  await base.db.query('DELETE FROM rate_limit_counts');
  const logs: string[] = [];
  const app = createApp({ db: base.db, clock: base.clock, limits, trustForwardedFor, log: (line) => logs.push(line) });
  return { ...base, app, logs };
}

async function sendCodeFrom(h: Harness, address: string, phone = freshPhone(), headers: Record<string, string> = {}): Promise<Envelope> {
  const res = await h.app.request(`/api1/sms/v1/sendCode?phone=${phone}`, { headers }, fromAddress(address));
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope;
}

describe('sign-in codes per client address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await withLimits();
  });

  it('the reported attack (one client, 300 different phones at once) gets 20 codes, by default', async () => {
    const answers: Envelope[] = [];
    for (let i = 0; i < 300; i++) answers.push(await sendCodeFrom(h, '203.0.113.7'));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(DEFAULT_LIMITS.sendCodePerIpMinute);
    expect(answers[DEFAULT_LIMITS.sendCodePerIpMinute]).toEqual({ code: 1, msg: LIMIT_MESSAGES.sendCodePerIpMinute(60), data: null });
    // Another client is not affected; the same client is again after a minute.
    expect(await sendCodeFrom(h, '198.51.100.9')).toEqual(SENT);
    await h.clock.advance(60_000);
    expect(await sendCodeFrom(h, '203.0.113.7')).toEqual(SENT);
  });

  it('a minute is the last 60 s: the answer says how long until the oldest send leaves it', async () => {
    const h2 = await withLimits({ sendCodePerIpMinute: 3 });
    for (let i = 0; i < 3; i++) {
      expect(await sendCodeFrom(h2, '192.0.2.1')).toEqual(SENT);
      await h2.clock.advance(10_000);
    }
    expect(await sendCodeFrom(h2, '192.0.2.1')).toEqual({ code: 1, msg: 'Too many codes were requested from your network. Please try again in 30 seconds.', data: null });
    await h2.clock.advance(29_000);
    expect((await sendCodeFrom(h2, '192.0.2.1')).msg).toBe('Too many codes were requested from your network. Please try again in 1 second.');
    await h2.clock.advance(1000);
    expect(await sendCodeFrom(h2, '192.0.2.1')).toEqual(SENT);
  });

  it('per day (IST calendar day): refused until IST midnight', async () => {
    const h2 = await withLimits({ sendCodePerIpDay: 3 });
    h2.clock.set('2026-02-10T18:00:00.000Z'); // 23:30 IST
    for (let i = 0; i < 3; i++) {
      expect(await sendCodeFrom(h2, '192.0.2.2')).toEqual(SENT);
      await h2.clock.advance(61_000);
    }
    expect(await sendCodeFrom(h2, '192.0.2.2')).toEqual({ code: 1, msg: LIMIT_MESSAGES.sendCodePerIpDay(0), data: null });
    h2.clock.set('2026-02-10T18:29:59.000Z');
    expect((await sendCodeFrom(h2, '192.0.2.2')).code).toBe(1);
    h2.clock.set('2026-02-10T18:30:00.000Z'); // 00:00 IST
    expect(await sendCodeFrom(h2, '192.0.2.2')).toEqual(SENT);
  });

  it('counts only codes sent: sends the phone’s own rules refuse (60 s cooldown) cost the client nothing', async () => {
    const h2 = await withLimits({ sendCodePerIpMinute: 2 });
    const phone = freshPhone();
    expect(await sendCodeFrom(h2, '192.0.2.3', phone)).toEqual(SENT);
    for (let i = 0; i < 5; i++) expect((await sendCodeFrom(h2, '192.0.2.3', phone)).msg).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
    expect(await sendCodeFrom(h2, '192.0.2.3')).toEqual(SENT);
    expect((await sendCodeFrom(h2, '192.0.2.3')).msg).toBe(LIMIT_MESSAGES.sendCodePerIpMinute(60));
    // A refused request (an invalid phone) is refused as such, before any limit.
    expect((await sendCodeFrom(h2, '192.0.2.3', '12')).msg).toBe('Please enter a valid 10-digit mobile number.');
  });

  it('an IPv6 client is counted by its /64; IPv4 on a dual-stack socket as IPv4', async () => {
    const h2 = await withLimits({ sendCodePerIpMinute: 2 });
    expect(await sendCodeFrom(h2, '2001:db8:1:2::a')).toEqual(SENT);
    expect(await sendCodeFrom(h2, '2001:db8:1:2:ffff::b')).toEqual(SENT);
    expect((await sendCodeFrom(h2, '2001:0db8:0001:0002:0:0:0:c')).code).toBe(1);
    expect(await sendCodeFrom(h2, '2001:db8:1:3::a')).toEqual(SENT);
    expect(await sendCodeFrom(h2, '::ffff:192.0.2.4')).toEqual(SENT);
    expect(await sendCodeFrom(h2, '192.0.2.4')).toEqual(SENT);
    expect((await sendCodeFrom(h2, '192.0.2.4')).code).toBe(1);
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('X-Forwarded-For is ignored unless trusted; trusted, its last entry (the proxy’s) is the client', async () => {
    const untrusted = await withLimits({ sendCodePerIpMinute: 1 });
    expect(await sendCodeFrom(untrusted, '127.0.0.1', freshPhone(), { 'x-forwarded-for': '192.0.2.10' })).toEqual(SENT);
    expect((await sendCodeFrom(untrusted, '127.0.0.1', freshPhone(), { 'x-forwarded-for': '192.0.2.11' })).code).toBe(1);

    const trusted = await withLimits({ sendCodePerIpMinute: 1 }, true);
    expect(await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { 'x-forwarded-for': '192.0.2.10' })).toEqual(SENT);
    expect(await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { 'x-forwarded-for': '192.0.2.11' })).toEqual(SENT);
    // What the client wrote before the proxy's entry changes nothing.
    expect((await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { 'x-forwarded-for': '10.9.9.9, 192.0.2.11' })).code).toBe(1);
    // Not an address: one 'unknown' client, never the proxy's own address (which would be loopback).
    expect(await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { 'x-forwarded-for': 'nonsense' })).toEqual(SENT);
    expect((await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { 'x-forwarded-for': '' })).code).toBe(1);
    expect(await sendCodeFrom(trusted, '127.0.0.1', freshPhone())).toEqual(SENT);
    // A proxy that says X-Real-IP or Forwarded instead: the same client as its X-Forwarded-For.
    expect((await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { 'x-real-ip': '192.0.2.10' })).code).toBe(1);
    expect((await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { forwarded: 'for=192.0.2.11:4711;proto=https' })).code).toBe(1);
    expect(await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { forwarded: 'for="[2001:db8:1::7]:4711"' })).toEqual(SENT);
    expect((await sendCodeFrom(trusted, '127.0.0.1', freshPhone(), { forwarded: 'for=192.0.2.99, for="[2001:db8:1::8]"' })).code).toBe(1);
  });
});

describe('sign-in codes in total', () => {
  it('per minute, whatever the addresses', async () => {
    const h = await withLimits({ sendCodeTotalMinute: 3 });
    for (let i = 1; i <= 3; i++) expect(await sendCodeFrom(h, `192.0.2.${20 + i}`)).toEqual(SENT);
    await h.clock.advance(15_000);
    expect(await sendCodeFrom(h, '192.0.2.30')).toEqual({
      code: 1,
      msg: 'We are receiving too many requests for codes right now. Please try again in 45 seconds.',
      data: null,
    });
    await h.clock.advance(45_000);
    expect(await sendCodeFrom(h, '192.0.2.30')).toEqual(SENT);
  });

  it('per day', async () => {
    const h = await withLimits({ sendCodeTotalDay: 2 });
    expect(await sendCodeFrom(h, '192.0.2.41')).toEqual(SENT);
    expect(await sendCodeFrom(h, '192.0.2.42')).toEqual(SENT);
    await h.clock.advance(3600_000);
    expect(await sendCodeFrom(h, '192.0.2.43')).toEqual({ code: 1, msg: 'We cannot send more codes today. Please try again tomorrow.', data: null });
    await h.clock.advance(24 * 3600_000);
    expect(await sendCodeFrom(h, '192.0.2.43')).toEqual(SENT);
  });
});

describe('a test run and sign-in as before', () => {
  it('with the defaults, 15 borrowers sign in from 127.0.0.1 within a minute (as the e2e does)', async () => {
    const h = await withLimits();
    for (let i = 0; i < 15; i++) expect(await sendCodeFrom(h, '127.0.0.1')).toEqual(SENT);
    // In-process requests (tests) have no socket: they share one bucket of their own.
    expect((await api(h.app, 'GET', `/sms/v1/sendCode?phone=${freshPhone()}`)).code).toBe(0);
  });
});

describe('Aadhaar OTPs per borrower per day', () => {
  const aadhaar = (eleven: string) => `${eleven}${verhoeffCheckDigit(eleven)}`;

  it('15 sends 61 s apart: the first 5 are sent, then "Too many OTPs requested today" until IST midnight; another borrower (another number) is not affected', async () => {
    const h = await withLimits();
    h.clock.set('2026-03-02T06:30:00.000Z'); // 12:00 IST
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const other = await signIn(h, freshPhone());
    const send = (t: string) => api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token: t, json: { aadhaar: aadhaar('23456789012') } });
    const answers: Envelope[] = [];
    for (let i = 0; i < 15; i++) {
      answers.push(await send(token));
      await h.clock.advance(61_000);
    }
    const sent = answers.filter((a) => a.code === 0);
    expect(sent).toHaveLength(DEFAULT_LIMITS.aadhaarOtpPerBorrowerDay);
    for (const a of sent) expect(parsed(AadhaarSendOtp, a).state).toBe(0);
    expect(answers.slice(5)).toEqual(Array(10).fill({ code: 1, msg: 'Too many OTPs requested today. Please try again tomorrow.', data: null }));
    const outbox = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_outbox WHERE purpose = 'aadhaar' AND phone = $1`, [phone]);
    expect(outbox.rows[0]?.n).toBe(5);

    // Another borrower with their own number: the first borrower's count is not theirs.
    const theirs = await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token: other.token, json: { aadhaar: aadhaar('34567890123') } });
    expect(parsed(AadhaarSendOtp, theirs).state).toBe(0);
    h.clock.set('2026-03-02T18:30:00.000Z'); // 00:00 IST the next day
    expect(parsed(AadhaarSendOtp, await send(token)).state).toBe(0);
  });

  it('per Aadhaar number across borrowers: the reported three borrowers on one number get 5 OTPs in all that day, counted by a keyed hash', async () => {
    const h = await withLimits();
    h.clock.set('2026-03-05T06:30:00.000Z'); // 12:00 IST
    const number = aadhaar('45678901234');
    const borrowers = [await signIn(h, freshPhone()), await signIn(h, freshPhone()), await signIn(h, freshPhone())];
    const answers: Envelope[] = [];
    for (let round = 0; round < 3; round++) {
      for (const b of borrowers) answers.push(await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token: b.token, json: { aadhaar: number } }));
      await h.clock.advance(61_000);
    }
    expect(answers.filter((a) => a.code === 0)).toHaveLength(DEFAULT_LIMITS.aadhaarOtpPerNumberDay);
    expect(answers.slice(DEFAULT_LIMITS.aadhaarOtpPerNumberDay)).toEqual(
      Array(9 - DEFAULT_LIMITS.aadhaarOtpPerNumberDay).fill({ code: 1, msg: LIMIT_MESSAGES.aadhaarOtpPerNumberDay(0), data: null }),
    );
    // Another number of the same borrowers is not affected; the next IST day this one is free again.
    expect(parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token: borrowers[2]!.token, json: { aadhaar: aadhaar('45678901235') } })).state).toBe(0);
    h.clock.set('2026-03-05T18:30:00.000Z');
    expect(parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token: borrowers[0]!.token, json: { aadhaar: number } })).state).toBe(0);
  });

  it("the per-number limit's key is the number's keyed hash, never the number", async () => {
    const h = await withLimits();
    const { token } = await signIn(h, freshPhone());
    const number = aadhaar('56789012345');
    const take = vi.spyOn(RateLimits.prototype, 'take');
    try {
      expect(parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar: number } })).state).toBe(0);
      const keys = take.mock.calls.flatMap(([asked]) => asked.map(([name, key]) => `${name}:${key}`));
      expect(keys).toContain(`aadhaarOtpPerNumberDay:${identityHash('aadhaar', number)}`);
      expect(keys.filter((k) => k.includes(number))).toEqual([]);
    } finally {
      take.mockRestore();
    }
    // Keyed: the same number under another key hashes to something else.
    expect(identityHash('aadhaar', number, 'another key')).not.toBe(identityHash('aadhaar', number));
  });

  it('a refusal before the send (cooldown, invalid number) is not counted', async () => {
    const h = await withLimits({ aadhaarOtpPerBorrowerDay: 2 });
    const { token } = await signIn(h, freshPhone());
    const send = (n: string) => api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar: n } });
    expect(parsed(AadhaarSendOtp, await send(aadhaar('23456789012'))).state).toBe(0);
    for (let i = 0; i < 4; i++) expect(parsed(AadhaarSendOtp, await send(aadhaar('23456789012'))).state).toBe(2);
    expect(parsed(AadhaarSendOtp, await send('12345')).state).toBe(2);
    await h.clock.advance(61_000);
    expect(parsed(AadhaarSendOtp, await send(aadhaar('23456789012'))).state).toBe(0);
    await h.clock.advance(61_000);
    expect((await send(aadhaar('23456789012'))).msg).toBe('Too many OTPs requested today. Please try again tomorrow.');
  });
});

describe('settings and the sandbox control', () => {
  it('GET /sandbox/api/limits shows the limits and their env vars; POST {"reset": true} forgets what was counted', async () => {
    const h = await withLimits({ sendCodePerIpMinute: 1 });
    const shown = (await (await h.app.request('/sandbox/api/limits')).json()) as { limits: LimitSettings; env: typeof LIMIT_ENV };
    expect(shown).toEqual({ limits: { ...DEFAULT_LIMITS, sendCodePerIpMinute: 1 }, env: LIMIT_ENV });

    expect(await sendCodeFrom(h, '192.0.2.50')).toEqual(SENT);
    expect((await sendCodeFrom(h, '192.0.2.50')).code).toBe(1);
    const reset = await h.app.request('/sandbox/api/limits', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"reset": true}' });
    expect(reset.status).toBe(200);
    expect(h.logs).toContain('[sandbox limits] counts reset');
    expect(await sendCodeFrom(h, '192.0.2.50')).toEqual(SENT);

    for (const body of ['{}', '{"reset": false}', 'nope']) {
      const bad = await h.app.request('/sandbox/api/limits', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toMatch(/reset/);
    }
  });

  it('SANDBOX_LIMIT_* set the limits (whole numbers); anything else stops the start naming the variable', () => {
    expect(limitsFromEnv({})).toEqual({});
    expect(
      limitsFromEnv({
        SANDBOX_LIMIT_SENDCODE_PER_IP_MINUTE: '5',
        SANDBOX_LIMIT_SENDCODE_PER_IP_DAY: '50',
        SANDBOX_LIMIT_SENDCODE_TOTAL_MINUTE: '100',
        SANDBOX_LIMIT_SENDCODE_TOTAL_DAY: ' 1000 ',
        SANDBOX_LIMIT_AADHAAR_OTP_PER_BORROWER_DAY: '0',
        SANDBOX_LIMIT_AADHAAR_OTP_PER_NUMBER_DAY: '3',
        SANDBOX_LIMIT_DEVICE_SIGNUP_PER_IP_MINUTE: '2',
        SANDBOX_LIMIT_DEVICE_SIGNUP_PER_IP_DAY: '20',
        SANDBOX_LIMIT_DEVICE_SIGNUP_TOTAL_MINUTE: '200',
        SANDBOX_LIMIT_DEVICE_SIGNUP_TOTAL_DAY: '2000',
        SANDBOX_LIMIT_FEEDBACK_PER_BORROWER_MINUTE: '1',
        SANDBOX_LIMIT_FEEDBACK_PER_BORROWER_DAY: '4',
        SANDBOX_LIMIT_SOMETHING_ELSE: 'x',
      }),
    ).toEqual({
      sendCodePerIpMinute: 5,
      sendCodePerIpDay: 50,
      sendCodeTotalMinute: 100,
      sendCodeTotalDay: 1000,
      aadhaarOtpPerBorrowerDay: 0,
      aadhaarOtpPerNumberDay: 3,
      deviceSignupPerIpMinute: 2,
      deviceSignupPerIpDay: 20,
      deviceSignupTotalMinute: 200,
      deviceSignupTotalDay: 2000,
      feedbackPerBorrowerMinute: 1,
      feedbackPerBorrowerDay: 4,
    });
    for (const bad of ['-1', '2.5', 'ten', '1e3']) {
      expect(() => limitsFromEnv({ SANDBOX_LIMIT_SENDCODE_PER_IP_DAY: bad })).toThrow(`SANDBOX_LIMIT_SENDCODE_PER_IP_DAY must be a whole number (0 or more), got "${bad}"`);
    }
    expect(new RateLimits({ sendCodeTotalDay: 7 }).settings).toEqual({ ...DEFAULT_LIMITS, sendCodeTotalDay: 7 });
  });

  it('SANDBOX_CONTROLS and SANDBOX_TRUST_X_FORWARDED_FOR', () => {
    expect(networkFromEnv({})).toEqual({ controls: 'loopback', trustForwardedFor: false });
    expect(networkFromEnv({ SANDBOX_CONTROLS: 'open', SANDBOX_TRUST_X_FORWARDED_FOR: '1' })).toEqual({ controls: 'open', trustForwardedFor: true });
    expect(() => networkFromEnv({ SANDBOX_CONTROLS: 'yes' })).toThrow('SANDBOX_CONTROLS must be "loopback" or "open", got "yes"');
    expect(() => networkFromEnv({ SANDBOX_TRUST_X_FORWARDED_FOR: 'true' })).toThrow('SANDBOX_TRUST_X_FORWARDED_FOR must be 0 or 1, got "true"');
  });
});

describe('the counts live in the database', () => {
  const countOf = async (name: string, key: string) =>
    (await base.db.query<{ n: number; times: number[] }>('SELECT n, times FROM rate_limit_counts WHERE limit_name = $1 AND limit_key = $2', [name, key])).rows[0];

  it('a restart (a new RateLimits on the same database) forgets nothing', async () => {
    const now = base.clock.now();
    const first = new RateLimits({ sendCodePerIpMinute: 2 }, base.db);
    expect((await first.take([['sendCodePerIpMinute', 'restart']], now)).ok).toBe(true);
    expect((await first.take([['sendCodePerIpMinute', 'restart']], now)).ok).toBe(true);
    const second = new RateLimits({ sendCodePerIpMinute: 2 }, base.db);
    expect(await second.take([['sendCodePerIpMinute', 'restart']], now)).toEqual({ ok: false, message: LIMIT_MESSAGES.sendCodePerIpMinute(60) });
  });

  it('taken inside a transaction, the unit is part of it: a rollback gives it back, a commit keeps it (PGlite, one connection, does not wait on itself)', async () => {
    const limits = new RateLimits({ aadhaarOtpPerBorrowerDay: 1 }, base.db);
    const now = base.clock.now();
    await expect(
      base.db.transaction(async () => {
        expect((await limits.take([['aadhaarOtpPerBorrowerDay', 'tx']], now)).ok).toBe(true);
        throw new Error('the send failed');
      }),
    ).rejects.toThrow('the send failed');
    expect((await countOf('aadhaarOtpPerBorrowerDay', 'tx'))?.n ?? 0).toBe(0);
    const taken = await base.db.transaction(() => limits.take([['aadhaarOtpPerBorrowerDay', 'tx']], now));
    expect(taken.ok).toBe(true);
    expect((await limits.take([['aadhaarOtpPerBorrowerDay', 'tx']], now)).ok).toBe(false);
    // Given back after its transaction committed: once, however often release is called.
    if (taken.ok) await Promise.all([taken.release(), taken.release()]);
    expect((await countOf('aadhaarOtpPerBorrowerDay', 'tx'))?.n).toBe(0);
  });

  it('all or nothing: a refusal by one limit takes no unit from the others', async () => {
    const limits = new RateLimits({ sendCodePerIpMinute: 5, sendCodeTotalMinute: 1 }, base.db);
    await base.db.query('DELETE FROM rate_limit_counts');
    const now = base.clock.now();
    expect((await limits.take([['sendCodePerIpMinute', 'a'], ['sendCodeTotalMinute', 'all']], now)).ok).toBe(true);
    expect((await limits.take([['sendCodePerIpMinute', 'b'], ['sendCodeTotalMinute', 'all']], now)).ok).toBe(false);
    expect(await countOf('sendCodePerIpMinute', 'b')).toEqual({ n: 0, times: [] });
    expect((await countOf('sendCodePerIpMinute', 'a'))?.times).toEqual([now.getTime()]);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on a real PostgreSQL server, counted by two processes at once', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_limits');

  it('40 takes at once through two connection pools (two processes) with 7 units left: 7 taken, whatever the order', async () => {
    const clock = createFakeClock();
    const prepared = await openPreparedDb({ databaseUrl: database.url() }, clock);
    const other = await openDb({ databaseUrl: database.url() });
    try {
      const a = new RateLimits({ sendCodePerIpDay: 7, sendCodeTotalDay: 1000 }, prepared.db);
      const b = new RateLimits({ sendCodePerIpDay: 7, sendCodeTotalDay: 1000 }, other);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).take(
            [
              ['sendCodeTotalDay', 'all'],
              ['sendCodePerIpDay', '192.0.2.99'],
            ],
            clock.now(),
          ),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(7);
      const counts = await other.query<{ limit_name: string; n: number }>('SELECT limit_name, n FROM rate_limit_counts ORDER BY limit_name');
      expect(counts.rows).toEqual([
        { limit_name: 'sendCodePerIpDay', n: 7 },
        { limit_name: 'sendCodeTotalDay', n: 7 },
      ]);
    } finally {
      await other.close();
      await prepared.db.close();
    }
  });
});
