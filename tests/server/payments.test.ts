/**
 * Repayment through the sandbox's payment gateway (docs/sandbox/payments.md 'Payment gateway (test mode)'), on
 * the fake clock: repay answers the hosted page for a repayable own order only; success, part payment,
 * failure and pending as a gateway's test mode has them; the lender books only signed, fresh
 * notifications that match the gateway's record, once each; the browser goes back to the return
 * address, never to another site; an idempotent repay makes one payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { PaymentNotificationResult, PaymentUrl } from '../../contract/orders';
import { amountDue } from '../../server/src/domain/engine';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { PAYMENT_TTL_MS, reconcilePayments } from '../../server/src/domain/payments';
import { PENDING_RESOLVES_AFTER_MS, SIGNATURE_HEADER, signNotification } from '../../server/src/domain/gateway';
import { GATEWAY_MESSAGES, LENDER_CALLBACK_PATH } from '../../server/src/gateway';
import { CALLBACK_MESSAGES, REPAY_MESSAGES } from '../../server/src/routes/pay';
import { DAY, MINUTE } from '../../server/src/time';
import { api, parsed, startHarness, type Envelope, type Harness, refused, newBorrower } from './helpers';

/** The app's origin under `npm run dev` (Vite), which the sandbox is configured with (SANDBOX_APP_ORIGINS). */
const DEV_APP = 'http://localhost:5173';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ appOrigins: [DEV_APP] });
});
afterAll(async () => {
  await h.close();
});

const ORIGIN = 'http://localhost';

const borrower = () => newBorrower(h);

/** An order of `userId` in `state` (loaned by default: ₹10,000 lent, ₹11,000 to repay, due in 10 days). */
async function order(userId: number, state: number = ORDER_STATE.loaned, over: { dueInMs?: number; productId?: number } = {}): Promise<number> {
  const now = h.clock.now();
  const loaned = state === ORDER_STATE.loaned || state === ORDER_STATE.overdued || state === ORDER_STATE.settled || state === ORDER_STATE.extension;
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 10000, 30, 500, 90, 1000, 9410, 11000, $5, $6, $7, $5, $5) RETURNING id`,
    [
      await nextOrderNo(h.db, now), userId, over.productId ?? 1, state, now.toISOString(),
      loaned ? now.toISOString() : null,
      loaned ? new Date(now.getTime() + (over.dueInMs ?? 10 * DAY)).toISOString() : null,
    ],
  );
  return r.rows[0]!.id;
}

async function orderRow(id: number) {
  const r = await h.db.query<{ state: number; paid_amount: number; settled_at: Date | null; repayment_amount: number; loan_amount: number; repayment_date: Date | null }>(
    'SELECT state, paid_amount, settled_at, repayment_amount, loan_amount, repayment_date FROM orders WHERE id = $1',
    [id],
  );
  return r.rows[0]!;
}

const repay = (token: string, orderId: number | string, opts: { key?: string; origin?: string } = {}) =>
  api(h.app, 'POST', '/pay-order/v1/repay', {
    token,
    json: { orderId },
    headers: { ...(opts.key ? { 'Idempotency-Key': opts.key } : {}), ...(opts.origin ? { Origin: opts.origin } : {}) },
  });

/** Repays and returns the hosted page's URL and the payment id. */
async function startPayment(token: string, orderId: number, opts: { key?: string; origin?: string } = {}) {
  const { paymentUrl } = parsed(PaymentUrl, await repay(token, orderId, opts));
  const paymentId = paymentUrl.split('/').at(-1)!;
  return { paymentUrl, paymentId };
}

/** Submits the hosted page's form as a browser would. */
const pay = (paymentId: string, form: { amount?: number | string; vpa?: string; return?: string }, headers: Record<string, string> = {}) =>
  h.app.request(`/sandbox/gateway/pay/${paymentId}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])),
  });

async function payment(id: string) {
  const r = await h.db.query<{ status: string; amount: number; paid_amount: number; gateway_ref: string | null }>(
    'SELECT status, amount, paid_amount, gateway_ref FROM payments WHERE id = $1',
    [id],
  );
  return r.rows[0]!;
}

