/**
 * The Idempotency-Key on the sandbox (docs/sandbox/idempotency.md 'Idempotency'): for each verification submit
 * the app sends a key with, a repeat replays the first answer without acting again, a different
 * request with the same key is refused, keys are per borrower, forgotten after 24 h of the sandbox
 * clock, checked for format, and optional. Then what holds for every POST: refusals release the key,
 * a request in progress holds it, forms are compared without their boundary, and every /api1 POST
 * is covered. The last block runs on a real PostgreSQL server when TEST_DATABASE_URL is set (see
 * postgres.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { VerificationStatus } from '../../contract/verification';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { createApp } from '../../server/src/app';
import { requireUser } from '../../server/src/auth';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createFakeClock, type Clock } from '../../server/src/clock';
import type { Db } from '../../server/src/db';
import { panForPhone } from '../../server/src/domain/verification';
import {
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_TIMEOUT_MS,
  idempotent,
  idempotentInTransaction,
  REPLAYED_HEADER,
} from '../../server/src/idempotency';
import { INDIAN_STATES } from '../../server/src/reference/india';
import { api, apiForm, fakeImage, freshPhone, parsed, signIn, startHarness, throwAwayPostgres, type App, type Envelope, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const MALFORMED = 'Idempotency-Key must be 8 to 128 letters, digits, - or _';
/** The POSTs that move money or book something a borrower pays for. */
export const MONEY_MOVING_POSTS = [
  '/order/v1/apply',
  '/order/v1/loan',
  '/pay-order/v1/repay',
  '/order-repay-extension/v1/apply-extension',
  '/order-repay-extension/v1/giveup-extension',
  '/order/v1/order-auto-apply',
  '/order/v1/cancel-auto-apply',
  '/bank/v1/bind-card',
] as const;
const DIFFERENT = 'This Idempotency-Key was already used for a different request.';
const SUCCESS: Envelope = { code: 0, msg: 'success', data: null };

let keySeq = 0;
const newKey = () => `test-key-${process.pid}-${++keySeq}`;
const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

type Flag = 'basic' | 'work' | 'contact' | 'kycAadhaarAndPan';

const flagOf = async (token: string, flag: Flag) =>
  parsed(VerificationStatus, await api(h.app, 'GET', '/auth/v1/find-user-auth', { token }))[flag];

