/**
 * What happened to each payment, and its receipt (docs/sandbox/payments.md 'Payments and receipts'), on the
 * fake clock: GET /pay-order/v1/payments lists an order's payments as the lender has them (started,
 * received, failed, pending and then resolved on the clock); repay and apply-extension name the
 * payment they start; every received payment has a numbered receipt whose parts add up to its amount
 * (interest, principal, then the penal charge; an extension fee's interest, service fee and overdue
 * fee); the SMS of a payment booked, in the language of the borrower's last signed-in request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtensionInfo } from '../../contract/extension';
import { PaymentUrl } from '../../contract/orders';
import { PaymentList, type PaymentRecord } from '../../contract/payments';
import { borrowerLanguage, languageOfRequest } from '../../server/src/domain/language-preference';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { allocate, paymentSms, repaymentAllocation } from '../../server/src/domain/receipts';
import { PENDING_RESOLVES_AFTER_MS } from '../../server/src/domain/gateway';
import { REPAY_MESSAGES } from '../../server/src/routes/pay';
import { DAY } from '../../server/src/time';
import { acknowledgedKfs, api, newBorrower, parsed, refused, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const HINDI = 'hi-IN, hi;q=0.9, en;q=0.5';
const ENGLISH = 'en-IN, en;q=0.9';

/** An order of `userId`: ₹10,000 lent, ₹1,000 interest, ₹11,000 to repay, due in 10 days (or 5 days ago when overdue). */
async function order(userId: number, state: number = ORDER_STATE.loaned, opts: { productId?: number } = {}): Promise<number> {
  const now = h.clock.now();
  const due = state === ORDER_STATE.overdued ? -5 * DAY : 10 * DAY;
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 10000, 91, 500, 90, 1000, 9410, 11000, $5, $6, $7, $5, $5) RETURNING id`,
    [await nextOrderNo(h.db, now), userId, opts.productId ?? 1, state, now.toISOString(), new Date(now.getTime() - 30 * DAY).toISOString(), new Date(now.getTime() + due).toISOString()],
  );
  return r.rows[0]!.id;
}

const repay = async (token: string, orderId: number, headers: Record<string, string> = {}) =>
  parsed(PaymentUrl, await api(h.app, 'POST', '/pay-order/v1/repay', { token, json: { orderId }, headers }));

/** Submits the hosted page's form as a browser would. */
const pay = (paymentId: string, form: { amount: number; vpa: string }) =>
  h.app.request(`/sandbox/gateway/pay/${paymentId}`, { method: 'POST', body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])) });

const payments = async (token: string, orderId: number, headers: Record<string, string> = {}) =>
  parsed(PaymentList, await api(h.app, 'GET', `/pay-order/v1/payments?orderId=${orderId}`, { token, headers })).payments;

/** The parts of what a payment paid off, summed. */
const sumOf = (p: PaymentRecord) => Object.values(p.paidOff ?? {}).reduce<number>((a, x) => a + (typeof x === 'number' ? x : 0), 0);

async function outbox(phone: string) {
  const res = await h.app.request(`/sandbox/api/outbox?phone=${phone}`);
  return ((await res.json()) as { messages: { text: string; code: string | null }[] }).messages;
}

describe('allocation (pure)', () => {
  it('pays off the parts in order, after what was paid before; what is left is excess', () => {
    const owed = [['interest', 1000], ['principal', 10000], ['penalCharge', 50]] as const;
    expect(allocate(owed, 0, 600)).toEqual({ interest: 600, principal: 0, fees: 0, penalCharge: 0, excess: 0 });
    expect(allocate(owed, 600, 1000)).toEqual({ interest: 400, principal: 600, fees: 0, penalCharge: 0, excess: 0 });
    expect(allocate(owed, 10900, 300)).toEqual({ interest: 0, principal: 100, fees: 0, penalCharge: 50, excess: 150 });
    expect(repaymentAllocation({ repayment_amount: 11000, interest: 1000, paid_amount: 0 }, 0, 11000)).toEqual({ interest: 1000, principal: 10000, fees: 0, penalCharge: 0, excess: 0 });
  });

  it('every split adds up to the amount', () => {
    for (const [before, amount] of [[0, 1], [0, 11050], [999, 2], [11000, 60], [5000, 123]] as const) {
      const a = allocate([['interest', 1000], ['principal', 10000], ['penalCharge', 50]], before, amount);
      expect(a.interest + a.principal + a.fees + a.penalCharge + a.excess).toBe(amount);
    }
  });
});

describe('GET /pay-order/v1/payments', () => {
  it("refuses without a session, and answers another borrower's order like one that does not exist", async () => {
    const a = await newBorrower(h);
    const b = await newBorrower(h);
    const id = await order(a.userId);
    expect((await api(h.app, 'GET', `/pay-order/v1/payments?orderId=${id}`)).code).toBe(-4);
    refused(await api(h.app, 'GET', `/pay-order/v1/payments?orderId=${id}`, { token: b.token }), REPAY_MESSAGES.orderNotFound);
    refused(await api(h.app, 'GET', '/pay-order/v1/payments?orderId=abc', { token: a.token }), REPAY_MESSAGES.orderNotFound);
    expect(await payments(a.token, id)).toEqual([]);
  });

  it('repay names its payment; the list has it started, then received with a numbered receipt that adds up', async () => {
    const b = await newBorrower(h);
    const id = await order(b.userId);
    const { paymentUrl, paymentId } = await repay(b.token, id);
    expect(paymentUrl.endsWith(`/${paymentId}`)).toBe(true);
    expect(await payments(b.token, id)).toMatchObject([{ id: paymentId, status: 'started', purpose: 'repayment', amount: 11000, reference: '', receiptNo: '', paidOff: null }]);

    await pay(paymentId!, { amount: 4000, vpa: 'success@sandbox' });
    const [part] = await payments(b.token, id);
    expect(part).toMatchObject({ id: paymentId, status: 'received', amount: 11000, paidAmount: 4000, dueAfter: 7000, newDueDate: '' });
    expect(part!.receiptNo).toMatch(/^RC\d{8}\d{6}$/);
    expect(part!.reference).toMatch(/^gw_/);
    expect(part!.paidAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(part!.paidOff).toEqual({ interest: 1000, principal: 3000, fees: 0, penalCharge: 0, excess: 0 });
    expect(sumOf(part!)).toBe(4000);

    await h.clock.advance(1000);
    const rest = await repay(b.token, id);
    await pay(rest.paymentId!, { amount: 7000, vpa: 'success@sandbox' });
    const list = await payments(b.token, id);
    expect(list.map((p) => p.id)).toEqual([rest.paymentId, paymentId]); // newest first
    expect(list[0]).toMatchObject({ status: 'received', paidAmount: 7000, dueAfter: 0, paidOff: { interest: 0, principal: 7000, fees: 0, penalCharge: 0, excess: 0 } });
    expect(list[0]!.receiptNo).not.toBe(list[1]!.receiptNo);
  });

  it('a failed payment has no receipt; an overdue repayment pays the penal charge last', async () => {
    const b = await newBorrower(h);
    const id = await order(b.userId, ORDER_STATE.overdued);
    const failed = await repay(b.token, id);
    await pay(failed.paymentId!, { amount: 100, vpa: 'failure@sandbox' });
    expect(await payments(b.token, id)).toMatchObject([{ status: 'failed', paidAmount: 0, receiptNo: '', paidOff: null, dueAfter: null }]);

    const full = await repay(b.token, id);
    const [record] = await payments(b.token, id);
    expect(record!.amount).toBe(11050); // ₹50 penal charge: 5 days at 0.1% of ₹10,000
    await pay(full.paymentId!, { amount: 11050, vpa: 'success@sandbox' });
    const [paid] = await payments(b.token, id);
    expect(paid!.paidOff).toEqual({ interest: 1000, principal: 10000, fees: 0, penalCharge: 50, excess: 0 });
    expect(sumOf(paid!)).toBe(paid!.paidAmount);
  });

  it('a pending payment says when it will be known; on the clock the list itself tells it received', async () => {
    const b = await newBorrower(h);
    const id = await order(b.userId);
    const { paymentId } = await repay(b.token, id);
    await pay(paymentId!, { amount: 11000, vpa: 'pending@sandbox' });
    const [pending] = await payments(b.token, id);
    expect(pending).toMatchObject({ status: 'pending', receiptNo: '', paidOff: null });
    const knownBy = new Date(`${pending!.knownBy.replace(' ', 'T')}+05:30`).getTime();
    expect(knownBy - h.clock.now().getTime()).toBe(PENDING_RESOLVES_AFTER_MS);

    await h.clock.advance(PENDING_RESOLVES_AFTER_MS);
    const [received] = await payments(b.token, id);
    expect(received).toMatchObject({ id: paymentId, status: 'received', paidAmount: 11000, dueAfter: 0, knownBy: '' });
    expect(sumOf(received!)).toBe(11000);
  });

  it('an extension fee: what it paid off, and the new due date', async () => {
    const b = await newBorrower(h);
    const id = await order(b.userId, ORDER_STATE.overdued);
    const quote = parsed(ExtensionInfo, await api(h.app, 'GET', `/order-repay-extension/v1/extension-calc/${id}`, { token: b.token }));
    const { paymentId } = parsed(
      PaymentUrl,
      await api(h.app, 'POST', '/order-repay-extension/v1/apply-extension', {
        token: b.token,
        json: { extensionId: quote.extensionId, orderId: String(id), orderRepayId: quote.orderRepayId, kfsNo: await acknowledgedKfs(h.app, b.token, { kind: 'extension', orderId: String(id) }) },
      }),
    );
    expect(paymentId).toMatch(/^pay_/);
    await pay(paymentId!, { amount: quote.extensionFee, vpa: 'success@sandbox' });
    const [fee] = await payments(b.token, id);
    // Rupee Rise: service fee 10% of ₹10,000, overdue fee ₹50, 7 days of interest at 0.09% a day.
    expect(fee).toMatchObject({ purpose: 'extensionFee', status: 'received', paidAmount: quote.extensionFee, newDueDate: quote.extensionTime });
    expect(fee!.paidOff).toEqual({ interest: quote.interest, fees: quote.extensionServiceFee, penalCharge: 50, principal: 0, excess: 0 });
    expect(sumOf(fee!)).toBe(quote.extensionFee);
    expect(fee!.dueAfter).toBe(11000);
  });
});

describe('the SMS of a payment booked, in the borrower\u2019s language', () => {
  it("reads the language of the borrower's last signed-in request that named one", async () => {
    expect(languageOfRequest(undefined)).toBeNull();
    expect(languageOfRequest(' ')).toBeNull();
    expect(languageOfRequest(HINDI)).toBe('hi');
    expect(languageOfRequest('fr-FR')).toBe('en');
    const b = await newBorrower(h);
    expect(await borrowerLanguage(h.db, b.userId)).toBe('en'); // never named one
    await api(h.app, 'GET', '/order/v1/list', { token: b.token, headers: { 'Accept-Language': HINDI } });
    expect(await borrowerLanguage(h.db, b.userId)).toBe('hi');
    await api(h.app, 'GET', '/order/v1/list', { token: b.token }); // no header: unchanged
    expect(await borrowerLanguage(h.db, b.userId)).toBe('hi');
    await api(h.app, 'GET', '/order/v1/list', { token: b.token, headers: { 'Accept-Language': ENGLISH } });
    expect(await borrowerLanguage(h.db, b.userId)).toBe('en');
  });

  it('goes to the outbox once per payment booked: amount, order, reference, what is left, the receipt', async () => {
    const b = await newBorrower(h);
    const id = await order(b.userId);
    const { paymentId } = await repay(b.token, id, { 'Accept-Language': ENGLISH });
    await pay(paymentId!, { amount: 4000, vpa: 'success@sandbox' });
    const [record] = await payments(b.token, id);
    const [sms] = await outbox(b.phone);
    expect(sms).toEqual({ text: `Payment received: ₹4,000 for loan ${record!.orderNo}, reference ${record!.reference}. Left to pay: ₹7,000. Receipt ${record!.receiptNo}.`, code: null, phone: b.phone, purpose: 'payment', reminder: null, createdAt: expect.any(String) });
    // A replayed notification books nothing and sends nothing.
    await h.app.request(`/sandbox/api/payments/${paymentId}/replay`, { method: 'POST' });
    expect((await outbox(b.phone)).filter((m) => m.text.startsWith('Payment received'))).toHaveLength(1);
    // Failed: nothing booked, nothing sent.
    const failed = await repay(b.token, id);
    await pay(failed.paymentId!, { amount: 100, vpa: 'failure@sandbox' });
    expect((await outbox(b.phone)).filter((m) => m.text.startsWith('Payment received'))).toHaveLength(1);
  });

  it('in Hindi for a borrower whose app asked for Hindi; the full repayment says the loan is repaid', async () => {
    const b = await newBorrower(h);
    const id = await order(b.userId);
    const { paymentId } = await repay(b.token, id, { 'Accept-Language': HINDI });
    await pay(paymentId!, { amount: 11000, vpa: 'success@sandbox' });
    const [record] = await payments(b.token, id, { 'Accept-Language': HINDI });
    const [sms] = await outbox(b.phone);
    expect(sms!.text).toBe(`भुगतान मिल गया: लोन ${record!.orderNo} के लिए ₹11,000, रेफ़रेंस ${record!.reference}। आपका लोन पूरा चुका दिया गया है। रसीद ${record!.receiptNo}।`);
  });

  it('an extension fee says the new due date', () => {
    const at = new Date('2026-01-22T06:30:00Z');
    const base = { amount: 1113, orderNo: 'BW1', reference: 'gw_1', receiptNo: 'RC1', dueAfter: 11000, newDueAt: at, settled: false };
    expect(paymentSms(base, 'en')).toBe('Payment received: ₹1,113 for loan BW1, reference gw_1. Your new due date is 22 Jan 2026. Receipt RC1.');
    expect(paymentSms(base, 'hi')).toBe('भुगतान मिल गया: लोन BW1 के लिए ₹1,113, रेफ़रेंस gw_1। चुकाने की नई तारीख: 22 जन॰ 2026। रसीद RC1।');
  });
});