/** POSTs a notification to the lender's callback, signed with the test secret unless told. */
function callback(body: Record<string, unknown> | string, opts: { timestamp?: number; signature?: string; signedBody?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = opts.timestamp ?? (typeof body === 'string' ? 0 : (body.timestamp as number));
  const signature = opts.signature ?? signNotification(timestamp, opts.signedBody ?? raw);
  return h.app.request(LENDER_CALLBACK_PATH, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body: raw });
}
const nowSeconds = () => Math.floor(h.clock.now().getTime() / 1000);

describe('POST /pay-order/v1/repay', () => {
  it('answers the hosted payment page of a new payment for what the order owes', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentUrl, paymentId } = await startPayment(b.token, id);
    expect(paymentUrl).toMatch(/^http:\/\/localhost\/sandbox\/gateway\/pay\/pay_[A-Za-z0-9]{24}$/);
    expect(await payment(paymentId)).toMatchObject({ status: 'created', amount: 11000, paid_amount: 0 });

    const page = await h.app.request(paymentUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('₹11,000');
    expect(html).toContain('name="amount"');
    for (const vpa of ['success@sandbox', 'failure@sandbox', 'pending@sandbox']) expect(html).toContain(vpa);
    expect(html).not.toMatch(/<script|<style|style=/);
    const css = await h.app.request('/sandbox/gateway/gateway.css');
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('asks for the overdue amount, penal charge included', async () => {
    const b = await borrower();
    const id = await order(b.userId, ORDER_STATE.overdued, { dueInMs: -5 * DAY });
    const { paymentId } = await startPayment(b.token, id);
    const due = amountDue({ ...(await orderRow(id)), state: ORDER_STATE.overdued }, h.clock.now());
    expect(due.overdueFee).toBeGreaterThan(0);
    expect((await payment(paymentId)).amount).toBe(due.due);
  });

  it("refuses another borrower's order, an order with nothing to repay, and a call without a session", async () => {
    const a = await borrower();
    const b = await borrower();
    refused(await repay(b.token, await order(a.userId)), REPAY_MESSAGES.orderNotFound);
    refused(await repay(a.token, 'abc'), REPAY_MESSAGES.orderNotFound);
    refused(await repay(a.token, 999999), REPAY_MESSAGES.orderNotFound);
    refused(await repay(a.token, await order(a.userId, ORDER_STATE.settled, { productId: 2 })), REPAY_MESSAGES.settled);
    refused(await repay(b.token, await order(b.userId, ORDER_STATE.auditing, { productId: 3 })), REPAY_MESSAGES.notDisbursed);
    refused(await repay(b.token, await order(b.userId, ORDER_STATE.denied, { productId: 1 })), REPAY_MESSAGES.nothingToRepay);
    expect((await repay('', 1)).code).toBe(-4);
    expect((await h.db.query('SELECT 1 FROM payments WHERE user_id = ANY($1::int[])', [[a.userId, b.userId]])).rowCount).toBe(0);
  });

  it('with the same Idempotency-Key answers the same payment; a new key makes a new one, and the old page stops taking money', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const first = await startPayment(b.token, id, { key: 'repay-key-0001' });
    const again = await startPayment(b.token, id, { key: 'repay-key-0001' });
    expect(again.paymentUrl).toBe(first.paymentUrl);
    expect((await h.db.query('SELECT 1 FROM payments WHERE order_id = $1', [id])).rowCount).toBe(1);

    const second = await startPayment(b.token, id, { key: 'repay-key-0002' });
    expect(second.paymentId).not.toBe(first.paymentId);
    expect((await h.app.request(first.paymentUrl)).status).toBe(410);
    expect((await pay(first.paymentId, { amount: 11000, vpa: 'success@sandbox' })).status).toBe(410);
    expect((await orderRow(id)).paid_amount).toBe(0);
  });
});

