/** Sign-in with a one-time code: the rules of GET /sms/v1/sendCode and POST /user/v1/login. */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse } from '../../contract/auth';
import { LOGIN_MESSAGES } from '../../server/src/routes/sms-login';
import { api, freshPhone, latestCode, parsed, sendCode, signIn, startHarness, wrongCode, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const login = (phone: string, code: string) => api(h.app, 'POST', '/user/v1/login', { json: { phone, code } });

describe('sendCode', () => {
  it.each([
    ['missing', ''],
    ['without 91', '9876543210'],
    ['9 digits', '91987654321'],
    ['11 digits', '9198765432101'],
    ['starting 5', '915876543210'],
    ['starting 0', '910876543210'],
    ['letters', '91987654321a'],
    ['+91', '+919876543210'],
  ])('refuses a phone that is %s', async (_label, phone) => {
    const res = await api(h.app, 'GET', `/sms/v1/sendCode${phone ? `?phone=${encodeURIComponent(phone)}` : ''}`);
    expect(res).toEqual({ code: 1, msg: 'Please enter a valid 10-digit mobile number.', data: null });
  });

  it('writes a 4-digit code to the outbox and the log, and answers data null', async () => {
    const phone = freshPhone();
    const res = await sendCode(h.app, phone);
    expect(res).toEqual({ code: 0, msg: 'success', data: null });
    const code = await latestCode(h.app, phone);
    expect(code).toMatch(/^\d{4}$/);
    expect(h.logs).toContain(`[sandbox sms] to ${phone}: Your code is ${code}. It is valid for 10 minutes. Do not share it with anyone. - Borrower`);
    const stored = await h.db.query<{ text: string; code: string }>('SELECT text, code FROM sms_outbox WHERE phone = $1', [phone]);
    expect(stored.rows).toEqual([{ text: expect.stringContaining(`Your code is ${code}`), code }]);
  });

  it('allows one send per phone per 60 seconds', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    await h.clock.advance(18_000);
    expect(await sendCode(h.app, phone)).toEqual({ code: 1, msg: 'Please wait 42 seconds before requesting a new code.', data: null });
    await h.clock.advance(41_500);
    expect((await sendCode(h.app, phone)).msg).toBe('Please wait 1 second before requesting a new code.');
    await h.clock.advance(500);
    expect((await sendCode(h.app, phone)).code).toBe(0);
    // Another phone is not affected.
    expect((await sendCode(h.app, freshPhone())).code).toBe(0);
  });

  it('caps sends at 10 per phone per calendar day in IST, and resets at IST midnight', async () => {
    const phone = freshPhone();
    h.clock.set('2026-02-10T00:00:00.000Z'); // 05:30 IST
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(h.app, phone)).code, `send ${i + 1}`).toBe(0);
      await h.clock.advance(61_000);
    }
    expect(await sendCode(h.app, phone)).toEqual({ code: 1, msg: LOGIN_MESSAGES.dailyCap, data: null });
    h.clock.set('2026-02-10T18:29:00.000Z'); // 23:59 IST: same day
    expect((await sendCode(h.app, phone)).msg).toBe(LOGIN_MESSAGES.dailyCap);
    h.clock.set('2026-02-10T18:30:00.000Z'); // 00:00 IST the next day
    expect((await sendCode(h.app, phone)).code).toBe(0);
  });
});