async function control(body: unknown) {
  const res = await h.app.request('/sandbox/api/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The step's kept answers and when they were written, or undefined. */
async function keptAnswers(phone: string, step: string) {
  const r = await h.db.query<{ answers: Record<string, string>; updated_at: Date }>(
    'SELECT a.answers, a.updated_at FROM verification_answers a JOIN users u ON u.id = a.user_id WHERE u.phone = $1 AND a.step = $2',
    [phone, step],
  );
  const row = r.rows[0];
  return row && { answers: row.answers, at: row.updated_at.toISOString() };
}

/**
 * An app on `db` whose transactions wait for `release()`: a request that reaches its transaction
 * stays in progress (its key claimed, nothing written) until then.
 */
function withHeldTransactions(db: Db, clock: Clock) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const held: Db = {
    ...db,
    transaction: async (fn) => {
      arrived();
      await gate;
      return db.transaction(fn);
    },
  };
  return { app: createApp({ db: held, clock, log: () => {} }), waiting: () => arrival, release };
}

const placeId = (state: string, district?: string) => {
  const s = INDIAN_STATES.find((x) => x.name === state)!;
  return district === undefined ? String(s.id) : String(s.id * 1000 + s.districts.indexOf(district) + 1);
};
const aadhaarFor = (phone: string) => {
  const base = `2${phone.slice(-10)}`;
  return `${base}${verhoeffCheckDigit(base)}`;
};

interface Submit {
  name: string;
  path: string;
  flag: Flag;
  /** verification_answers.step */
  step: string;
  /** What must exist before the submit can succeed (KYC: the three uploads). */
  prepare?: (token: string) => Promise<void>;
  body: (phone: string) => Record<string, string>;
  /** Another valid body. */
  other: (phone: string) => Record<string, string>;
}

const SUBMITS: Submit[] = [
  {
    name: 'base-info',
    path: '/auth/v1/base-info',
    flag: 'basic',
    step: 'basic',
    body: () => ({
      education: '5',
      maritalStatus: '1',
      residenceType: '2',
      state: placeId('Karnataka'),
      district: placeId('Karnataka', 'Bengaluru Urban'),
      address: '12, 4th Cross, Indiranagar',
      pinCode: '560038',
      email: 'asha@example.com',
    }),
    other: () => ({
      education: '4',
      maritalStatus: '2',
      residenceType: '1',
      state: placeId('Maharashtra'),
      district: placeId('Maharashtra', 'Pune'),
      address: '7, FC Road',
      pinCode: '411004',
      email: 'asha@example.org',
    }),
  },
  {
    name: 'work-info',
    path: '/auth/v1/work-info',
    flag: 'work',
    step: 'work',
    body: () => ({ workState: '3', monthlyIncome: '5000' }),
    other: () => ({ workState: '3', monthlyIncome: '6000' }),
  },
  {
    name: 'contacts',
    path: '/auth/v1/contacts',
    flag: 'contact',
    step: 'contacts',
    body: () => ({
      oneName: 'sunil',
      oneMobile: '9811111111',
      oneRelation: '1',
      twoName: "d'souza",
      twoMobile: '8822222222',
      twoRelation: '6',
      thirdName: 'r.k.',
      thirdMobile: '7733333333',
      thirdRelation: '7',
    }),
    other: () => ({
      oneName: 'meena',
      oneMobile: '9844444444',
      oneRelation: '2',
      twoName: 'ajay',
      twoMobile: '8855555555',
      twoRelation: '3',
      thirdName: 'lata',
      thirdMobile: '7766666666',
      thirdRelation: '5',
    }),
  },
  {
    name: 'KYC (aadhaar-pan, upload variant)',
    path: '/auth/v1/kyc-info/aadhaar-pan',
    flag: 'kycAadhaarAndPan',
    step: 'kyc',
    prepare: async (token) => {
      for (const type of ['1', '2', '3']) expect((await apiForm(h.app, '/authen/upload', { type, file: fakeImage(5000) }, { token })).code).toBe(0);
    },
    // Each borrower's own numbers: one person, one borrower (a number verified once is refused to another).
    body: (phone) => ({ realName: 'Test Borrower', idNo: aadhaarFor(phone), panNo: panForPhone(phone, 'Test Borrower') }),
    other: (phone) => ({ realName: 'Test Borrower', idNo: aadhaarFor(phone), panNo: panForPhone(phone, 'Other Person') }),
  },
];

describe.each(SUBMITS)('$name with an Idempotency-Key', (s) => {
  /** A new borrower, ready to submit. */
  async function borrower() {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    await s.prepare?.(token);
    return { phone, token };
  }
  const submit = (token: string, json: unknown, headers: Record<string, string> = {}) => api(h.app, 'POST', s.path, { token, json, headers });
  /** Marks the step not done (the answers stay), so a repeat that acted would show. */
  const undo = (phone: string) => control({ phone, flags: { [s.flag]: 0 } });

  it('a repeat replays the first answer without acting again; a different body with the same key is refused and ignored', async () => {
    const { phone, token } = await borrower();
    const key = newKey();
    const first = await submit(token, s.body(phone), withKey(key));
    expect(first).toEqual(SUCCESS);
    expect(await flagOf(token, s.flag)).toBe(1);
    const kept = await keptAnswers(phone, s.step);
    expect(kept?.answers).toMatchObject(s.body(phone));

    await undo(phone);
    await h.clock.advance(60_000);
    const res = await h.app.request(`/api1${s.path}`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', ...withKey(key) },
      body: JSON.stringify(s.body(phone)),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await res.json()).toEqual(first);
    // Not acted again: the step stays undone and the answers were not written again.
    expect(await flagOf(token, s.flag)).toBe(0);
    expect(await keptAnswers(phone, s.step)).toEqual(kept);

    expect(await submit(token, s.other(phone), withKey(key))).toEqual({ code: 1, msg: DIFFERENT, data: null });
    expect(await keptAnswers(phone, s.step)).toEqual(kept);
    expect(await flagOf(token, s.flag)).toBe(0);
    // The same key on another path is another request too.
    const elsewhere = s.path === '/auth/v1/work-info' ? '/auth/v1/base-info' : '/auth/v1/work-info';
    expect(await api(h.app, 'POST', elsewhere, { token, json: s.body(phone), headers: withKey(key) })).toEqual({ code: 1, msg: DIFFERENT, data: null });
  });

  it("another borrower's same key acts for them, and leaves the first borrower's key alone", async () => {
    const key = newKey();
    const a = await borrower();
    const b = await borrower();
    expect(await submit(a.token, s.body(a.phone), withKey(key))).toEqual(SUCCESS);
    expect(await submit(b.token, s.other(b.phone), withKey(key))).toEqual(SUCCESS);
    expect(await flagOf(b.token, s.flag)).toBe(1);
    expect((await keptAnswers(b.phone, s.step))?.answers).toMatchObject(s.other(b.phone));
    // A's key still belongs to A's request.
    expect(await submit(a.token, s.other(a.phone), withKey(key))).toEqual({ code: 1, msg: DIFFERENT, data: null });
    expect((await keptAnswers(a.phone, s.step))?.answers).toMatchObject(s.body(a.phone));
  });

  it('is forgotten after 24 h of the sandbox clock: the same request then acts again', async () => {
    const { phone, token } = await borrower();
    const key = newKey();
    expect(await submit(token, s.body(phone), withKey(key))).toEqual(SUCCESS);
    const kept = await keptAnswers(phone, s.step);
    await undo(phone);

    await h.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    expect(await submit(token, s.body(phone), withKey(key))).toEqual(SUCCESS);
    expect(await flagOf(token, s.flag)).toBe(0);

    await h.clock.advance(1000);
    expect(await submit(token, s.body(phone), withKey(key))).toEqual(SUCCESS);
    expect(await flagOf(token, s.flag)).toBe(1);
    expect((await keptAnswers(phone, s.step))?.at).not.toBe(kept?.at);
  });

  it('a malformed key is refused without acting', async () => {
    const { phone, token } = await borrower();
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon!', '']) {
      expect(await submit(token, s.body(phone), withKey(key))).toEqual({ code: 1, msg: MALFORMED, data: null });
    }
    expect(await flagOf(token, s.flag)).toBe(0);
    expect(await keptAnswers(phone, s.step)).toBeUndefined();
  });

  it('without a key, every request acts as before', async () => {
    const { phone, token } = await borrower();
    expect(await submit(token, s.body(phone))).toEqual(SUCCESS);
    const first = await keptAnswers(phone, s.step);
    await undo(phone);
    await h.clock.advance(60_000);
    expect(await submit(token, s.body(phone))).toEqual(SUCCESS);
    expect(await flagOf(token, s.flag)).toBe(1);
    expect((await keptAnswers(phone, s.step))?.at).not.toBe(first?.at);
  });
});

