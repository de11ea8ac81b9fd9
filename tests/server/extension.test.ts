/**
 * Extension of the due date (docs/sandbox/extension-and-scheduling.md), on the fake clock: the fee
 * arithmetic (the repaid amount counted first), extension-calc's one quote per order, apply (11, a
 * 24-hour window on the sandbox clock, an idempotent payment intent), paying the fee on the sandbox
 * gateway (the due date moves to request + 7 days, booked once whatever is replayed), the window
 * missed, abandoning, another borrower's order, the QA console's expire button, and the lender clock
 * in every /api1 answer's Date header.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_STATE, ExtensionInfo } from '../../contract/extension';
import { Order, PaymentUrl } from '../../contract/orders';
import { ENGINE_COLUMNS, type EngineOrder, nextTransition } from '../../server/src/domain/engine';
import { EXTENSION_MESSAGES, extensionFees, feeSplit, repaidCountedFor } from '../../server/src/domain/extension';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { PENDING_RESOLVES_AFTER_MS } from '../../server/src/domain/gateway';
import { DAY, istDate, istDateTime, SECOND } from '../../server/src/time';
import { formatIstDay, formatIstMoment } from '../../machines/shared/ist-format';
import { acknowledgedKfs, api, parsed, startHarness, type Envelope, type Harness, refused, newBorrower } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const ORIGIN = 'http://localhost';

const borrower = () => newBorrower(h);

/**
 * An order of `userId` on Rupee Rise (0.09%/day, extension rate 10%): ₹10,000 lent, ₹11,000 to repay,
 * due in 10 days (loaned, 6) or 5 days ago (overdue, 8: penal charge ₹50), `paid` repaid already.
 */