describe('the gateway page', () => {
  it('a full payment settles the order (7) and goes back to the return address', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    const res = await pay(paymentId, { amount: 11000, vpa: 'success@sandbox', return: `/orders/${id}/detail` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/orders/${id}/detail`);
    expect(await orderRow(id)).toMatchObject({ state: ORDER_STATE.settled, paid_amount: 11000, settled_at: h.clock.now() });
    expect(await payment(paymentId)).toMatchObject({ status: 'success', paid_amount: 11000 });
    refused(await repay(b.token, id), REPAY_MESSAGES.settled);
    expect(h.logs.some((l) => l.includes(`[gateway] ${paymentId} success ₹11000 → lender HTTP 200`))).toBe(true);
  });

  it('a part payment lowers what is due and leaves the order open; the next repay asks for the rest', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    expect((await pay(paymentId, { amount: 4000, vpa: 'success@sandbox' })).status).toBe(303);
    const row = await orderRow(id);
    expect(row).toMatchObject({ state: ORDER_STATE.loaned, paid_amount: 4000, settled_at: null });
    expect(amountDue({ ...row }, h.clock.now()).due).toBe(7000);

    const rest = await startPayment(b.token, id);
    expect((await payment(rest.paymentId)).amount).toBe(7000);
    expect(await (await h.app.request(rest.paymentUrl)).text()).toContain('₹7,000');
    await pay(rest.paymentId, { amount: 7000, vpa: 'success@sandbox' });
    expect(await orderRow(id)).toMatchObject({ state: ORDER_STATE.settled, paid_amount: 11000 });
  });

  it('refuses an amount under ₹1, over the due or not whole, and an unknown UPI ID: nothing is recorded', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    for (const amount of [0, 11001, '10.5', '', '1e3']) {
      const res = await pay(paymentId, { amount, vpa: 'success@sandbox' });
      expect(res.status, String(amount)).toBe(400);
      expect(await res.text()).toContain('Enter an amount from ₹1 to ₹11,000 in whole rupees.');
    }
    const vpa = await pay(paymentId, { amount: 100, vpa: 'someone@okbank' });
    expect(await vpa.text()).toContain(GATEWAY_MESSAGES.vpa);
    expect((await h.db.query('SELECT 1 FROM gateway_transactions WHERE payment_id = $1', [paymentId])).rowCount).toBe(0);
    expect(await payment(paymentId)).toMatchObject({ status: 'created' });
  });

  it('a failed payment changes nothing on the order; the borrower can try again', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId, paymentUrl } = await startPayment(b.token, id);
    expect((await pay(paymentId, { amount: 11000, vpa: 'failure@sandbox' })).status).toBe(303);
    expect(await orderRow(id)).toMatchObject({ state: ORDER_STATE.loaned, paid_amount: 0 });
    expect(await payment(paymentId)).toMatchObject({ status: 'failed', paid_amount: 0 });
    expect(await (await h.app.request(paymentUrl)).text()).toContain('Payment failed');
    const retry = await startPayment(b.token, id);
    expect((await payment(retry.paymentId)).amount).toBe(11000);
  });

  it('a double submit pays once', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    const [one, two] = await Promise.all([pay(paymentId, { amount: 3000, vpa: 'success@sandbox' }), pay(paymentId, { amount: 3000, vpa: 'success@sandbox' })]);
    expect([one.status, two.status]).toEqual([303, 303]);
    await pay(paymentId, { amount: 3000, vpa: 'success@sandbox' });
    expect((await orderRow(id)).paid_amount).toBe(3000);
    expect((await h.db.query('SELECT 1 FROM gateway_transactions WHERE payment_id = $1', [paymentId])).rowCount).toBe(1);
  });

  it('a pending payment books nothing until the bank answers 2 minutes later on the sandbox clock (success by default)', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId, paymentUrl } = await startPayment(b.token, id);
    await pay(paymentId, { amount: 11000, vpa: 'pending@sandbox' });
    expect(await payment(paymentId)).toMatchObject({ status: 'pending' });
    expect(await orderRow(id)).toMatchObject({ state: ORDER_STATE.loaned, paid_amount: 0 });
    expect(await (await h.app.request(paymentUrl)).text()).toContain('Payment pending');
    // Another repay while the bank has not answered would pay twice: refused.
    refused(await repay(b.token, id), REPAY_MESSAGES.pending);

    await h.clock.advance(PENDING_RESOLVES_AFTER_MS - 1000);
    refused(await repay(b.token, id), REPAY_MESSAGES.pending);
    await h.clock.advance(1000);
    // Read lazily (restart-safe: nothing in memory): the lender asks the gateway and books the answer.
    expect(await reconcilePayments(h.db, h.clock.now(), { orderId: id })).toBe(1);
    expect(await payment(paymentId)).toMatchObject({ status: 'success', paid_amount: 11000 });
    expect(await orderRow(id)).toMatchObject({ state: ORDER_STATE.settled, paid_amount: 11000 });
    expect(await reconcilePayments(h.db, h.clock.now(), { userId: b.userId })).toBe(0);
  });

  it('pending-failure@sandbox is declined 2 minutes later; the page notifies the lender when it sees the answer', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId, paymentUrl } = await startPayment(b.token, id);
    await pay(paymentId, { amount: 500, vpa: 'pending-failure@sandbox' });
    await h.clock.advance(PENDING_RESOLVES_AFTER_MS);
    expect(await (await h.app.request(paymentUrl)).text()).toContain('Payment failed');
    expect(await payment(paymentId)).toMatchObject({ status: 'failed' });
    expect((await orderRow(id)).paid_amount).toBe(0);
  });

  it('QA replay re-sends the last notification, re-signed; the lender books it once', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    const none = await h.app.request(`/sandbox/api/payments/${paymentId}/replay`, { method: 'POST' });
    expect(none.status).toBe(409);
    await pay(paymentId, { amount: 2500, vpa: 'success@sandbox' });
    await h.clock.advance(10 * MINUTE); // later than the first notification's 5-minute window: the replay is signed afresh
    for (let i = 0; i < 2; i += 1) {
      const res = await h.app.request(`/sandbox/api/payments/${paymentId}/replay`, { method: 'POST' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { status: string; lenderHttpStatus: number; lender: Envelope };
      expect(body).toMatchObject({ status: 'success', amount: 2500, lenderHttpStatus: 200 });
      expect(parsed(PaymentNotificationResult, body.lender)).toEqual({ paymentId, status: 'success', booked: false });
    }
    expect((await orderRow(id)).paid_amount).toBe(2500);
    const list = await h.app.request(`/sandbox/api/payments?orderId=${id}`);
    const { payments } = (await list.json()) as { payments: { paymentId: string; status: string; gateway: { status: string } }[] };
    expect(payments[0]).toMatchObject({ paymentId, status: 'success', gateway: { status: 'success' } });
  });

  it('the QA console lists the payment with a Replay button, whose form post books nothing more and comes back to the console', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    await pay(paymentId, { amount: 1500, vpa: 'success@sandbox' });
    const phone10 = b.phone.slice(2);
    const consolePage = await (await h.app.request(`/sandbox?phone=${phone10}`)).text();
    expect(consolePage).toContain(`/sandbox/api/payments/${paymentId}/replay`);
    expect(consolePage).toContain('Replay callback (success)');
    const res = await h.app.request(`/sandbox/api/payments/${paymentId}/replay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ phone: phone10 }).toString(),
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '', 'http://127.0.0.1');
    expect(back.pathname + back.hash).toBe('/sandbox#orders');
    expect(back.searchParams.get('phone')).toBe(phone10);
    expect(back.searchParams.get('note')).toMatch(/sent again: the lender answered HTTP 200/);
    expect((await orderRow(id)).paid_amount).toBe(1500);
  });

  it('the QA controls answer only from this computer', async () => {
    const res = await h.app.request('http://lender.example/sandbox/api/payments?orderId=1');
    expect(res.status).toBe(403);
  });
});