describe('every POST', () => {
  it('a refusal keeps nothing: after the borrower fixes what was missing, the same request with the same key acts', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const key = newKey();
    const body = { realName: 'Test Borrower', idNo: aadhaarFor(phone), panNo: panForPhone(phone, 'Test Borrower') };
    const submit = () => api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json: body, headers: withKey(key) });
    expect((await submit()).msg).toBe('Please Upload Aadhaar front');
    for (const type of ['1', '2', '3']) await apiForm(h.app, '/authen/upload', { type, file: fakeImage(5000) }, { token });
    expect(await submit()).toEqual(SUCCESS);
    expect(await flagOf(token, 'kycAadhaarAndPan')).toBe(1);
  });

  it('a repeat while the first is still in progress is told so; once answered, the answer is replayed', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const key = newKey();
    const held = withHeldTransactions(h.db, h.clock);
    const send = (app: App) => api(app, 'POST', '/auth/v1/work-info', { token, json: { workState: '3', monthlyIncome: '5000' }, headers: withKey(key) });
    const first = send(held.app);
    await held.waiting();
    expect(await send(h.app)).toEqual({ code: 1, msg: IDEMPOTENCY_MESSAGES.inProgress, data: null });
    held.release();
    expect(await first).toEqual(SUCCESS);
    const written = await keptAnswers(phone, 'work');
    await control({ phone, flags: { work: 0 } });
    expect(await send(h.app)).toEqual(SUCCESS);
    expect(await flagOf(token, 'work')).toBe(0);
    expect(await keptAnswers(phone, 'work')).toEqual(written);
  });

  it('a key left in progress by a request that never finished (the server stopped) is free again after the timeout', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const key = newKey();
    const now = h.clock.now();
    await h.db.query(
      `INSERT INTO idempotency_keys (user_id, idem_key, request_hash, created_at, expires_at)
       SELECT id, $2, 'unfinished', $3, $4 FROM users WHERE phone = $1`,
      [phone, key, now.toISOString(), new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString()],
    );
    const json = { workState: '3', monthlyIncome: '5000' };
    const send = () => api(h.app, 'POST', '/auth/v1/work-info', { token, json, headers: withKey(key) });
    // Held by that request until the timeout…
    expect(await send()).toEqual({ code: 1, msg: DIFFERENT, data: null });
    expect(await flagOf(token, 'work')).toBe(0);
    // …then free: it will never be answered.
    await h.clock.advance(IN_PROGRESS_TIMEOUT_MS);
    expect(await send()).toEqual(SUCCESS);
    expect(await flagOf(token, 'work')).toBe(1);
  });

  it('an image upload resent with the same key (a new multipart boundary) is the same request; another image is not', async () => {
    const { token } = await signIn(h, freshPhone());
    const key = newKey();
    const image = fakeImage(6000, 'png');
    const first = await apiForm(h.app, '/authen/upload', { type: '1', file: image }, { token, headers: withKey(key) });
    expect(first.code).toBe(0);
    expect(await apiForm(h.app, '/authen/upload', { type: '1', file: image }, { token, headers: withKey(key) })).toEqual(first);
    expect(await apiForm(h.app, '/authen/upload', { type: '1', file: fakeImage(6000, 'png', 0x33) }, { token, headers: withKey(key) })).toEqual({
      code: 1,
      msg: DIFFERENT,
      data: null,
    });
    const { fileId } = first.data as { fileId: string };
    expect((await h.app.request(`/api1/authen/file/${fileId}`, { headers: { token } })).status).toBe(200);
  });

  it('sign-in has no borrower to keep a key for: the format is checked, nothing is kept', async () => {
    const phone = freshPhone();
    await api(h.app, 'GET', `/sms/v1/sendCode?phone=${phone}`);
    expect(await api(h.app, 'POST', '/user/v1/login', { json: { phone, code: '0000' }, headers: withKey('bad') })).toEqual({
      code: 1,
      msg: MALFORMED,
      data: null,
    });
    const before = await h.db.query('SELECT 1 FROM idempotency_keys');
    await api(h.app, 'POST', '/user/v1/login', { json: { phone, code: '0000' }, headers: withKey(newKey()) });
    expect((await h.db.query('SELECT 1 FROM idempotency_keys')).rowCount).toBe(before.rowCount);
  });

  it('every /api1 POST route takes the key, after its session and body limit, just before its handler; money-moving ones in their transaction', () => {
    const chains = new Map<string, unknown[]>();
    for (const r of h.app.routes) {
      if (r.method !== 'POST' || !r.path.startsWith('/api1/')) continue;
      chains.set(r.path, [...(chains.get(r.path) ?? []), r.handler]);
    }
    expect(chains.size).toBeGreaterThanOrEqual(12);
    for (const [path, chain] of chains) {
      const keyed = chain.at(-2);
      expect([idempotent, idempotentInTransaction], path).toContain(keyed);
      if (chain.includes(requireUser)) expect(chain.indexOf(requireUser), path).toBeLessThan(chain.indexOf(keyed));
    }
    // Each writes its order, payment, schedule or account and the key's answer in one transaction (answerOnce).
    for (const path of MONEY_MOVING_POSTS) expect(chains.get(`/api1${path}`)?.at(-2), path).toBe(idempotentInTransaction);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on a real PostgreSQL server', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_idem');

  it('holds a key in progress, replays, refuses a different request, and forgets the key after 24 h', async () => {
    const clock = createFakeClock();
    const { db, applied } = await openPreparedDb({ databaseUrl: database.url() }, clock);
    expect(applied).toContain('005_idempotency.sql');
    const app = createApp({ db, clock, log: () => {} });
    try {
      const { token } = await signIn({ app, clock }, freshPhone());
      const key = newKey();
      const held = withHeldTransactions(db, clock);
      const send = (monthlyIncome: string, via: App = app) =>
        api(via, 'POST', '/auth/v1/work-info', { token, json: { workState: '3', monthlyIncome }, headers: withKey(key) });
      const first = send('5000', held.app);
      await held.waiting();
      expect(await send('5000')).toEqual({ code: 1, msg: IDEMPOTENCY_MESSAGES.inProgress, data: null });
      held.release();
      expect(await first).toEqual(SUCCESS);
      expect(await send('5000')).toEqual(SUCCESS);
      expect(await send('6000')).toEqual({ code: 1, msg: DIFFERENT, data: null });
      await clock.advance(IDEMPOTENCY_TTL_MS);
      expect(await send('6000')).toEqual(SUCCESS);
      const kept = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE idem_key = $1', [key]);
      expect(kept.rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
