/**
 * The lender's Key Fact Statements (docs/sandbox/documents-and-kfs.md 'Key Fact Statements'; docs/borrower-rights.md)
 * on the sandbox clock: the working-day validity, numbers, acknowledgement once and only within the
 * validity, Get money and auto Get money under a valid KFS only, a schedule applied after its KFS
 * expired, and the extension's amendment before its fee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LenderKfs, OrderKfs } from '../../contract/kfs';
import { ExtensionInfo } from '../../contract/extension';
import { ApplyResult } from '../../contract/loans';
import { Order } from '../../contract/orders';
import { ScheduledOrder, ScheduledOrderList } from '../../contract/schedule';
import { isWorkingDay, kfsValidUntil } from '../../machines/shared/kfs-validity';
import { KFS_MESSAGES } from '../../server/src/domain/kfs';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { PRODUCTS } from '../../server/src/seed';
import { DAY, MINUTE } from '../../server/src/time';
import { acknowledgedKfs, api, freshPhone, parsed, refused, signIn, startHarness, userIdOf, type Harness } from './helpers';

let h: Harness;
// A product of 6 days, the sandbox seeds none below a week.
const SIX_DAYS = 90;
beforeAll(async () => {
  h = await startHarness();
  await h.db.query(
    `INSERT INTO products (id, slug, name, logo, brand_color, product_type, h5_href, amount_list, period, period_list, rate, service_rate,
       loan_processing_time, score, slogan, eligibility, requirements, sort)
     SELECT $1, 'six-days', 'Six Days', logo, brand_color, 1, '', amount_list, 6, '{6}', rate, service_rate, loan_processing_time, score,
       slogan, eligibility, requirements, $1 FROM products WHERE id = $2`,
    [SIX_DAYS, quickCash.id],
  );
});
afterAll(async () => {
  await h.close();
});

const rupeeRise = PRODUCTS[0]!; // 91 days
const quickCash = PRODUCTS[1]!; // 7 days
const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 } as const;
// Friday 27 November 2026, 11:30 IST.
const FRIDAY = new Date('2026-11-27T06:00:00.000Z');

async function borrower(): Promise<{ phone: string; token: string; cardId: string; userId: number }> {
  const phone = freshPhone();
  const { token } = await signIn(h, phone);
  await h.app.request('/sandbox/api/verification', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, flags: ALL_DONE }) });
  const userId = await userIdOf(h, phone);
  const card = await h.db.query<{ id: number }>(
    'INSERT INTO bank_cards (user_id, card_no, bank_code, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [userId, '123456789012', 'SBIN0001234', h.clock.now().toISOString()],
  );
  return { phone, token, cardId: String(card.rows[0]!.id), userId };
}

/** Sessions expire on long clock moves: sign in again at `time`. */
async function at(b: { phone: string; token: string }, time: Date) {
  h.clock.set(time);
  b.token = (await signIn(h, b.phone)).token;
  h.clock.set(time);
}

const issue = (token: string, json: unknown) => api(h.app, 'POST', '/kfs/v1/issue', { token, json });
const acknowledge = (token: string, kfsNo: string) => api(h.app, 'POST', '/kfs/v1/acknowledge', { token, json: { kfsNo } });
const applyLoan = (b: { token: string; cardId: string }, extra: Record<string, unknown> = {}) =>
  api(h.app, 'POST', '/order/v1/apply', {
    token: b.token,
    json: { cardId: b.cardId, borrowAmount: 20000, periods: rupeeRise.period, productId: rupeeRise.id, checkEmail: null, autoGetMoney: 0, autoMoney: null, ...extra },
  });
