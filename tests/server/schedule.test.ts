/**
 * Scheduled applications (docs/sandbox/extension-and-scheduling.md): create, list, detail,
 * cancel; one waiting schedule per product; another borrower's is not found; a schedule waits while its
 * product is closed (an open order, verification, the account) and is applied as a normal application
 * once the open order is repaid on the sandbox gateway; idempotent replays; two readers apply it once;
 * the QA console's Apply now and Cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyResult, Precheck } from '../../contract/loans';
import { Order, OrderList, PaymentUrl } from '../../contract/orders';
import { ScheduledOrder, ScheduledOrderList, SCHEDULE_STATE } from '../../contract/schedule';
import { HomeResponse } from '../../contract/home';
import { LOAN_MESSAGES } from '../../server/src/domain/applications';
import { SCHEDULE_MESSAGES } from '../../server/src/domain/schedule';
import { REPLAYED_HEADER } from '../../server/src/idempotency';
import { PRODUCTS } from '../../server/src/seed';
import { istDateTime } from '../../server/src/time';
import { api, freshPhone, parsed, signIn, startHarness, throwAwayPostgres, type Envelope, type Harness, refused, userIdOf } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const rupeeRise = PRODUCTS[0]!;
const quickCash = PRODUCTS[1]!;
const partner = PRODUCTS.find((p) => p.productType === 0)!;
const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 } as const;

const userId = (phone: string) => userIdOf(h, phone);

let cardSeq = 0;
async function addCard(phone: string): Promise<string> {
  cardSeq += 1;
  const r = await h.db.query<{ id: number }>(
    'INSERT INTO bank_cards (user_id, card_no, bank_code, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [await userId(phone), `50010000${String(cardSeq).padStart(4, '0')}`, 'SBIN0001234', h.clock.now().toISOString()],
  );
  return String(r.rows[0]!.id);
}

async function setFlags(phone: string, flags: Record<string, 0 | 1>) {
  const res = await h.app.request('/sandbox/api/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, flags }),
  });
  expect(res.status).toBe(200);
}

/** A new borrower with one bank account; fully verified unless told. */
async function borrower(verified = true): Promise<{ phone: string; token: string; cardId: string }> {
  const phone = freshPhone();
  const { token } = await signIn(h, phone);
  if (verified) await setFlags(phone, ALL_DONE);
  return { phone, token, cardId: await addCard(phone) };
}

const key = () => `k-${crypto.randomUUID()}`;
const withKey = (k?: string) => (k ? { headers: { 'Idempotency-Key': k } } : {});

const schedule = (token: string, body: Record<string, unknown>, k?: string) => api(h.app, 'POST', '/order/v1/order-auto-apply', { token, json: body, ...withKey(k) });
const cancel = (token: string, id: string | number, k?: string) => api(h.app, 'POST', '/order/v1/cancel-auto-apply', { token, json: { id, orderNo: '' }, ...withKey(k) });
const list = async (token: string) => parsed(ScheduledOrderList, await api(h.app, 'GET', '/order/v1/get-auto-apply-list', { token }));
const detail = (token: string, id: string | number) => api(h.app, 'GET', `/order/v1/get-auto-apply?orderId=${id}`, { token });
const orders = async (token: string) => parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token }));

async function apply(token: string, cardId: string, productId = rupeeRise.id, amount = Math.max(...rupeeRise.amountList)) {
  const product = PRODUCTS.find((p) => p.id === productId)!;
  const env = await api(h.app, 'POST', '/order/v1/apply', {
    token,
    json: { cardId, borrowAmount: amount, periods: product.period, productId, checkEmail: null, autoGetMoney: 0, autoMoney: null },
  });
  return parsed(ApplyResult, env);
}

async function made(token: string, cardId: string, productId = rupeeRise.id, amount = 5000) {
  return parsed(ScheduledOrder, await schedule(token, { productId, expectBorrowAmount: amount, cardId }));
}

/** The QA console's JSON controls. */
const control = (path: string, body?: unknown) =>
  h.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });

/** Approves and disburses an order (QA console), then repays it in full on the sandbox gateway: it settles (7). */
async function disburseAndRepay(token: string, orderId: string) {
  expect((await control(`/sandbox/api/orders/${orderId}/decide`, { decision: 'approve' })).status).toBe(200);
  expect((await control(`/sandbox/api/orders/${orderId}/disburse`)).status).toBe(200);
  const { paymentUrl } = parsed(PaymentUrl, await api(h.app, 'POST', '/pay-order/v1/repay', { token, json: { orderId } }));
  const paymentId = paymentUrl.split('/').at(-1)!;
  const due = (await h.db.query<{ amount: number }>('SELECT amount FROM payments WHERE id = $1', [paymentId])).rows[0]!.amount;
  const paid = await h.app.request(`/sandbox/gateway/pay/${paymentId}`, {
    method: 'POST',
    body: new URLSearchParams({ amount: String(due), vpa: 'success@sandbox' }),
  });
  expect(paid.status).toBe(303);
  const order = parsed(Order, await api(h.app, 'GET', `/order/v1/detail?orderId=${orderId}`, { token }));
  expect(order.orderState).toBe(7);
}

describe('POST /order/v1/order-auto-apply', () => {
  it('schedules an application and answers it as the list and the detail show it', async () => {
    const b = await borrower();
    await apply(b.token, b.cardId); // Rupee Rise is full: the schedule waits
    const s = await made(b.token, b.cardId);
    expect(s).toMatchObject({
      productId: String(rupeeRise.id),
      productName: rupeeRise.name,
      state: SCHEDULE_STATE.scheduled,
      expectBorrowAmount: 5000,
      bankNo: 'XXXXXXXX' + (await h.db.query<{ card_no: string }>('SELECT card_no FROM bank_cards WHERE id = $1', [b.cardId])).rows[0]!.card_no.slice(-4),
      createTime: istDateTime(h.clock.now()),
      cardId: b.cardId,
      orderNo: '',
    });
    expect(await list(b.token)).toEqual([s]);
    expect(parsed(ScheduledOrder, await detail(b.token, s.id))).toEqual(s);
  });

  it('refuses what cannot be applied for, each with its message, and a second schedule for the product', async () => {
    const b = await borrower();
    const other = await borrower();
    refused(await schedule(b.token, { productId: 999, expectBorrowAmount: 5000, cardId: b.cardId }), LOAN_MESSAGES.productNotFound);
    refused(await schedule(b.token, { productId: 'abc', expectBorrowAmount: 5000, cardId: b.cardId }), LOAN_MESSAGES.productNotFound);
    refused(await schedule(b.token, { productId: partner.id, expectBorrowAmount: partner.amountList[0], cardId: b.cardId }), LOAN_MESSAGES.partnerProduct);
    refused(
      await schedule(b.token, { productId: rupeeRise.id, expectBorrowAmount: 4321, cardId: b.cardId }),
      LOAN_MESSAGES.amountNotOffered([...rupeeRise.amountList].sort((x, y) => x - y)),
    );
    refused(await schedule(b.token, { productId: rupeeRise.id, expectBorrowAmount: 5000, cardId: other.cardId }), LOAN_MESSAGES.cardNotFound);
    refused(await schedule(b.token, { productId: rupeeRise.id, expectBorrowAmount: 5000, cardId: 'x' }), LOAN_MESSAGES.cardNotFound);
    for (const cardId of ['9'.repeat(40), -1, 1.5, '0']) refused(await schedule(b.token, { productId: rupeeRise.id, expectBorrowAmount: 5000, cardId }), LOAN_MESSAGES.cardNotFound);
    for (const productId of ['9'.repeat(40), -1, '1.5']) refused(await schedule(b.token, { productId, expectBorrowAmount: 5000, cardId: b.cardId }), LOAN_MESSAGES.productNotFound);
    refused(await detail(b.token, '9'.repeat(40)), SCHEDULE_MESSAGES.notFound);
    refused(await cancel(b.token, '9'.repeat(40)), SCHEDULE_MESSAGES.notFound);
    const bad = await schedule(b.token, { productId: rupeeRise.id, cardId: b.cardId });
    expect(bad.code).toBe(1);
    expect(bad.msg).toBe('expectBorrowAmount is required');
    expect((await schedule('', { productId: 1, expectBorrowAmount: 5000, cardId: b.cardId })).code).toBe(-4);

    await apply(b.token, b.cardId);
    await made(b.token, b.cardId);
    refused(await schedule(b.token, { productId: rupeeRise.id, expectBorrowAmount: 3000, cardId: b.cardId }), SCHEDULE_MESSAGES.alreadyScheduled);
    // Another product is its own schedule.
    await apply(b.token, b.cardId, quickCash.id, quickCash.amountList[0]);
    await made(b.token, b.cardId, quickCash.id, quickCash.amountList[0]);
    expect((await list(b.token)).map((s) => s.productId)).toEqual([String(quickCash.id), String(rupeeRise.id)]);
  });

  it('books one schedule for a repeat with the same Idempotency-Key, and after a cancel a new one may be made', async () => {
    const b = await borrower();
    await apply(b.token, b.cardId);
    const k = key();
    const body = { productId: rupeeRise.id, expectBorrowAmount: 5000, cardId: b.cardId };
    const first = await schedule(b.token, body, k);
    const res = await h.app.request('/api1/order/v1/order-auto-apply', {
      method: 'POST',
      headers: { token: b.token, 'content-type': 'application/json', 'Idempotency-Key': k },
      body: JSON.stringify(body),
    });
    expect(res.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await res.json()).toEqual(first);
    expect(await list(b.token)).toHaveLength(1);
    await cancel(b.token, (first.data as { id: number }).id);
    const again = await made(b.token, b.cardId, rupeeRise.id, 3000);
    expect((await list(b.token)).map((s) => [s.id, s.state])).toEqual([
      [again.id, SCHEDULE_STATE.scheduled],
      [String((first.data as { id: number }).id), SCHEDULE_STATE.canceled],
    ]);
  });
});