describe('the lender callback', () => {
  /** A paid payment whose notification we make ourselves (the gateway already sent its own). */
  async function paid(amount = 11000, vpa = 'success@sandbox') {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    const res = await pay(paymentId, { amount, vpa });
    expect(res.status).toBe(303);
    const p = await payment(paymentId);
    return { id, paymentId, gatewayRef: p.gateway_ref!, amount };
  }
  const before = async (id: number) => (await orderRow(id)).paid_amount;

  it('books a pending payment once the gateway confirms, and a replay of the same notification once', async () => {
    const p = await paid(6000, 'pending@sandbox');
    await h.clock.advance(PENDING_RESOLVES_AFTER_MS);
    const note = { paymentId: p.paymentId, orderId: String(p.id), amount: 6000, status: 'success', gatewayRef: p.gatewayRef, timestamp: nowSeconds() };
    const first = await callback(note);
    expect(first.status).toBe(200);
    expect(parsed(PaymentNotificationResult, (await first.json()) as Envelope)).toEqual({ paymentId: p.paymentId, status: 'success', booked: true });
    const replay = await callback(note);
    expect(parsed(PaymentNotificationResult, (await replay.json()) as Envelope)).toMatchObject({ booked: false });
    expect(await before(p.id)).toBe(6000);
  });

  it('a notification saying success for a payment the gateway still has pending books nothing yet', async () => {
    const p = await paid(6000, 'pending@sandbox');
    const res = await callback({ paymentId: p.paymentId, orderId: String(p.id), amount: 6000, status: 'success', gatewayRef: p.gatewayRef, timestamp: nowSeconds() });
    expect(parsed(PaymentNotificationResult, (await res.json()) as Envelope)).toMatchObject({ status: 'pending', booked: false });
    expect(await before(p.id)).toBe(0);
  });

  it('a forged notification books nothing: bad signature, stale timestamp, unknown payment, tampered amount, no match', async () => {
    const p = await paid(3000, 'failure@sandbox');
    const note = { paymentId: p.paymentId, orderId: String(p.id), amount: 3000, status: 'success', gatewayRef: p.gatewayRef, timestamp: nowSeconds() };
    const expectRefused = async (res: Response, status: number, msg: string) => {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ code: 1, msg, data: null });
    };
    await expectRefused(await callback(note, { signature: signNotification(note.timestamp, JSON.stringify(note), 'another-secret') }), 401, CALLBACK_MESSAGES.badSignature);
    await expectRefused(await callback(note, { signature: '' }), 401, CALLBACK_MESSAGES.badSignature);
    await expectRefused(await callback(note, { signature: 'zz' }), 401, CALLBACK_MESSAGES.badSignature);
    // Tampered after signing: the amount raised.
    const tampered = JSON.stringify({ ...note, amount: 300000 });
    await expectRefused(await callback(tampered, { timestamp: note.timestamp, signedBody: JSON.stringify(note) }), 401, CALLBACK_MESSAGES.badSignature);
    // The signature over another timestamp than the body's.
    await expectRefused(await callback(note, { signature: signNotification(note.timestamp + 1, JSON.stringify(note)) }), 401, CALLBACK_MESSAGES.badSignature);
    // Signed, but 6 minutes old (or from the future).
    await expectRefused(await callback({ ...note, timestamp: nowSeconds() - 6 * 60 }), 401, CALLBACK_MESSAGES.stale);
    await expectRefused(await callback({ ...note, timestamp: nowSeconds() + 6 * 60 }), 401, CALLBACK_MESSAGES.stale);
    // Signed, fresh, but for a payment the lender never made.
    await expectRefused(await callback({ ...note, paymentId: 'pay_unknown000000000000000' }), 404, CALLBACK_MESSAGES.unknownPayment);
    // Signed, fresh, but not what the gateway recorded: another amount, another reference, another order.
    await expectRefused(await callback({ ...note, amount: 2999 }), 400, CALLBACK_MESSAGES.mismatch);
    await expectRefused(await callback({ ...note, gatewayRef: 'gw_other' }), 400, CALLBACK_MESSAGES.mismatch);
    await expectRefused(await callback({ ...note, orderId: String(p.id + 1) }), 400, CALLBACK_MESSAGES.mismatch);
    // Not JSON, not the shape.
    await expectRefused(await callback('not json', { signature: 'a'.repeat(64) }), 400, CALLBACK_MESSAGES.notJson);
    await expectRefused(await callback({ ...note, amount: -1 }), 400, 'amount must be at least 1');
    // The real outcome stands: the gateway says failed, and nothing was booked.
    const res = await callback(note);
    expect(parsed(PaymentNotificationResult, (await res.json()) as Envelope)).toMatchObject({ status: 'failed', booked: false });
    expect(await before(p.id)).toBe(0);
    expect(await payment(p.paymentId)).toMatchObject({ status: 'failed', paid_amount: 0 });
  });
});