async function order(userId: number, state: number = ORDER_STATE.loaned, opts: { paid?: number; productId?: number } = {}): Promise<number> {
  const now = h.clock.now();
  const lent = state === ORDER_STATE.loaned || state === ORDER_STATE.overdued;
  const due = state === ORDER_STATE.overdued ? -5 * DAY : 10 * DAY;
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, paid_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 10000, 91, 500, 90, 1000, 9410, 11000, $5, $6, $7, $8, $6, $6) RETURNING id`,
    [
      await nextOrderNo(h.db, now), userId, opts.productId ?? 1, state, opts.paid ?? 0, now.toISOString(),
      lent ? new Date(now.getTime() - 30 * DAY).toISOString() : null,
      lent ? new Date(now.getTime() + due).toISOString() : null,
    ],
  );
  return r.rows[0]!.id;
}

async function orderRow(id: number) {
  const r = await h.db.query<{ state: number; paid_amount: number; repayment_date: Date }>('SELECT state, paid_amount, repayment_date FROM orders WHERE id = $1', [id]);
  return r.rows[0]!;
}
async function extensionRow(id: string | number) {
  const r = await h.db.query<{ state: string; fee_paid: number; closed_at: Date | null; repaid_counted: number }>(
    'SELECT state, fee_paid, closed_at, repaid_counted FROM extensions WHERE id = $1',
    [Number(id)],
  );
  return r.rows[0]!;
}

const calc = (token: string, orderId: number | string) => api(h.app, 'GET', `/order-repay-extension/v1/extension-calc/${orderId}`, { token });
const info = async (token: string, orderId: number) => parsed(ExtensionInfo, await calc(token, orderId));
const detail = async (token: string, orderId: number) => parsed(Order, await api(h.app, 'GET', `/order/v1/detail?orderId=${orderId}`, { token }));

const action = (x: { extensionId: string; orderRepayId: string }, orderId: number) => ({ extensionId: x.extensionId, orderId: String(orderId), orderRepayId: x.orderRepayId });
const apply = (token: string, body: unknown, key?: string) =>
  api(h.app, 'POST', '/order-repay-extension/v1/apply-extension', { token, json: body, headers: { Origin: ORIGIN, ...(key ? { 'Idempotency-Key': key } : {}) } });
const giveUp = (token: string, body: unknown) => api(h.app, 'POST', '/order-repay-extension/v1/giveup-extension', { token, json: body });

/** Applies for the order's extension and returns the quote, the hosted page's URL and its payment id. */
async function applied(token: string, orderId: number, key?: string) {
  const quote = await info(token, orderId);
  const kfsNo = await acknowledgedKfs(h.app, token, { kind: 'extension', orderId: String(orderId) });
  const { paymentUrl } = parsed(PaymentUrl, await apply(token, { ...action(quote, orderId), kfsNo }, key));
  return { quote, paymentUrl, paymentId: paymentUrl.split('/').at(-1)!, kfsNo };
}

const pay = (paymentId: string, form: { amount: number | string; vpa?: string; return?: string }) =>
  h.app.request(`/sandbox/gateway/pay/${paymentId}`, {
    method: 'POST',
    body: new URLSearchParams(Object.entries({ vpa: 'success@sandbox', ...form }).map(([k, v]) => [k, String(v)])),
  });

async function paymentOf(id: string) {
  const r = await h.db.query<{ amount: number; status: string; purpose: string; extension_id: number | null }>(
    'SELECT amount, status, purpose, extension_id FROM payments WHERE id = $1',
    [id],
  );
  return r.rows[0]!;
}

describe('the fee (pure)', () => {
  const product = { rate: 0.0009, extensionRate: 0.1 };
  const overdue = { state: ORDER_STATE.overdued, loan_amount: 10000, repayment_amount: 11000, paid_amount: 0, repayment_date: new Date('2026-01-10T06:30:00Z') };
  const now = new Date('2026-01-15T06:30:00Z');

  it('is the service fee (loan × rate) + the overdue fee now + the interest of the 7 extension days', () => {
    expect(extensionFees(overdue, product, now)).toEqual({ serviceFee: 1000, overdueFee: 50, interest: 63, gross: 1113 });
    expect(extensionFees({ ...overdue, state: ORDER_STATE.loaned, repayment_date: new Date('2026-01-20T06:30:00Z') }, product, now).gross).toBe(1063);
  });

  it('counts the amount already repaid first, up to the fee; what is left is due, never below 0', () => {
    expect(feeSplit(1113, repaidCountedFor(500, 1113), 0)).toEqual({ extensionFeePaid: 500, extensionFee: 613 });
    expect(feeSplit(1113, repaidCountedFor(500, 1113), 613)).toEqual({ extensionFeePaid: 1113, extensionFee: 0 });
    expect(feeSplit(1113, repaidCountedFor(5000, 1113), 0)).toEqual({ extensionFeePaid: 1113, extensionFee: 0 });
    expect(feeSplit(1113, repaidCountedFor(0, 1113), 0)).toEqual({ extensionFeePaid: 0, extensionFee: 1113 });
  });
});

describe('GET /order-repay-extension/v1/extension-calc/{id}', () => {
  it('quotes a loaned order once (the same quote on every read) and an overdue one with its penal charge', async () => {
    const b = await borrower();
    const loaned = await order(b.userId);
    const first = await info(b.token, loaned);
    expect(first).toMatchObject({
      orderRepayId: String(loaned), extensionFee: 1063, extensionFeePaid: 0, extensionServiceFee: 1000, extensionRate: 0.1, interest: 63, extensionDay: 7,
      extensionApplyTime: istDateTime(h.clock.now()), extensionTime: istDate(new Date(h.clock.now().getTime() + 7 * DAY)),
      overdueFee: 0, repaymentAmountAfter: 11000,
    });
    expect((await info(b.token, loaned)).extensionId).toBe(first.extensionId);
    const overdue = await order(b.userId, ORDER_STATE.overdued, { productId: 3, paid: 200 });
    // Salary Bridge: 0.082%/day → interest round(10000 × 0.00082 × 7) = 57; penal ₹50; ₹200 repaid counted first.
    expect(await info(b.token, overdue)).toMatchObject({ extensionFee: 1000 + 50 + 57 - 200, extensionFeePaid: 200, interest: 57, overdueFee: 50, repaymentAmountAfter: 11000 });
    const d = await detail(b.token, loaned);
    expect({ isExtension: d.isExtension, extensionState: d.extensionState, extensionMsg: d.extensionMsg }).toEqual({ isExtension: 1, extensionState: 0, extensionMsg: '' });
  });

  it("answers another borrower's order as not found, and a non-extendable order with why", async () => {
    const a = await borrower();
    const b = await borrower();
    const mine = await order(a.userId);
    refused(await calc(b.token, mine), EXTENSION_MESSAGES.orderNotFound);
    refused(await calc(a.token, 'abc'), EXTENSION_MESSAGES.orderNotFound);
    refused(await calc(a.token, 999999), EXTENSION_MESSAGES.orderNotFound);
    refused(await calc(a.token, await order(a.userId, ORDER_STATE.auditing, { productId: 2 })), EXTENSION_MESSAGES.notDisbursed);
    refused(await calc(a.token, await order(a.userId, ORDER_STATE.settled, { productId: 3 })), EXTENSION_MESSAGES.settled);
    expect((await calc('', mine)).code).toBe(-4);
    // Nor can another borrower apply for or abandon it.
    const quote = await info(a.token, mine);
    refused(await apply(b.token, action(quote, mine)), EXTENSION_MESSAGES.orderNotFound);
    refused(await giveUp(b.token, action(quote, mine)), EXTENSION_MESSAGES.orderNotFound);
    expect((await orderRow(mine)).state).toBe(ORDER_STATE.loaned);
  });
});

describe('apply, pay, window', () => {
  it('applying puts the order into 11 with a 24-hour window, and answers the gateway page for the fee', async () => {
    const b = await borrower();
    const id = await order(b.userId, ORDER_STATE.overdued);
    const { quote, paymentUrl, paymentId } = await applied(b.token, id);
    expect(paymentUrl).toMatch(/^http:\/\/localhost\/sandbox\/gateway\/pay\/pay_[A-Za-z0-9]{24}$/);
    expect(await paymentOf(paymentId)).toMatchObject({ amount: 1113, status: 'created', purpose: 'extension', extension_id: Number(quote.extensionId) });
    expect((await orderRow(id)).state).toBe(ORDER_STATE.extension);
    const page = await (await h.app.request(paymentUrl)).text();
    expect(page).toContain('Extension fee');
    expect(page).toContain('₹1,113');

    const d = await detail(b.token, id);
    expect(d).toMatchObject({ orderState: 11, isExtension: 0, extensionState: EXTENSION_STATE.awaitingPayment });
    const ends = formatIstMoment(h.clock.now().getTime() + DAY);
    expect(d.extensionMsg).toBe(`Extension applied: pay ₹1,113 by ${ends} or it fails`);
    expect(d.repaymentAmount).toBe(11050); // the loan is still owed as before
    // extension-calc now shows the extension applied, its figures fixed.
    expect(await info(b.token, id)).toMatchObject({ extensionId: quote.extensionId, extensionFee: 1113, extensionApplyTime: istDateTime(h.clock.now()) });
  });

  it('with the same Idempotency-Key answers the same page; applying again in 11 gives a new page for the same extension', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const first = await applied(b.token, id, 'ext-key-0001');
    const again = parsed(PaymentUrl, await apply(b.token, { ...action(first.quote, id), kfsNo: first.kfsNo }, 'ext-key-0001'));
    expect(again.paymentUrl).toBe(first.paymentUrl);
    const other = parsed(PaymentUrl, await apply(b.token, action(first.quote, id), 'ext-key-0002'));
    expect(other.paymentUrl).not.toBe(first.paymentUrl);
    const rows = await h.db.query<{ extension_id: number; amount: number }>('SELECT extension_id, amount FROM payments WHERE order_id = $1', [id]);
    expect(rows.rows).toEqual([
      { extension_id: Number(first.quote.extensionId), amount: 1063 },
      { extension_id: Number(first.quote.extensionId), amount: 1063 },
    ]);
  });

  it('paying the fee on the gateway moves the due date to the request + 7 days and back to 6; a replayed callback books once', async () => {
    const b = await borrower();
    const id = await order(b.userId, ORDER_STATE.overdued, { paid: 500 });
    const requested = h.clock.now();
    const { quote, paymentId } = await applied(b.token, id);
    // Its parts add up: service fee + overdue fee + interest − already paid = the fee due.
    expect(quote).toMatchObject({ extensionFee: 613, extensionFeePaid: 500, extensionServiceFee: 1000, overdueFee: 50, interest: 63, repaymentAmountAfter: 11000 });
    expect(quote.extensionServiceFee + quote.overdueFee! + quote.interest - quote.extensionFeePaid).toBe(quote.extensionFee);
    // Applied (11): the same parts, fixed at the request.
    expect(await info(b.token, id)).toMatchObject({ extensionFee: 613, extensionFeePaid: 500, overdueFee: 50, interest: 63, repaymentAmountAfter: 11000 });
    await h.clock.advance(20 * 60 * SECOND);
    // The fee is paid in full: a part of it is refused by the page.
    expect((await pay(paymentId, { amount: 100 })).status).toBe(400);
    const res = await pay(paymentId, { amount: 613, return: `${ORIGIN}/orders/${id}/detail` });
    expect(res.status).toBe(303);
    const after = await orderRow(id);
    expect(after.state).toBe(ORDER_STATE.loaned);
    expect(after.repayment_date.toISOString()).toBe(new Date(Math.floor(requested.getTime() / SECOND) * SECOND + 7 * DAY).toISOString());
    expect(after.paid_amount).toBe(0); // the ₹500 repaid paid the fee
    expect(await extensionRow(quote.extensionId)).toMatchObject({ state: 'paid', fee_paid: 613, repaid_counted: 500 });

    const d = await detail(b.token, id);
    expect(d).toMatchObject({ orderState: 6, overdueDays: 0, overdueFee: 0, repaymentAmount: 11000, isExtension: 0, extensionState: EXTENSION_STATE.extended });
    // What the page said would still be owed after the fee is what the order says now.
    expect(d.repaymentAmount).toBe(quote.repaymentAmountAfter);
    expect(d.extensionMsg).toBe(`Due date extended to ${formatIstDay(istDate(after.repayment_date))}`);

    // A gateway retry, signed afresh: nothing booked twice.
    await h.clock.advance(10 * 60 * SECOND);
    const replay = await h.app.request(`/sandbox/api/payments/${paymentId}/replay`, { method: 'POST' });
    expect(((await replay.json()) as { lender: Envelope }).lender.data).toMatchObject({ status: 'success', booked: false });
    expect(await orderRow(id)).toMatchObject({ state: ORDER_STATE.loaned, paid_amount: 0 });
    expect((await extensionRow(quote.extensionId)).fee_paid).toBe(613);
    // One extension per order.
    refused(await calc(b.token, id), EXTENSION_MESSAGES.alreadyExtended);
    refused(await apply(b.token, action(quote, id)), EXTENSION_MESSAGES.paid);
  });

  it('a fee covered by the amount already repaid completes the extension at once: nothing to pay', async () => {
    const b = await borrower();
    const id = await order(b.userId, ORDER_STATE.loaned, { paid: 3000 });
    const { quote, paymentUrl } = await applied(b.token, id);
    expect(quote).toMatchObject({ extensionFee: 0, extensionFeePaid: 1063, repaymentAmountAfter: 11000 - (3000 - 1063) });
    expect(paymentUrl).toBe(`${ORIGIN}/sandbox/gateway/extension-covered/${quote.extensionId}`);
    expect(await orderRow(id)).toMatchObject({ state: ORDER_STATE.loaned, paid_amount: 3000 - 1063 });
    const back = await h.app.request(`${paymentUrl}?return=${encodeURIComponent(`${ORIGIN}/orders/${id}/detail`)}`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${ORIGIN}/orders/${id}/detail`);
    expect((await h.app.request(`${paymentUrl}?return=${encodeURIComponent('https://evil.example/')}`)).status).toBe(400);
  });

  it('an unpaid window fails the extension 24 hours after the request (sandbox clock): back to the previous state, fees as before', async () => {
    const b = await borrower();
    const id = await order(b.userId, ORDER_STATE.overdued);
    const { quote, paymentId } = await applied(b.token, id);
    await h.clock.advance(DAY - SECOND);
    expect((await detail(b.token, id)).orderState).toBe(ORDER_STATE.extension);
    // Moved with the sandbox clock API, as QA does.
    const moved = await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: 1 }) });
    expect(moved.status).toBe(200);
    const d = await detail(b.token, id);
    expect(d).toMatchObject({ orderState: ORDER_STATE.overdued, overdueDays: 6, overdueFee: 60, repaymentAmount: 11060, isExtension: 1, extensionState: EXTENSION_STATE.failed });
    expect(d.extensionMsg).toBe('Extension failed: the fee was not paid within 24 hours');
    const ext = await extensionRow(quote.extensionId);
    expect(ext.state).toBe('failed');
    // Dated at the window's end, not when it was read.
    const r = await h.db.query<{ window_ends_at: Date }>('SELECT window_ends_at FROM extensions WHERE id = $1', [Number(quote.extensionId)]);
    expect(ext.closed_at?.toISOString()).toBe(r.rows[0]!.window_ends_at.toISOString());
    // Its page no longer takes money, and applying with it is refused; a new quote may be applied.
    expect((await pay(paymentId, { amount: 1113 })).status).toBe(410);
    refused(await apply(b.token, action(quote, id)), EXTENSION_MESSAGES.failed);
    const next = await info(b.token, id);
    expect(next.extensionId).not.toBe(quote.extensionId);
  });

  it('the engine applies the window at the instant it was due (pure)', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    await applied(b.token, id);
    const row = (await h.db.query<EngineOrder>(`SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`, [id])).rows[0]!;
    expect(nextTransition(row, new Date(row.extension_ends_at!.getTime() - 1))).toBeNull();
    expect(nextTransition(row, row.extension_ends_at!)?.state).toBe(ORDER_STATE.loaned);
  });

  it('a fee payment the bank confirms after the window ended is booked as a repayment', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { quote } = await applied(b.token, id);
    await h.clock.advance(DAY - 60 * SECOND);
    // Back from the gateway unpaid, a minute before the window ends: a new page for what is still due, open until the window ends.
    const { paymentUrl } = parsed(PaymentUrl, await apply(b.token, action(quote, id)));
    const paymentId = paymentUrl.split('/').at(-1)!;
    const expires = await h.db.query<{ expires_at: Date; window_ends_at: Date }>(
      'SELECT p.expires_at, e.window_ends_at FROM payments p JOIN extensions e ON e.id = p.extension_id WHERE p.id = $1',
      [paymentId],
    );
    expect(expires.rows[0]!.expires_at.toISOString()).toBe(expires.rows[0]!.window_ends_at.toISOString());
    expect((await pay(paymentId, { amount: 1063, vpa: 'pending@sandbox' })).status).toBe(303);
    await h.clock.advance(PENDING_RESOLVES_AFTER_MS);
    const d = await detail(b.token, id);
    expect(d).toMatchObject({ orderState: ORDER_STATE.loaned, paidAmount: 1063, extensionState: EXTENSION_STATE.failed });
    expect((await extensionRow(quote.extensionId)).fee_paid).toBe(0);
  });

  it('the QA console shows the window and expires it now', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { quote } = await applied(b.token, id);
    const page = await (await h.app.request(`/sandbox?phone=${b.phone.slice(2)}`)).text();
    expect(page).toContain(`/sandbox/api/orders/${id}/expire-extension`);
    expect(page).toContain('Expire extension window');
    expect(page).toContain(`extension window ends ${istDateTime(new Date(h.clock.now().getTime() + DAY))}`);
    const res = await h.app.request(`/sandbox/api/orders/${id}/expire-extension`, { method: 'POST' });
    expect(await res.json()).toMatchObject({ orderId: id, state: ORDER_STATE.loaned });
    expect((await extensionRow(quote.extensionId)).state).toBe('failed');
    expect((await h.app.request(`/sandbox/api/orders/${id}/expire-extension`, { method: 'POST' })).status).toBe(409);
  });
});