describe('another borrower', () => {
  it('never sees, reads or cancels a schedule that is not theirs', async () => {
    const a = await borrower();
    const b = await borrower();
    await apply(a.token, a.cardId);
    const s = await made(a.token, a.cardId);
    expect(await list(b.token)).toEqual([]);
    refused(await detail(b.token, s.id), SCHEDULE_MESSAGES.notFound);
    refused(await detail(b.token, 999999), SCHEDULE_MESSAGES.notFound);
    refused(await detail(b.token, 'abc'), SCHEDULE_MESSAGES.notFound);
    refused(await cancel(b.token, s.id), SCHEDULE_MESSAGES.notFound);
    expect(parsed(ScheduledOrder, await detail(a.token, s.id)).state).toBe(SCHEDULE_STATE.scheduled);
  });
});

describe('the sweep', () => {
  it('applies a schedule once its product opens: the open order repaid on the gateway', async () => {
    const b = await borrower();
    const first = await apply(b.token, b.cardId);
    const s = await made(b.token, b.cardId, rupeeRise.id, 5000);
    expect((await list(b.token))[0]!.state).toBe(SCHEDULE_STATE.scheduled); // still full

    await disburseAndRepay(b.token, first.orderId);
    const [applied] = await list(b.token);
    expect(applied).toMatchObject({ id: s.id, state: SCHEDULE_STATE.applied });
    expect(applied!.orderNo).toMatch(/^BW\d{14}$/);
    const made2 = (await orders(b.token)).find((o) => o.orderNo === applied!.orderNo)!;
    expect(made2).toMatchObject({ orderState: 1, loanAmount: 5000, productId: String(rupeeRise.id) });
    // A normal application: the account chosen, the borrower still confirms Get money.
    const row = (await h.db.query<{ card_id: number; auto_get_money: number }>('SELECT card_id, auto_get_money FROM orders WHERE order_no = $1', [applied!.orderNo])).rows[0]!;
    expect(row).toEqual({ card_id: Number(b.cardId), auto_get_money: 0 });
    expect(parsed(Precheck, await api(h.app, 'GET', `/order/v1/precheck?productId=${rupeeRise.id}`, { token: b.token })).orderStatus).toBe(2);
    // Read again: nothing more happens.
    expect(await list(b.token)).toEqual([applied]);
    expect(parsed(ScheduledOrder, await detail(b.token, s.id))).toEqual(applied);
    expect((await orders(b.token)).filter((o) => o.productId === String(rupeeRise.id))).toHaveLength(2);
    refused(await cancel(b.token, s.id), SCHEDULE_MESSAGES.alreadyApplied(applied!.orderNo));
  });

  it('runs on home and Loan History too; isFull stays about open orders', async () => {
    const b = await borrower();
    const first = await apply(b.token, b.cardId);
    await made(b.token, b.cardId);
    await disburseAndRepay(b.token, first.orderId);
    const home = parsed(HomeResponse, await api(h.app, 'GET', '/home/v1/index', { token: b.token }));
    expect(home.undwayList.map((o) => [o.orderState, o.amount])).toEqual([[1, 5000]]);
    expect(home.homeProductVos.find((p) => p.id === String(rupeeRise.id))!.isFull).toBe(1);
    expect((await list(b.token))[0]!.state).toBe(SCHEDULE_STATE.applied);

    const c = await borrower();
    const other = await apply(c.token, c.cardId);
    await made(c.token, c.cardId);
    await disburseAndRepay(c.token, other.orderId);
    // /order/v1/detail does not sweep (it reads one order); the list does.
    const after = await orders(c.token);
    expect(after.map((o) => [o.orderState, o.loanAmount])).toEqual([[1, 5000], [7, Math.max(...rupeeRise.amountList)]]);
  });

  it('waits while verification is not complete, or the account is gone', async () => {
    // Not verified: scheduling is accepted, the schedule waits until the journey is done.
    const b = await borrower(false);
    const s = await made(b.token, b.cardId);
    expect((await list(b.token))[0]!.state).toBe(SCHEDULE_STATE.scheduled);
    expect(await orders(b.token)).toEqual([]);
    await setFlags(b.phone, ALL_DONE);
    const [applied] = await list(b.token);
    expect(applied).toMatchObject({ id: s.id, state: SCHEDULE_STATE.applied });
    expect((await orders(b.token)).map((o) => o.orderNo)).toEqual([applied!.orderNo]);

    // The account gone (no call removes one; QA may): it waits, shown without an account, and may be canceled.
    const c = await borrower();
    const t = await made(c.token, c.cardId);
    await h.db.query('DELETE FROM bank_cards WHERE id = $1', [c.cardId]);
    expect(await list(c.token)).toEqual([{ ...t, cardId: null, bankNo: '' }]);
    expect(await orders(c.token)).toEqual([]);
    const canceled = parsed(ScheduledOrder, await cancel(c.token, t.id));
    expect(canceled.state).toBe(SCHEDULE_STATE.canceled);
  });

  it('applies a schedule once when two readers sweep at once', async () => {
    const b = await borrower();
    const first = await apply(b.token, b.cardId);
    await made(b.token, b.cardId);
    await disburseAndRepay(b.token, first.orderId);
    const reads = await Promise.all([list(b.token), list(b.token), orders(b.token), api(h.app, 'GET', '/home/v1/index', { token: b.token })]);
    expect(reads[0][0]!.state).toBe(SCHEDULE_STATE.applied);
    expect(reads[1][0]!.orderNo).toBe(reads[0][0]!.orderNo);
    expect((await orders(b.token)).filter((o) => o.orderState === 1)).toHaveLength(1);
  });
});