describe('the return address', () => {
  it('goes straight back on the same origin; to a configured app origin of the repay request through a forwarding page', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const app = DEV_APP;
    const { paymentUrl, paymentId } = await startPayment(b.token, id, { origin: app });
    const back = `${app}/orders/${id}/detail?paid=1`;
    const page = await h.app.request(`${paymentUrl}?callback=${encodeURIComponent(back)}`);
    const html = await page.text();
    expect(html).toContain(`name="return" value="${back.replace('&', '&amp;')}"`);
    expect(html).toContain('Cancel and return to the merchant');
    const res = await pay(paymentId, { amount: 11000, vpa: 'success@sandbox', return: back }, { Origin: ORIGIN });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toBe(`/sandbox/gateway/pay/${paymentId}?return=${encodeURIComponent(back)}`);
    const forward = await (await h.app.request(location)).text();
    expect(forward).toContain(`<meta http-equiv="refresh" content="0; url=${back}">`);
    expect(forward).toContain('Payment successful');
  });

  it('refuses javascript:, data:, another site and user:password addresses before anything is paid', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentUrl, paymentId } = await startPayment(b.token, id);
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'https://evil.example/orders', '//evil.example/x', '/\\evil.example', 'http://user:pw@localhost/x', 'http://localhost:5173/x']) {
      const page = await h.app.request(`${paymentUrl}?return=${encodeURIComponent(bad)}`);
      expect(page.status, bad).toBe(400);
      expect(await page.text()).toContain(GATEWAY_MESSAGES.badReturn);
      expect((await pay(paymentId, { amount: 100, vpa: 'success@sandbox', return: bad })).status, bad).toBe(400);
    }
    expect(await payment(paymentId)).toMatchObject({ status: 'created' });
    expect((await orderRow(id)).paid_amount).toBe(0);
  });

  it("the repay request's Origin is kept only when the sandbox is configured with it (SANDBOX_APP_ORIGINS, the public origin and its loopback names)", async () => {
    for (const [origin, allowed] of [
      ['https://evil.example', false],
      ['http://localhost:5174', false],
      ['null', false],
      [DEV_APP, true],
      ['http://127.0.0.1:5173', true],
      ['http://[::1]:5173', true],
    ] as const) {
      const b = await borrower();
      const id = await order(b.userId);
      const { paymentUrl, paymentId } = await startPayment(b.token, id, { origin });
      expect((await h.db.query<{ return_origin: string | null }>('SELECT return_origin FROM payments WHERE id = $1', [paymentId])).rows[0]?.return_origin, origin).toBe(allowed ? origin : null);
      if (origin === 'null') continue; // 'null/orders/…' would be a path on the gateway's own origin
      const back = `${origin}/orders/${id}/detail`;
      expect((await h.app.request(`${paymentUrl}?return=${encodeURIComponent(back)}`)).status, origin).toBe(allowed ? 200 : 400);
    }
    // A payment kept with another origin before this rule (any Origin was kept then) returns there no more.
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentUrl, paymentId } = await startPayment(b.token, id);
    await h.db.query('UPDATE payments SET return_origin = $2 WHERE id = $1', [paymentId, 'https://evil.example']);
    expect((await h.app.request(`${paymentUrl}?return=${encodeURIComponent('https://evil.example/x')}`)).status).toBe(400);
  });

  it('without a return address the browser sees the result page; a form from another site is refused', async () => {
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentId } = await startPayment(b.token, id);
    expect((await pay(paymentId, { amount: 100, vpa: 'success@sandbox' }, { Origin: 'https://evil.example' })).status).toBe(403);
    const res = await pay(paymentId, { amount: 100, vpa: 'success@sandbox' });
    expect(res.headers.get('location')).toBe(`/sandbox/gateway/pay/${paymentId}`);
    const html = await (await h.app.request(res.headers.get('location')!)).text();
    expect(html).toContain('Payment successful');
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it('an unknown payment page is a 404; a link older than 30 minutes takes no money', async () => {
    expect((await h.app.request('/sandbox/gateway/pay/pay_doesnotexist')).status).toBe(404);
    const b = await borrower();
    const id = await order(b.userId);
    const { paymentUrl, paymentId } = await startPayment(b.token, id);
    await h.clock.advance(PAYMENT_TTL_MS);
    expect((await h.app.request(paymentUrl)).status).toBe(410);
    expect((await pay(paymentId, { amount: 100, vpa: 'success@sandbox' })).status).toBe(410);
  });
});