describe('POST /order-repay-extension/v1/giveup-extension', () => {
  it('abandons an applied extension at once: back to the previous state; a repeat changes nothing', async () => {
    const b = await borrower();
    const id = await order(b.userId, ORDER_STATE.overdued);
    const { quote, paymentId } = await applied(b.token, id);
    expect((await giveUp(b.token, action(quote, id))).code).toBe(0);
    expect((await orderRow(id)).state).toBe(ORDER_STATE.overdued);
    expect((await extensionRow(quote.extensionId)).state).toBe('abandoned');
    expect((await giveUp(b.token, action(quote, id))).code).toBe(0);
    expect((await pay(paymentId, { amount: 1113 })).status).toBe(303); // the page was created before: it pays the loan, not the fee
    const d = await detail(b.token, id);
    expect(d).toMatchObject({ orderState: ORDER_STATE.overdued, isExtension: 1, extensionState: EXTENSION_STATE.abandoned });
  });

  it('abandoning a quote not applied changes nothing on the order', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const before = await orderRow(id);
    const quote = await info(b.token, id);
    expect((await giveUp(b.token, action(quote, id))).code).toBe(0);
    expect(await orderRow(id)).toEqual(before);
    refused(await apply(b.token, action(quote, id)), EXTENSION_MESSAGES.abandoned);
    refused(await giveUp(b.token, { ...action(quote, id), orderRepayId: '1' }), EXTENSION_MESSAGES.extensionNotFound);
  });
});

describe('the lender clock', () => {
  it('every /api1 answer carries the sandbox clock in its Date header', async () => {
    h.clock.set('2031-03-04T05:06:07Z');
    const res = await h.app.request('/api1/client/v1/config');
    expect(res.headers.get('date')).toBe(h.clock.now().toUTCString());
    const missing = await h.app.request('/api1/no/such/path');
    expect(missing.headers.get('date')).toBe(h.clock.now().toUTCString());
  });

  it('reaches a client over HTTP: node does not put its own Date in', async () => {
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api1/client/v1/config`);
      await res.text();
      expect(res.headers.get('date')).toBe(h.clock.now().toUTCString());
      expect(res.headers.get('date')).toBe('Tue, 04 Mar 2031 05:06:07 GMT');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
