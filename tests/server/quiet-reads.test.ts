/**
 * A read with nothing due writes nothing (docs/performance.md 'Speed and memory'): the borrower's home,
 * Loan History, an order's detail and the scheduled applications bring everything up to the sandbox
 * clock first, and when nothing is due that costs no write and no transaction. Once something is
 * due (the bank answers a pending payment, an audit is decided), the same reads apply it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentUrl } from '../../contract/orders';
import { createApp } from '../../server/src/app';
import type { Db, Queryable } from '../../server/src/db';
import { AUDIT_DELAY_MS } from '../../server/src/domain/engine';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { PENDING_RESOLVES_AFTER_MS } from '../../server/src/domain/gateway';
import { DAY } from '../../server/src/time';
import { api, newBorrower, parsed, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** `db` counting its transactions and its writing statements. */
function counting(db: Db) {
  const seen = { transactions: 0, writes: [] as string[] };
  const watch = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      if (/^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql)) seen.writes.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  const counted: Db = {
    ...db,
    ...watch(db),
    transaction: (fn) => {
      seen.transactions += 1;
      return db.transaction((tx) => fn(watch(tx)));
    },
  };
  return { db: counted, seen, reset: () => Object.assign(seen, { transactions: 0, writes: [] }) };
}

async function insertOrder(userId: number, state: number, productId: number): Promise<number> {
  const now = h.clock.now();
  const loaned = state === ORDER_STATE.loaned;
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 10000, 30, 500, 90, 1000, 9410, 11000, $5, $6, $7, $5, $5) RETURNING id`,
    [await nextOrderNo(h.db, now), userId, productId, state, now.toISOString(), loaned ? now.toISOString() : null, loaned ? new Date(now.getTime() + 10 * DAY).toISOString() : null],
  );
  return r.rows[0]!.id;
}

describe('reads with nothing due', () => {
  it('home, Loan History, an order and the schedules cost no write and no transaction; once something is due, they apply it', async () => {
    const b = await newBorrower(h);
    const loaned = await insertOrder(b.userId, ORDER_STATE.loaned, 1);
    const inReview = await insertOrder(b.userId, ORDER_STATE.auditing, 2);
    // A scheduled application that cannot be applied yet (an open order on its product, no account).
    await h.db.query(
      `INSERT INTO scheduled_orders (user_id, product_id, card_id, expect_borrow_amount, state, created_at) VALUES ($1, 1, NULL, 3000, 0, $2)`,
      [b.userId, h.clock.now().toISOString()],
    );
    // A payment at the gateway whose bank has not answered yet.
    const { paymentUrl } = parsed(PaymentUrl, await api(h.app, 'POST', '/pay-order/v1/repay', { token: b.token, json: { orderId: loaned } }));
    const paymentId = paymentUrl.split('/').at(-1)!;
    await h.app.request(`/sandbox/gateway/pay/${paymentId}`, { method: 'POST', body: new URLSearchParams({ amount: '11000', vpa: 'pending@sandbox' }) });

    const c = counting(h.db);
    const app = createApp({ db: c.db, clock: h.clock, log: () => {} });
    const reads = async () => {
      for (const path of ['/home/v1/index', '/order/v1/list', `/order/v1/detail?orderId=${loaned}`, `/order/v1/detail?orderId=${inReview}`, '/order/v1/get-auto-apply-list'])
        expect((await api(app, 'GET', path, { token: b.token })).code, path).toBe(0);
    };
    await reads(); // the session's "last used" is written at most once a minute: this first read may write it
    c.reset();
    await reads();
    await reads();
    expect(c.seen).toEqual({ transactions: 0, writes: [] });

    // The audit is due and the bank has answered: the reads apply both.
    await h.clock.advance(Math.max(AUDIT_DELAY_MS, PENDING_RESOLVES_AFTER_MS));
    await reads();
    expect(c.seen.transactions).toBeGreaterThan(0);
    const states = await h.db.query<{ id: number; state: number }>('SELECT id, state FROM orders WHERE user_id = $1 ORDER BY id', [b.userId]);
    expect(states.rows).toEqual([
      { id: loaned, state: ORDER_STATE.settled },
      { id: inReview, state: ORDER_STATE.pass },
    ]);
    const paid = await h.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [paymentId]);
    expect(paid.rows[0]?.status).toBe('success');
  });
});