describe("the sandbox's own addresses", () => {
  it('the reported attack: Host, Origin and X-Forwarded-* of the repay request change neither the payment link nor the return addresses', async () => {
    for (const trustForwardedFor of [false, true]) {
      const app = createApp({ db: h.db, clock: h.clock, log: () => {}, trustForwardedFor });
      const b = await borrower();
      const id = await order(b.userId);
      const res = await app.request('http://evil.example/api1/pay-order/v1/repay', {
        method: 'POST',
        headers: {
          token: b.token,
          'content-type': 'application/json',
          Host: 'evil.example',
          Origin: 'https://evil.example',
          'X-Forwarded-Host': 'evil.example',
          'X-Forwarded-Proto': 'https',
          Forwarded: 'host=evil.example;proto=https',
        },
        body: JSON.stringify({ orderId: id }),
      });
      const { paymentUrl } = parsed(PaymentUrl, (await res.json()) as Envelope);
      expect(paymentUrl).toMatch(/^http:\/\/localhost\/sandbox\/gateway\/pay\/pay_[A-Za-z0-9]{24}$/);
      const paymentId = paymentUrl.split('/').at(-1)!;
      expect((await h.db.query<{ return_origin: string | null }>('SELECT return_origin FROM payments WHERE id = $1', [paymentId])).rows[0]?.return_origin).toBeNull();
      // The page opened under another name still builds its links and its checks on the public origin.
      const page = await app.request(`http://evil.example/sandbox/gateway/pay/${paymentId}?return=${encodeURIComponent('https://evil.example/orders')}`, {
        headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
      });
      expect(page.status).toBe(400);
      const paid = await app.request(`http://evil.example/sandbox/gateway/pay/${paymentId}`, {
        method: 'POST',
        headers: { Host: 'evil.example', Origin: 'http://evil.example' },
        body: new URLSearchParams({ amount: '100', vpa: 'success@sandbox' }),
      });
      expect(paid.status).toBe(403);
    }
  });

  it('SANDBOX_PUBLIC_ORIGIN: payment links, same-origin returns, the form check and the callback all use it', async () => {
    const publicOrigin = 'https://lender.example';
    const app = createApp({ db: h.db, clock: h.clock, log: () => {}, publicOrigin });
    const b = await borrower();
    const id = await order(b.userId);
    const res = await app.request('/api1/pay-order/v1/repay', {
      method: 'POST',
      headers: { token: b.token, 'content-type': 'application/json', Origin: publicOrigin },
      body: JSON.stringify({ orderId: id }),
    });
    const { paymentUrl } = parsed(PaymentUrl, (await res.json()) as Envelope);
    expect(paymentUrl.startsWith(`${publicOrigin}/sandbox/gateway/pay/pay_`)).toBe(true);
    const paymentId = paymentUrl.split('/').at(-1)!;
    // A path is on the public origin; the form comes from the public origin; the lender is notified in-process and books it.
    const page = await app.request(`/sandbox/gateway/pay/${paymentId}?return=${encodeURIComponent(`/orders/${id}/detail`)}`);
    expect(await page.text()).toContain(`value="${publicOrigin}/orders/${id}/detail"`);
    expect((await app.request(`/sandbox/gateway/pay/${paymentId}`, { method: 'POST', headers: { Origin: 'http://localhost' }, body: new URLSearchParams({ amount: '100', vpa: 'success@sandbox' }) })).status).toBe(403);
    const paid = await app.request(`/sandbox/gateway/pay/${paymentId}`, {
      method: 'POST',
      headers: { Origin: publicOrigin },
      body: new URLSearchParams({ amount: '11000', vpa: 'success@sandbox', return: `${publicOrigin}/orders/${id}/detail` }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${publicOrigin}/orders/${id}/detail`);
    expect(await payment(paymentId)).toMatchObject({ status: 'success', paid_amount: 11000 });
    expect((await orderRow(id)).state).toBe(ORDER_STATE.settled);
  });
});
