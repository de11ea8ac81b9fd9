/**
 * Money-moving POSTs keep their Idempotency-Key's answer in the transaction that writes (server/README.md
 * 'Idempotency'): for apply, Get money, repay, extension apply and give-up, schedule create and cancel,
 * and bind card, a server that dies right after the COMMIT (the answer never sent) answers the retry
 * with the same key with the original answer — not "You already have a loan in progress" — and did
 * the work once; one that dies before the COMMIT left no trace, and the retry acts at once. Then 20
 * applies at once with one key: one order, 20 identical answers. On PGlite, and on a real PostgreSQL
 * server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { ExtensionInfo } from '../../contract/extension';
import { ApplyResult } from '../../contract/loans';
import { Order, PaymentUrl } from '../../contract/orders';
import { ScheduledOrder } from '../../contract/schedule';
import { createApp } from '../../server/src/app';
import type { Db, Queryable, Row } from '../../server/src/db';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { REPLAYED_HEADER } from '../../server/src/idempotency';
import { ifscDataset } from '../../server/src/reference/ifsc';
import { DAY, MINUTE } from '../../server/src/time';
import { acknowledgedKfs, api, newBorrower, parsed, startHarness, throwAwayPostgres, type Envelope, type Harness } from './helpers';

const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 } as const;
const THE_ANSWER_IS_KEPT = /UPDATE idempotency_keys SET status/;

/**
 * An app on `db` that dies once, when armed, in the transaction that keeps a key's answer: 'after'
 * its COMMIT (the write and its answer are in the database; the client never hears), or 'before'
 * it (everything rolls back). Either way the request gets no answer of its own (HTTP 500).
 */
function dyingApp(h: Harness) {
  let armed: 'before' | 'after' | null = null;
  const dying: Db = {
    ...h.db,
    async transaction(fn) {
      let kept = false;
      const result = await h.db.transaction((tx) => {
        const watched: Queryable = {
          async query<T extends object = Row>(sql: string, params?: readonly unknown[]) {
            const r = await tx.query<T>(sql, params);
            if (THE_ANSWER_IS_KEPT.test(sql)) {
              kept = true;
              if (armed === 'before') {
                armed = null;
                throw new Error('the process died before COMMIT');
              }
            }
            return r;
          },
          exec: (sql) => tx.exec(sql),
        };
        return fn(watched);
      });
      if (kept && armed === 'after') {
        armed = null;
        throw new Error('the process died after COMMIT, before answering');
      }
      return result;
    },
  };
  return {
    app: createApp({ db: dying, clock: h.clock, log: () => {} }),
    arm: (when: 'before' | 'after') => void (armed = when),
  };
}

interface Case {
  name: string;
  path: string;
  /** What the borrower has before the call; returns the body to send. */
  prepare(h: Harness, b: Borrower): Promise<Record<string, unknown>>;
  /** What the call did, read from the database: the same after the retry as after the first try. */
  effect(h: Harness, b: Borrower): Promise<unknown>;
  /** What a repeat WITHOUT the key is told once the work is done (what a retry got before answers were kept with the write). */
  repeatRefusal?: string;
}

interface Borrower {
  token: string;
  userId: number;
  phone: string;
  cardId: string;
  orderId?: number;
  scheduleId?: number;
}

const sbi = () => ifscDataset().branchById.get(1210101)?.ifsc ?? '';

async function verifiedBorrower(h: Harness): Promise<Borrower> {
  const b = await newBorrower(h);
  const res = await h.app.request('/sandbox/api/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: b.phone, flags: ALL_DONE }),
  });
  expect(res.status).toBe(200);
  const card = await h.db.query<{ id: number }>(
    'INSERT INTO bank_cards (user_id, card_no, bank_code, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [b.userId, `9${String(b.userId).padStart(9, '0')}`, sbi(), h.clock.now().toISOString()],
  );
  return { ...b, cardId: String(card.rows[0]!.id) };
}