describe('login', () => {
  it('signs a new number in as a new borrower (isRegister 1), then as a returning one (0)', async () => {
    const phone = freshPhone();
    const first = await signIn(h, phone);
    expect(first.isRegister).toBe(1);
    expect(parsed(LoginResponse, { code: 0, msg: 'success', data: first }).token).toBe(first.token);
    const second = await signIn(h, phone);
    expect(second.isRegister).toBe(0);
    expect(second.token).not.toBe(first.token);
    const users = await h.db.query('SELECT id FROM users WHERE phone = $1', [phone]);
    expect(users.rowCount).toBe(1);
  });

  it('consumes the code: it works once', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const code = await latestCode(h.app, phone);
    expect((await login(phone, code)).code).toBe(0);
    expect(await login(phone, code)).toEqual({ code: 1, msg: LOGIN_MESSAGES.noCode, data: null });
  });

  it('asks for a code when none was sent', async () => {
    expect(await login(freshPhone(), '1234')).toEqual({ code: 1, msg: 'Please request a code first.', data: null });
  });

  it('replaces the old code with a new one', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const old = await latestCode(h.app, phone);
    await h.clock.advance(60_000);
    await sendCode(h.app, phone);
    const current = await latestCode(h.app, phone);
    if (old !== current) expect((await login(phone, old)).msg).toBe(LOGIN_MESSAGES.incorrect);
    expect((await login(phone, current)).code).toBe(0);
  });

  it('expires a code after 10 minutes', async () => {
    const [a, b] = [freshPhone(), freshPhone()];
    await sendCode(h.app, a);
    await sendCode(h.app, b);
    const [codeA, codeB] = [await latestCode(h.app, a), await latestCode(h.app, b)];
    await h.clock.advance(10 * 60_000 - 1000);
    expect((await login(b, codeB)).code).toBe(0); // 9 min 59 s old: still valid
    await h.clock.advance(1000);
    expect(await login(a, codeA)).toEqual({ code: 1, msg: 'The code has expired. Please request a new code.', data: null });
  });

  it('allows 4 wrong tries; the 5th kills the code, even for the right code afterwards', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const code = await latestCode(h.app, phone);
    for (let i = 0; i < 4; i++) expect((await login(phone, wrongCode(code))).msg, `try ${i + 1}`).toBe('Incorrect code. Please try again.');
    expect(await login(phone, wrongCode(code))).toEqual({ code: 1, msg: 'Too many incorrect attempts. Please request a new code.', data: null });
    expect((await login(phone, code)).msg).toBe(LOGIN_MESSAGES.tooManyTries);
    // A new code starts over.
    await h.clock.advance(61_000);
    await sendCode(h.app, phone);
    expect((await login(phone, await latestCode(h.app, phone))).code).toBe(0);
  });

  it('signs in after 4 wrong tries with the right code', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const code = await latestCode(h.app, phone);
    for (let i = 0; i < 4; i++) await login(phone, wrongCode(code));
    expect((await login(phone, code)).code).toBe(0);
  });

  it.each([
    ['no phone', { code: '1234' }, 'phone is required'],
    ['no code', { phone: '919876543210' }, 'code is required'],
    ['a short code', { phone: '919876543210', code: '123' }, 'code must be 4 digits'],
    ['a bad phone', { phone: '9876543210', code: '1234' }, 'phone must be 91 followed by 10 digits'],
    ['a number as code', { phone: '919876543210', code: 1234 }, 'code'],
  ])('names the field of a malformed body with %s', async (_label, json, msg) => {
    const res = await api(h.app, 'POST', '/user/v1/login', { json });
    expect(res.code).toBe(1);
    expect(res.msg).toContain(msg);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await api(h.app, 'POST', '/user/v1/login', { body: '{phone:' });
    expect(res).toEqual({ code: 1, msg: 'The request body must be JSON.', data: null });
  });
});

describe('concurrent requests', () => {
  it('five simultaneous sends for one phone: one code goes out, four are told to wait', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendCode(h.app, phone)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.msg.startsWith('Please wait 60 seconds'))).toHaveLength(4);
    const sent = await h.db.query('SELECT 1 FROM sms_outbox WHERE phone = $1', [phone]);
    expect(sent.rowCount).toBe(1);
  });

  it('eight simultaneous wrong codes: every one is counted, the code dies', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const code = await latestCode(h.app, phone);
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(phone, wrongCode(code))));
    expect(answers.filter((a) => a.msg === LOGIN_MESSAGES.incorrect)).toHaveLength(4);
    expect(answers.filter((a) => a.msg === LOGIN_MESSAGES.tooManyTries)).toHaveLength(4);
    expect((await login(phone, code)).msg).toBe(LOGIN_MESSAGES.tooManyTries);
  });
});

describe('sessions', () => {
  it('issues 256-bit random tokens and stores only their sha256', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) tokens.add((await signIn(h, freshPhone())).token);
    expect(tokens.size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);

    const rows = await h.db.query<Record<string, unknown>>('SELECT * FROM sessions');
    const dump = JSON.stringify(rows.rows);
    for (const token of tokens) {
      expect(dump).not.toContain(token);
      const { createHash } = await import('node:crypto');
      expect(dump).toContain(createHash('sha256').update(token).digest('hex'));
    }
  });

  it('answers -4 for a missing, unknown or malformed token, and 0 for a valid one', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await api(h.app, 'GET', '/home/v1/index')).code).toBe(-4);
    expect((await api(h.app, 'GET', '/home/v1/index', { token: 'f'.repeat(64) })).code).toBe(-4);
    expect((await api(h.app, 'GET', '/home/v1/index', { token: 'not-a-token' })).code).toBe(-4);
    const valid = await api(h.app, 'GET', '/home/v1/index', { token });
    expect(valid.code).toBe(0);
    const expired = await api(h.app, 'GET', '/home/v1/index');
    expect(expired.msg).toBe('Your session has expired. Please sign in again.');
    expect(expired.data).toBeNull();
  });

  it('expires a session after 30 days', async () => {
    const { token } = await signIn(h, freshPhone());
    await h.clock.advance(30 * 86_400_000 - 120_000);
    expect((await api(h.app, 'GET', '/order/v1/list', { token })).code).toBe(0);
    await h.clock.advance(120_000);
    expect((await api(h.app, 'GET', '/order/v1/list', { token })).code).toBe(-4);
  });

  it('parses every sign-in answer with the client schema', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const res = await login(phone, await latestCode(h.app, phone));
    expect(v.is(LoginResponse, res.data)).toBe(true);
  });
});
