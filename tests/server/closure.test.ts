/**
 * Ending a loan early on the lender's clock (domain/closure.ts): the cooling-off exit is the
 * principal plus the interest for the days begun since disbursal, on day 0, to the last minute of the
 * period; from its first minute after, pre-closure asks the interest to date and no fee. Paying the
 * quote on the gateway settles the loan at that amount; a changed quote is refused; a part payment
 * pays what the borrower chose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClosureQuote } from '../../contract/closure';
import { PaymentUrl } from '../../contract/orders';
import { PaymentList } from '../../contract/payments';
import { closureQuote, COOLING_OFF_DAYS } from '../../server/src/domain/closure';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { REPAY_MESSAGES } from '../../server/src/routes/pay';
import { CLOSURE_MESSAGES } from '../../server/src/routes/closure';
import { DAY, MINUTE } from '../../server/src/time';
import { api, newBorrower, parsed, refused, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** A ₹15,000 loan for 91 days, ₹1,229 interest (₹16,229 to repay), fee ₹750 + GST ₹135, disbursed `ago` ms before now. */
async function loan(userId: number, ago = 0, state: number = ORDER_STATE.loaned): Promise<number> {
  const now = h.clock.now();
  const sent = new Date(now.getTime() - ago);
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, 1, $3, 15000, 91, 750, 135, 1229, 14115, 16229, $4, $4, $5, $4, $4) RETURNING id`,
    [await nextOrderNo(h.db, now), userId, state, sent.toISOString(), new Date(sent.getTime() + 91 * DAY).toISOString()],
  );
  return r.rows[0]!.id;
}

const quoteOf = async (token: string, orderId: number) => api(h.app, 'GET', `/order/v1/closure?orderId=${orderId}`, { token });
const repay = (token: string, json: Record<string, unknown>, key = crypto.randomUUID()) =>
  api(h.app, 'POST', '/pay-order/v1/repay', { token, json, headers: { 'Idempotency-Key': key } });
const pay = (paymentId: string, amount: number) =>
  h.app.request(`/sandbox/gateway/pay/${paymentId}`, { method: 'POST', body: new URLSearchParams({ amount: String(amount), vpa: 'success@sandbox' }) });
const orderRow = async (id: number) =>
  (await h.db.query<{ state: number; paid_amount: number; waived_amount: number }>('SELECT state, paid_amount, waived_amount FROM orders WHERE id = $1', [id])).rows[0]!;

describe('GET /order/v1/closure on the clock', () => {
  it('day 0: the exit is the principal and one day of interest; the fee and its GST are kept', async () => {
    const b = await newBorrower(h);
    const id = await loan(b.userId);
    const q = parsed(ClosureQuote, await quoteOf(b.token, id));
    expect(q).toMatchObject({ kind: 'coolingOff', principal: 15000, days: 1, interest: 14, amount: 15014, penalCharge: 0, paidSoFar: 0, processingFeeKept: 750, gstKept: 135 });
    expect(q.principal + q.interest + (q.penalCharge ?? 0) - (q.paidSoFar ?? 0)).toBe(q.amount);
  });

  it('the last minute of the period is still the exit (3 days); the first minute after is pre-closure (4 days, no fee)', async () => {
    const b = await newBorrower(h);
    const last = await loan(b.userId, COOLING_OFF_DAYS * DAY - MINUTE);
    expect(parsed(ClosureQuote, await quoteOf(b.token, last))).toMatchObject({ kind: 'coolingOff', days: 3, interest: 41, amount: 15041 });
    const c = await newBorrower(h);
    const after = await loan(c.userId, COOLING_OFF_DAYS * DAY + MINUTE);
    expect(parsed(ClosureQuote, await quoteOf(c.token, after))).toMatchObject({ kind: 'preClosure', days: 4, interest: 54, amount: 15054 });
  });

  it('the quote holds until the next day begins to count (or India midnight), and the period ends 3 days after disbursal', () => {
    const sent = new Date('2026-03-02T04:30:00Z'); // 10:00 IST
    const o = { state: 6, loan_amount: 15000, repayment_amount: 16229, paid_amount: 0, repayment_date: new Date(sent.getTime() + 91 * DAY), loan_date: sent, period: 91, interest: 1229, service_fee: 750, gst_fee: 135 };
    const q = closureQuote(o, new Date(sent.getTime() + 2 * DAY + 13 * 60 * MINUTE))!; // day 3, 23:00 IST
    expect(q.validUntil).toEqual(new Date('2026-03-04T18:30:00Z')); // India midnight comes first
    expect(q.coolingOffUntil).toEqual(new Date(sent.getTime() + 3 * DAY));
    expect(closureQuote({ ...o, state: ORDER_STATE.settled }, sent)).toBeNull();
    expect(closureQuote({ ...o, loan_date: null }, sent)).toBeNull();
  });

  it('past the due date, pre-closure is what is due (full interest and the penal charge), never more', async () => {
    const b = await newBorrower(h);
    const id = await loan(b.userId, 95 * DAY, ORDER_STATE.overdued);
    const q = parsed(ClosureQuote, await quoteOf(b.token, id));
    expect(q).toMatchObject({ kind: 'preClosure', days: 91, interest: 1229, penalCharge: 60, amount: 16289 });
  });

  it('refuses a loan that cannot be closed, and another borrower\'s loan like one that does not exist', async () => {
    const b = await newBorrower(h);
    const settled = await loan(b.userId, 0, ORDER_STATE.settled);
    refused(await quoteOf(b.token, settled), CLOSURE_MESSAGES.notClosable);
    const other = await newBorrower(h);
    refused(await quoteOf(other.token, await loan(b.userId)), CLOSURE_MESSAGES.orderNotFound);
    refused(await api(h.app, 'GET', '/order/v1/closure?orderId=abc', { token: b.token }), CLOSURE_MESSAGES.orderNotFound);
  });
});

describe('paying a closure', () => {
  it('the cooling-off exit paid on the gateway settles the loan at the proportionate amount; the rest is waived', async () => {
    const b = await newBorrower(h);
    const id = await loan(b.userId, 5 * MINUTE);
    const { paymentUrl, paymentId } = parsed(PaymentUrl, await repay(b.token, { orderId: id, purpose: 'closure', kind: 'coolingOff', amount: 15014 }));
    const page = await (await h.app.request(paymentUrl)).text();
    expect(page).toContain('Loan closure');
    expect(page).toContain('₹15,014');
    expect((await pay(paymentId!, 15000)).status).toBe(400); // paid in full only
    expect((await pay(paymentId!, 15014)).status).toBe(303);
    expect(await orderRow(id)).toEqual({ state: ORDER_STATE.settled, paid_amount: 15014, waived_amount: 1215 });
    const { payments } = parsed(PaymentList, await api(h.app, 'GET', `/pay-order/v1/payments?orderId=${id}`, { token: b.token }));
    expect(payments[0]).toMatchObject({ purpose: 'closure', status: 'received', paidAmount: 15014, dueAfter: 0, paidOff: { principal: 15000, interest: 14, penalCharge: 0, fees: 0, excess: 0 } });
  });

  it('pre-closure after the period (the clock moved) settles at the interest to date', async () => {
    const b = await newBorrower(h);
    const id = await loan(b.userId);
    h.clock.set(new Date(h.clock.now().getTime() + 10 * DAY + 2 * MINUTE));
    const q = parsed(ClosureQuote, await quoteOf(b.token, id));
    expect(q).toMatchObject({ kind: 'preClosure', days: 11, interest: 149, amount: 15149 });
    const { paymentId } = parsed(PaymentUrl, await repay(b.token, { orderId: id, purpose: 'closure', kind: 'preClosure', amount: q.amount }));
    expect((await pay(paymentId!, q.amount)).status).toBe(303);
    expect(await orderRow(id)).toEqual({ state: ORDER_STATE.settled, paid_amount: 15149, waived_amount: 1080 });
  });

  it('refuses a quote that has changed (another amount, or the period over), and makes no payment', async () => {
    const b = await newBorrower(h);
    const id = await loan(b.userId, COOLING_OFF_DAYS * DAY + MINUTE);
    refused(await repay(b.token, { orderId: id, purpose: 'closure', kind: 'preClosure', amount: 15000 }), REPAY_MESSAGES.closureChanged);
    refused(await repay(b.token, { orderId: id, purpose: 'closure', kind: 'coolingOff', amount: 15054 }), REPAY_MESSAGES.closureChanged);
    refused(await repay(b.token, { orderId: id, purpose: 'closure' }), REPAY_MESSAGES.noAmount);
    expect((await h.db.query('SELECT 1 FROM payments WHERE order_id = $1', [id])).rowCount).toBe(0);
  });

  it('a part payment asks what the borrower chose, less than the amount due, and leaves the loan open', async () => {
    const b = await newBorrower(h);
    const id = await loan(b.userId);
    refused(await repay(b.token, { orderId: id, purpose: 'part', amount: 16229 }), REPAY_MESSAGES.partTooLarge);
    const { paymentId } = parsed(PaymentUrl, await repay(b.token, { orderId: id, purpose: 'part', amount: 5000 }));
    expect((await pay(paymentId!, 5000)).status).toBe(303);
    expect(await orderRow(id)).toEqual({ state: ORDER_STATE.loaned, paid_amount: 5000, waived_amount: 0 });
    // What was paid counts towards the exit: principal + interest − paid.
    expect(parsed(ClosureQuote, await quoteOf(b.token, id))).toMatchObject({ kind: 'coolingOff', amount: 10014, paidSoFar: 5000 });
  });
});