/** A loaned order (6) of the borrower: ₹10,000 lent, ₹11,000 to repay in 10 days. */
async function loanedOrder(h: Harness, b: Borrower): Promise<number> {
  const now = h.clock.now();
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, paid_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, 1, $3, 10000, 91, 500, 90, 1000, 9410, 11000, 0, $4, $5, $6, $4, $4) RETURNING id`,
    [await nextOrderNo(h.db, now), b.userId, ORDER_STATE.loaned, now.toISOString(), new Date(now.getTime() - 30 * DAY).toISOString(), new Date(now.getTime() + 10 * DAY).toISOString()],
  );
  return r.rows[0]!.id;
}

const applyBody = (b: Borrower, autoGetMoney = 0) => ({
  cardId: b.cardId,
  borrowAmount: 20000,
  periods: 91,
  productId: 1,
  checkEmail: null,
  autoGetMoney,
  autoMoney: null,
});

const count = async (h: Harness, sql: string, params: unknown[]) => (await h.db.query<{ n: number }>(sql, params)).rows[0]!.n;

const CASES: Case[] = [
  {
    name: 'apply',
    path: '/order/v1/apply',
    prepare: async (_h, b) => applyBody(b),
    effect: async (h, b) => (await h.db.query('SELECT id, order_no, state FROM orders WHERE user_id = $1 ORDER BY id', [b.userId])).rows,
    repeatRefusal: 'You already have a loan in progress on this product. See Order History.',
  },
  {
    name: 'Get money',
    path: '/order/v1/loan',
    prepare: async (h, b) => {
      const kfsNo = await acknowledgedKfs(h.app, b.token, { kind: 'application', productId: '1', amount: 20000 });
      const { orderId } = parsed(ApplyResult, await api(h.app, 'POST', '/order/v1/apply', { token: b.token, json: { ...applyBody(b), kfsNo } }));
      await h.clock.advance(2 * MINUTE); // the audit approves it (2 Pass)
      expect(parsed(Order, await api(h.app, 'GET', `/order/v1/detail?orderId=${orderId}`, { token: b.token })).orderState).toBe(ORDER_STATE.pass);
      b.orderId = Number(orderId);
      return { orderId: String(orderId) };
    },
    effect: async (h, b) => (await h.db.query('SELECT state, lending_at FROM orders WHERE id = $1', [b.orderId])).rows,
    repeatRefusal: 'The money for this loan is already on its way to your bank account.',
  },
  {
    name: 'repay',
    path: '/pay-order/v1/repay',
    prepare: async (h, b) => {
      b.orderId = await loanedOrder(h, b);
      return { orderId: String(b.orderId) };
    },
    effect: async (h, b) => (await h.db.query('SELECT id, amount, status FROM payments WHERE order_id = $1 ORDER BY created_at', [b.orderId])).rows,
  },
  {
    name: 'extension apply',
    path: '/order-repay-extension/v1/apply-extension',
    prepare: async (h, b) => {
      b.orderId = await loanedOrder(h, b);
      const quote = parsed(ExtensionInfo, await api(h.app, 'GET', `/order-repay-extension/v1/extension-calc/${b.orderId}`, { token: b.token }));
      const kfsNo = await acknowledgedKfs(h.app, b.token, { kind: 'extension', orderId: String(b.orderId) });
      return { extensionId: quote.extensionId, orderId: String(b.orderId), orderRepayId: quote.orderRepayId, kfsNo };
    },
    effect: async (h, b) => ({
      payments: (await h.db.query('SELECT id, purpose FROM payments WHERE order_id = $1', [b.orderId])).rows,
      order: (await h.db.query('SELECT state, extension_id FROM orders WHERE id = $1', [b.orderId])).rows,
    }),
  },
  {
    name: 'extension give-up',
    path: '/order-repay-extension/v1/giveup-extension',
    prepare: async (h, b) => {
      b.orderId = await loanedOrder(h, b);
      const quote = parsed(ExtensionInfo, await api(h.app, 'GET', `/order-repay-extension/v1/extension-calc/${b.orderId}`, { token: b.token }));
      const body = { extensionId: quote.extensionId, orderId: String(b.orderId), orderRepayId: quote.orderRepayId };
      const kfsNo = await acknowledgedKfs(h.app, b.token, { kind: 'extension', orderId: String(b.orderId) });
      parsed(PaymentUrl, await api(h.app, 'POST', '/order-repay-extension/v1/apply-extension', { token: b.token, json: { ...body, kfsNo } }));
      return body;
    },
    effect: async (h, b) => (await h.db.query('SELECT o.state, e.state AS extension FROM orders o JOIN extensions e ON e.order_id = o.id WHERE o.id = $1', [b.orderId])).rows,
  },
  {
    name: 'schedule create',
    path: '/order/v1/order-auto-apply',
    prepare: async (_h, b) => ({ productId: '1', expectBorrowAmount: 20000, cardId: b.cardId }),
    effect: async (h, b) => (await h.db.query('SELECT id, state FROM scheduled_orders WHERE user_id = $1 ORDER BY id', [b.userId])).rows,
    repeatRefusal: 'You already have a scheduled application for this product. Cancel it first to schedule another.',
  },
  {
    name: 'schedule cancel',
    path: '/order/v1/cancel-auto-apply',
    prepare: async (h, b) => {
      const s = parsed(ScheduledOrder, await api(h.app, 'POST', '/order/v1/order-auto-apply', { token: b.token, json: { productId: '1', expectBorrowAmount: 20000, cardId: b.cardId } }));
      b.scheduleId = Number(s.id);
      return { id: String(s.id), orderNo: '' };
    },
    effect: async (h, b) => (await h.db.query('SELECT state, canceled_at FROM scheduled_orders WHERE id = $1', [b.scheduleId])).rows,
    repeatRefusal: 'This scheduled application is already canceled.',
  },
  {
    name: 'bind card',
    path: '/bank/v1/bind-card',
    prepare: async (_h, b) => ({ bankCode: sbi(), cardNo: `77${String(b.userId).padStart(10, '0')}`, confirmCardNo: `77${String(b.userId).padStart(10, '0')}`, productId: 1, clientId: 'web' }),
    effect: async (h, b) => (await h.db.query('SELECT id, card_no FROM bank_cards WHERE user_id = $1 ORDER BY id', [b.userId])).rows,
    repeatRefusal: 'This bank account is already added.',
  },
];

let keySeq = 0;
const newKey = () => `crash-key-${process.pid}-${++keySeq}`;

async function post(app: ReturnType<typeof createApp>, path: string, token: string, json: unknown, key?: string) {
  return app.request(`/api1${path}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json', Origin: 'http://localhost', ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    body: JSON.stringify(json),
  });
}