const getMoney = (token: string, orderId: string) => api(h.app, 'POST', '/order/v1/loan', { token, json: { orderId } });
const approve = (orderId: string) =>
  h.app.request(`/sandbox/api/orders/${orderId}/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'approve' }) });
const detail = async (token: string, orderId: string) => parsed(Order, await api(h.app, 'GET', `/order/v1/detail?orderId=${orderId}`, { token }));

describe('validity: working days, Monday to Friday IST, less the lender holidays', () => {
  it('gives 3 working days from 7 days of tenure, 1 below; a weekend does not count', () => {
    // Issued Friday: 3 working days are Monday, Tuesday, Wednesday; 1 is Monday.
    expect(kfsValidUntil(FRIDAY, 7).toISOString()).toBe('2026-12-02T18:29:59.000Z'); // Wed 2 Dec 23:59:59 IST
    expect(kfsValidUntil(FRIDAY, 6).toISOString()).toBe('2026-11-30T18:29:59.000Z'); // Mon 30 Nov 23:59:59 IST
    // Saturday 01:30 IST (Friday evening UTC) is already the weekend in India.
    expect(kfsValidUntil(new Date('2026-11-27T20:00:00.000Z'), 6).toISOString()).toBe('2026-11-30T18:29:59.000Z');
    expect(isWorkingDay(new Date('2026-11-28T06:00:00.000Z'))).toBe(false);
    // Republic Day (a Tuesday in 2027) is skipped.
    expect(kfsValidUntil(new Date('2027-01-25T06:00:00.000Z'), 6).toISOString()).toBe('2027-01-27T18:29:59.000Z');
  });

  it('issues a numbered KFS valid by that rule, and binds to the last minute: the first minute after, it is expired', async () => {
    const b = await borrower();
    await at(b, FRIDAY);
    const long = parsed(LenderKfs, await issue(b.token, { kind: 'application', productId: rupeeRise.id, amount: 20000 }));
    const short = parsed(LenderKfs, await issue(b.token, { kind: 'application', productId: SIX_DAYS, amount: 5000 }));
    const week = parsed(LenderKfs, await issue(b.token, { kind: 'application', productId: quickCash.id, amount: 5000 }));
    expect(week.validUntil).toBe(long.validUntil);
    expect(long.kfsNo).toMatch(/^KFS20261127\d{6}$/);
    expect(short.kfsNo).not.toBe(long.kfsNo);
    expect(long).toMatchObject({ kind: 'application', validUntil: '2026-12-02T18:29:59.000Z', acknowledgedAt: null });
    expect(short.validUntil).toBe('2026-11-30T18:29:59.000Z');
    expect(long.facts).toMatchObject({ sanctioned: 20000, tenureDays: 91, totalRepayable: 21638, netDisbursed: 18112 });

    // Monday 23:59 IST: the short one is still valid; acknowledged, twice is once.
    await at(b, new Date(new Date(short.validUntil).getTime() - 59_000));
    const first = parsed(LenderKfs, await acknowledge(b.token, short.kfsNo));
    expect(first.acknowledgedAt).not.toBeNull();
    h.clock.set(new Date(new Date(short.validUntil).getTime() + MINUTE));
    expect(parsed(LenderKfs, await acknowledge(b.token, short.kfsNo))).toEqual(first);
    // Another issued with it, first touched a minute after its last: refused, and stays unacknowledged.
    const late = parsed(LenderKfs, await issue(b.token, { kind: 'application', productId: SIX_DAYS, amount: 5000 }));
    h.clock.set(new Date(new Date(late.validUntil).getTime() + MINUTE));
    refused(await acknowledge(b.token, late.kfsNo), KFS_MESSAGES.expired);
    refused(await acknowledge(b.token, 'KFS-NOT-MINE'), KFS_MESSAGES.notFound);
  });

  it('answers bad input with the envelope, never a 5xx', async () => {
    const b = await borrower();
    expect((await issue(b.token, { kind: 'loan' })).code).toBe(1);
    refused(await issue(b.token, { kind: 'order', orderId: '999999' }), 'Order not found');
    expect((await acknowledge(b.token, '')).code).toBe(1);
  });
});

describe('Get money only under a KFS that binds now', () => {
  it('refuses Get money once the application KFS expired, and accepts it after the current one is acknowledged', async () => {
    const b = await borrower();
    await at(b, new Date(FRIDAY.getTime() + 14 * DAY));
    const kfsNo = await acknowledgedKfs(h.app, b.token, { kind: 'application', productId: String(rupeeRise.id), amount: 20000 });
    const { orderId } = parsed(ApplyResult, await applyLoan(b, { kfsNo }));
    expect((await approve(orderId)).status).toBe(200);
    // Thursday: the application's KFS ended Wednesday night.
    await at(b, new Date('2026-12-17T04:00:00.000Z'));
    expect(parsed(OrderKfs, await api(h.app, 'GET', `/kfs/v1/order?orderId=${orderId}`, { token: b.token }))).toMatchObject({ kfs: { kfsNo }, validNow: false });
    refused(await getMoney(b.token, orderId), KFS_MESSAGES.getMoney);
    expect((await detail(b.token, orderId)).orderState).toBe(ORDER_STATE.pass);

    const current = await acknowledgedKfs(h.app, b.token, { kind: 'order', orderId });
    expect(parsed(OrderKfs, await api(h.app, 'GET', `/kfs/v1/order?orderId=${orderId}`, { token: b.token }))).toMatchObject({ kfs: { kfsNo: current, kind: 'order' }, validNow: true });
    expect((await getMoney(b.token, orderId)).code).toBe(0);
    expect((await detail(b.token, orderId)).orderState).toBe(ORDER_STATE.lending);
  });

  it('refuses Get money on an order applied without a KFS, and an apply naming a KFS not acknowledged or for another loan', async () => {
    const b = await borrower();
    const other = parsed(LenderKfs, await issue(b.token, { kind: 'application', productId: rupeeRise.id, amount: 20000 }));
    refused(await applyLoan(b, { kfsNo: other.kfsNo }), KFS_MESSAGES.notAcknowledged);
    const wrongAmount = await acknowledgedKfs(h.app, b.token, { kind: 'application', productId: String(rupeeRise.id), amount: 10000 });
    refused(await applyLoan(b, { kfsNo: wrongAmount }), KFS_MESSAGES.notForThis);
    const { orderId } = parsed(ApplyResult, await applyLoan(b));
    expect((await approve(orderId)).status).toBe(200);
    refused(await getMoney(b.token, orderId), KFS_MESSAGES.getMoney);
  });

  it('auto Get money lends at the approval under a valid KFS, and without one the order waits for Get money', async () => {
    const b = await borrower();
    const kfsNo = await acknowledgedKfs(h.app, b.token, { kind: 'application', productId: String(rupeeRise.id), amount: 20000 });
    const auto = parsed(ApplyResult, await applyLoan(b, { kfsNo, autoGetMoney: 1 }));
    expect((await approve(auto.orderId)).status).toBe(200);
    expect((await detail(b.token, auto.orderId)).orderState).toBe(ORDER_STATE.lending);

    const c = await borrower();
    const bare = parsed(ApplyResult, await applyLoan(c, { autoGetMoney: 1 }));
    expect((await approve(bare.orderId)).status).toBe(200);
    h.clock.set(new Date(h.clock.now().getTime() + 10 * MINUTE));
    expect((await detail(c.token, bare.orderId)).orderState).toBe(ORDER_STATE.pass);
    // Acknowledging on the confirm page later is the borrower's own Get money, never a backdated auto one.
    await acknowledgedKfs(h.app, c.token, { kind: 'order', orderId: bare.orderId });
    expect((await detail(c.token, bare.orderId)).orderState).toBe(ORDER_STATE.pass);
    expect((await getMoney(c.token, bare.orderId)).code).toBe(0);
  });
});

describe('a scheduled application', () => {
  it('takes its KFS when scheduled; applied after it expired, its order stops before disbursal until the current one is acknowledged', async () => {
    const b = await borrower();
    await at(b, new Date(FRIDAY.getTime() + 28 * DAY));
    const open = parsed(ApplyResult, await applyLoan(b, { kfsNo: await acknowledgedKfs(h.app, b.token, { kind: 'application', productId: String(rupeeRise.id), amount: 20000 }) }));
    const kfsNo = await acknowledgedKfs(h.app, b.token, { kind: 'schedule', productId: String(rupeeRise.id), amount: 5000 });
    const s = parsed(ScheduledOrder, await api(h.app, 'POST', '/order/v1/order-auto-apply', { token: b.token, json: { productId: rupeeRise.id, expectBorrowAmount: 5000, cardId: b.cardId, kfsNo } }));
    const tied = await h.db.query<{ schedule_id: number }>('SELECT schedule_id FROM kfs_statements WHERE kfs_no = $1', [kfsNo]);
    expect(tied.rows[0]!.schedule_id).toBe(Number(s.id));

    // A week later the open order settles; the sweep applies the schedule, the order is approved.
    await at(b, new Date(FRIDAY.getTime() + 35 * DAY));
    await h.db.query('UPDATE orders SET state = 7 WHERE id = $1', [open.orderId]);
    const [applied] = parsed(ScheduledOrderList, await api(h.app, 'GET', '/order/v1/get-auto-apply-list', { token: b.token }));
    expect(applied!.state).toBe(2);
    const order = await h.db.query<{ id: number }>('SELECT id FROM orders WHERE order_no = $1', [applied!.orderNo]);
    const orderId = String(order.rows[0]!.id);
    expect((await approve(orderId)).status).toBe(200);
    refused(await getMoney(b.token, orderId), KFS_MESSAGES.getMoney);
    await acknowledgedKfs(h.app, b.token, { kind: 'order', orderId });
    expect((await getMoney(b.token, orderId)).code).toBe(0);
  });
});

describe('the extension amendment', () => {
  /** An order lent 30 days ago, overdue since yesterday: its extension fee grows with each day's penal charge. */
  async function loaned(userId: number): Promise<number> {
    const now = h.clock.now();
    const r = await h.db.query<{ id: number }>(
      `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
         repayment_amount, paid_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
       VALUES ($1, $2, 1, 8, 10000, 91, 500, 90, 1000, 9410, 11000, 0, $3, $4, $5, $3, $3) RETURNING id`,
      [await nextOrderNo(h.db, now), userId, now.toISOString(), new Date(now.getTime() - 30 * DAY).toISOString(), new Date(now.getTime() - DAY).toISOString()],
    );
    return r.rows[0]!.id;
  }
  const applyExtension = (token: string, body: unknown) =>
    api(h.app, 'POST', '/order-repay-extension/v1/apply-extension', { token, json: body, headers: { Origin: 'http://localhost' } });

  it('states the new due date and the fee with its parts; apply-extension is refused without it acknowledged, or once the fee changed', async () => {
    const b = await borrower();
    const id = await loaned(b.userId);
    const quote = parsed(ExtensionInfo, await api(h.app, 'GET', `/order-repay-extension/v1/extension-calc/${id}`, { token: b.token }));
    const body = { extensionId: quote.extensionId, orderId: String(id), orderRepayId: quote.orderRepayId };
    refused(await applyExtension(b.token, body), KFS_MESSAGES.amendment);
    expect((await detail(b.token, String(id))).orderState).toBe(ORDER_STATE.overdued);

    const amendment = parsed(LenderKfs, await issue(b.token, { kind: 'extension', orderId: String(id) }));
    expect(amendment.facts).toMatchObject({ extensionDays: 7, newDueDate: String(quote.extensionTime).slice(0, 10), extensionFee: quote.extensionFee, extensionServiceFee: quote.extensionServiceFee, extensionInterest: quote.interest });
    refused(await applyExtension(b.token, { ...body, kfsNo: amendment.kfsNo }), KFS_MESSAGES.amendment);
    await acknowledge(b.token, amendment.kfsNo);
    // A day later the penal charge has grown: the fee is no longer the one acknowledged.
    h.clock.set(new Date(h.clock.now().getTime() + DAY));
    b.token = (await signIn(h, b.phone)).token;
    refused(await applyExtension(b.token, { ...body, kfsNo: amendment.kfsNo }), KFS_MESSAGES.amendmentChanged);
    expect((await detail(b.token, String(id))).orderState).toBe(ORDER_STATE.overdued);
    const fresh = await acknowledgedKfs(h.app, b.token, { kind: 'extension', orderId: String(id) });
    expect((await applyExtension(b.token, { ...body, kfsNo: fresh })).code).toBe(0);
    expect((await detail(b.token, String(id))).orderState).toBe(ORDER_STATE.extension);
    const tied = await h.db.query<{ extension_id: number }>('SELECT extension_id FROM kfs_statements WHERE kfs_no = $1', [fresh]);
    expect(tied.rows[0]!.extension_id).toBe(Number(quote.extensionId));
  });
});