describe('POST /order/v1/cancel-auto-apply', () => {
  it('cancels a waiting schedule (3), replays a repeat with the same key and refuses one without', async () => {
    const b = await borrower();
    await apply(b.token, b.cardId);
    const s = await made(b.token, b.cardId);
    const k = key();
    const first = await cancel(b.token, s.id, k);
    expect(parsed(ScheduledOrder, first)).toEqual({ ...s, state: SCHEDULE_STATE.canceled });
    const res = await h.app.request('/api1/order/v1/cancel-auto-apply', {
      method: 'POST',
      headers: { token: b.token, 'content-type': 'application/json', 'Idempotency-Key': k },
      body: JSON.stringify({ id: s.id, orderNo: '' }),
    });
    expect(res.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await res.json()).toEqual(first);
    refused(await cancel(b.token, s.id), SCHEDULE_MESSAGES.alreadyCanceled);
    refused(await cancel(b.token, 'abc'), SCHEDULE_MESSAGES.notFound);
    expect((await api(h.app, 'POST', '/order/v1/cancel-auto-apply', { token: b.token, json: { orderNo: '' } })).msg).toMatch(/id/);
    expect((await list(b.token))[0]!.state).toBe(SCHEDULE_STATE.canceled);
  });

  it('a canceled schedule is never applied when its product opens', async () => {
    const b = await borrower();
    const first = await apply(b.token, b.cardId);
    const s = await made(b.token, b.cardId);
    await cancel(b.token, s.id);
    await disburseAndRepay(b.token, first.orderId);
    expect((await list(b.token))[0]!.state).toBe(SCHEDULE_STATE.canceled);
    expect((await orders(b.token)).map((o) => o.orderState)).toEqual([7]);
  });
});