function suite(open: () => Promise<Harness>) {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h?.close();
  });

  describe.each(CASES)('$name', (c) => {
    it('dies after COMMIT: the retry with the same key gets the original answer, and the work was done once', async () => {
      const b = await verifiedBorrower(h);
      const body = await c.prepare(h, b);
      const before = await c.effect(h, b);
      const dying = dyingApp(h);
      const key = newKey();
      dying.arm('after');
      expect((await post(dying.app, c.path, b.token, body, key)).status).toBe(500); // no answer reached the borrower
      const done = await c.effect(h, b);
      expect(done).not.toEqual(before);

      const retry = await post(h.app, c.path, b.token, body, key);
      expect(retry.status).toBe(200);
      expect(retry.headers.get(REPLAYED_HEADER)).toBe('true');
      const answer = (await retry.json()) as Envelope;
      expect(answer.code, answer.msg).toBe(0);
      expect(await c.effect(h, b)).toEqual(done);
      // Once more, byte for byte.
      const again = await post(h.app, c.path, b.token, body, key);
      expect(await again.json()).toEqual(answer);
      if (c.repeatRefusal) expect(((await (await post(h.app, c.path, b.token, body)).json()) as Envelope).msg).toBe(c.repeatRefusal);
    });

    it('dies before COMMIT: nothing was done and the key is free; the retry acts at once', async () => {
      const b = await verifiedBorrower(h);
      const body = await c.prepare(h, b);
      const before = await c.effect(h, b);
      const dying = dyingApp(h);
      const key = newKey();
      dying.arm('before');
      expect((await post(dying.app, c.path, b.token, body, key)).status).toBe(500);
      expect(await c.effect(h, b)).toEqual(before);
      expect(await count(h, 'SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1 AND idem_key = $2', [b.userId, key])).toBe(0);

      const retry = await post(h.app, c.path, b.token, body, key);
      expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
      const answer = (await retry.json()) as Envelope;
      expect(answer.code, answer.msg).toBe(0);
      expect(await c.effect(h, b)).not.toEqual(before);
    });
  });

  it('20 applies at once with one key: one order, and all 20 get its answer', async () => {
    const b = await verifiedBorrower(h);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await post(h.app, '/order/v1/apply', b.token, applyBody(b), key);
        return { status: res.status, body: await res.text() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const { orderId } = parsed(ApplyResult, JSON.parse(answers[0]!.body) as Envelope);
    const orders = await h.db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1', [b.userId]);
    expect(orders.rows.map((o) => String(o.id))).toEqual([String(orderId)]);
  });
}

describe('on PGlite', () => {
  suite(() => startHarness());
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('on a real PostgreSQL server', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_idem_writes');
  suite(() => startHarness({ databaseUrl: database.url() }));
});