describe('QA console', () => {
  it('lists a borrower\'s schedules with what they wait for; Apply now if open and Cancel', async () => {
    const b = await borrower();
    const first = await apply(b.token, b.cardId);
    const s = await made(b.token, b.cardId);
    const shown = await h.app.request(`/sandbox/api/schedules?phone=${b.phone}`);
    expect(await shown.json()).toMatchObject({ phone: b.phone, schedules: [{ id: Number(s.id), state: 0, stateName: 'Scheduled', waitingFor: LOAN_MESSAGES.openOrder }] });
    const blocked = await control(`/sandbox/api/schedules/${s.id}/apply`);
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { error: string }).error).toContain(LOAN_MESSAGES.openOrder);

    // The open order settles; Apply now applies it without a borrower's read.
    await h.db.query('UPDATE orders SET state = 7 WHERE id = $1', [first.orderId]);
    const page = await h.app.request(`/sandbox?phone=${b.phone}`);
    const html = await page.text();
    expect(html).toContain('QA console: scheduled applications');
    expect(html).toContain('Apply now if open');
    expect(html).toContain('its product is open');
    const now = await control(`/sandbox/api/schedules/${s.id}/apply`);
    expect(now.status).toBe(200);
    const applied = (await now.json()) as { state: number; orderNo: string };
    expect(applied).toMatchObject({ state: 2, stateName: 'Applied' });
    expect((await list(b.token))[0]!.orderNo).toBe(applied.orderNo);
    expect((await control(`/sandbox/api/schedules/${s.id}/apply`)).status).toBe(409);
    expect((await control(`/sandbox/api/schedules/${s.id}/cancel`)).status).toBe(409);
    expect((await control('/sandbox/api/schedules/999999/cancel')).status).toBe(404);
    expect((await control(`/sandbox/api/schedules/${s.id}/nope`)).status).toBe(404);

    // Cancel as a form post (the console's button): back to the console's schedules, with what happened.
    const t = await made(b.token, b.cardId, quickCash.id, quickCash.amountList[0]);
    const form = await h.app.request(`/sandbox/api/schedules/${t.id}/cancel`, { method: 'POST', body: new URLSearchParams({ phone: b.phone.slice(2) }) });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toMatch(/^\/sandbox\?phone=91\d{10}&snote=Schedule\+\d+\+canceled#schedules$/);
    expect((await list(b.token)).find((x) => x.id === t.id)!.state).toBe(SCHEDULE_STATE.canceled);
    expect((await h.app.request('/sandbox/api/schedules?phone=123')).status).toBe(400);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on a real PostgreSQL server (requests truly concurrent)', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_schedules');
  let pgh: Harness;
  beforeAll(async () => {
    pgh = await startHarness({ databaseUrl: database.url() });
  });
  afterAll(async () => {
    await pgh?.close();
  });

  it('six reads at once apply a schedule once; two creates at once make one schedule', async () => {
    const saved = h;
    h = pgh;
    try {
      const b = await borrower();
      const first = await apply(b.token, b.cardId);
      const body = JSON.stringify({ productId: rupeeRise.id, expectBorrowAmount: 5000, cardId: b.cardId });
      const creates = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const res = await h.app.request('/api1/order/v1/order-auto-apply', { method: 'POST', headers: { token: b.token, 'content-type': 'application/json' }, body });
          return (await res.json()) as Envelope;
        }),
      );
      expect(creates.filter((x) => x.code === 0)).toHaveLength(1);
      for (const x of creates.filter((y) => y.code !== 0)) expect(x.msg).toBe(SCHEDULE_MESSAGES.alreadyScheduled);

      await h.db.query('UPDATE orders SET state = 7 WHERE id = $1', [first.orderId]);
      const paths = ['/order/v1/get-auto-apply-list', '/order/v1/list', '/home/v1/index', '/order/v1/get-auto-apply-list', '/order/v1/list', '/home/v1/index'];
      const reads = await Promise.all(paths.map((path) => h.app.request(`/api1${path}`, { headers: { token: b.token } })));
      expect(reads.map((r) => r.status)).toEqual(paths.map(() => 200));
      const [s] = await list(b.token);
      expect(s!.state).toBe(SCHEDULE_STATE.applied);
      const open = await h.db.query('SELECT 1 FROM orders WHERE user_id = $1 AND state = 1', [await userId(b.phone)]);
      expect(open.rowCount).toBe(1);
    } finally {
      h = saved;
    }
  });
});
