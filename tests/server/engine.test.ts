/**
 * The order engine (docs/sandbox/loans-and-orders.md 'Order engine') on the fake clock: every transition and when it
 * happens, Get money once, ownership, overdue days and the capped, never-compounded penal charge, the
 * order detail, advance being idempotent and restart-safe, and the QA console's forcing controls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeResponse } from '../../contract/home';
import { Order, OrderList } from '../../contract/orders';
import { Precheck } from '../../contract/loans';
import { createApp } from '../../server/src/app';
import type { Queryable } from '../../server/src/db';
import {
  advance,
  amountDue,
  AUDIT_DELAY_MS,
  DISBURSAL_DELAY_MS,
  ENGINE_COLUMNS,
  penalCharge,
  type EngineOrder,
} from '../../server/src/domain/engine';
import { LOAN_MESSAGES, ORDER_NOT_FOUND } from '../../server/src/domain/orders';
import { REPLAYED_HEADER } from '../../server/src/idempotency';
import { PRODUCTS } from '../../server/src/seed';
import { DAY, HOUR, IST_OFFSET_MS, MINUTE, startOfIstDay } from '../../server/src/time';
import { acknowledgedKfs, api, parsed, signIn, startHarness, type App, type Harness, refused } from './helpers';

let h: Harness;
let seededAt: Date;
beforeAll(async () => {
  h = await startHarness();
  seededAt = h.clock.now();
});
afterAll(async () => {
  await h.close();
});

const rupeeRise = PRODUCTS[0]!;

let seq = 0;
/** A phone of this run ending in `suffix` (the persona rules read the last two digits). */
function phoneEnding(suffix: string): string {
  seq += 1;
  return `917${String(process.pid % 1000).padStart(3, '0')}5${String(seq).padStart(3, '0')}${suffix}`;
}

const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 } as const;

/** A verified borrower with a bank account, signed in. */
async function borrower(suffix = '10'): Promise<{ phone: string; token: string; cardId: string }> {
  const phone = phoneEnding(suffix);
  const { token } = await signIn(h, phone);
  const set = await h.app.request('/sandbox/api/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, flags: ALL_DONE }),
  });
  expect(set.status).toBe(200);
  const user = await h.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  const card = await h.db.query<{ id: number }>(
    'INSERT INTO bank_cards (user_id, card_no, bank_code, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [user.rows[0]!.id, '123456789012', 'SBIN0001234', h.clock.now().toISOString()],
  );
  return { phone, token, cardId: String(card.rows[0]!.id) };
}

/** Applies for ₹20,000 on Rupee Rise; returns the order id and the apply instant. */
async function applyFor(b: { token: string; cardId: string }, autoGetMoney: 0 | 1 = 0): Promise<{ orderId: string; appliedAt: Date }> {
  const kfsNo = await acknowledgedKfs(h.app, b.token, { kind: 'application', productId: String(rupeeRise.id), amount: 20000 });
  const appliedAt = h.clock.now();
  const env = await api(h.app, 'POST', '/order/v1/apply', {
    token: b.token,
    json: { cardId: b.cardId, borrowAmount: 20000, periods: rupeeRise.period, productId: rupeeRise.id, checkEmail: null, autoGetMoney, autoMoney: null, kfsNo },
  });
  expect(env.code, env.msg).toBe(0);
  return { orderId: String((env.data as { orderId: number }).orderId), appliedAt };
}

/** Sessions expire: a long clock move needs a fresh sign-in. Signs in, then puts the clock at `time`. */
async function signInAt(b: { phone: string; token: string }, time: Date): Promise<void> {
  h.clock.set(time);
  b.token = (await signIn(h, b.phone)).token;
  h.clock.set(time);
}

const detailEnv = (token: string, orderId: string, app: App = h.app) => api(app, 'GET', `/order/v1/detail?orderId=${orderId}`, { token });
const detail = async (token: string, orderId: string, app: App = h.app) => parsed(Order, await detailEnv(token, orderId, app));
const getMoney = (token: string, orderId: string, key?: string, app: App = h.app) =>
  api(app, 'POST', '/order/v1/loan', { token, json: { orderId }, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
const home = async (token: string) => parsed(HomeResponse, await api(h.app, 'GET', '/home/v1/index', { token }));
const list = async (token: string) => parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token }));
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const istDateOf = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
const istDateTimeOf = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

interface Times {
  state: number;
  decided_at: Date | null;
  denied_at: Date | null;
  lending_at: Date | null;
  loan_date: Date | null;
  repayment_date: Date | null;
  failed_at: Date | null;
  updated_at: Date;
}
async function row(orderId: string): Promise<Times> {
  const r = await h.db.query<Times>(
    'SELECT state, decided_at, denied_at, lending_at, loan_date, repayment_date, failed_at, updated_at FROM orders WHERE id = $1',
    [Number(orderId)],
  );
  return r.rows[0]!;
}

async function qa(path: string, json?: unknown, app: App = h.app): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.request(`/sandbox/api/orders/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json === undefined ? '' : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('amountDue: overdue days, the penal charge, what is due', () => {
  const due = new Date('2026-03-10T12:00:00.000Z'); // 17:30 IST on 10 March
  const order = { repayment_amount: 21638, paid_amount: 0, state: 6, repayment_date: due, loan_amount: 20000 };

  it('is not overdue on the due date (IST), 1 day from the next IST midnight', () => {
    const lastMoment = at(startOfIstDay(due), DAY - 1);
    expect(amountDue(order, lastMoment)).toEqual({ overdueDays: 0, overdueFee: 0, due: 21638 });
    expect(amountDue(order, at(lastMoment, 1))).toEqual({ overdueDays: 1, overdueFee: 20, due: 21658 });
    expect(amountDue(order, at(startOfIstDay(due), 5 * DAY + 3 * HOUR))).toEqual({ overdueDays: 5, overdueFee: 100, due: 21738 });
  });

  it('charges 0.1% of the principal a day, never on the charge itself, capped at 20% of the principal', () => {
    // Day n is n × ₹20, however large the amount due has grown: no interest on interest.
    for (const days of [1, 2, 10, 100, 199]) expect(penalCharge(20000, days)).toBe(20 * days);
    expect(penalCharge(20000, 200)).toBe(4000);
    expect(penalCharge(20000, 2000)).toBe(4000);
    expect(amountDue(order, at(due, 400 * DAY)).overdueFee).toBe(4000);
  });

  it('deducts part payments (the charge unchanged), never goes below 0, and only loaned orders owe', () => {
    const fiveDays = at(startOfIstDay(due), 5 * DAY);
    expect(amountDue({ ...order, paid_amount: 10000 }, fiveDays)).toEqual({ overdueDays: 5, overdueFee: 100, due: 11738 });
    expect(amountDue({ ...order, paid_amount: 30000 }, fiveDays).due).toBe(0);
    expect(amountDue({ ...order, state: 8 }, fiveDays).due).toBe(21738);
    for (const state of [1, 2, 3, 4, 5, 7]) expect(amountDue({ ...order, state }, fiveDays)).toEqual({ overdueDays: 0, overdueFee: 0, due: 0 });
  });
});

describe('audit, Get money and disbursal, on the sandbox clock', () => {
  it('decides the audit 2 minutes after applying: approved (2), decided_at the due instant', async () => {
    const b = await borrower();
    const { orderId, appliedAt } = await applyFor(b);
    h.clock.set(at(appliedAt, AUDIT_DELAY_MS - 1));
    expect((await detail(b.token, orderId)).orderState).toBe(1);
    expect((await home(b.token)).undwayList.map((o) => [o.orderState, o.fullButtonName])).toEqual([[1, 'In review']]);
    h.clock.set(at(appliedAt, AUDIT_DELAY_MS + 30 * MINUTE)); // read late: the decision is still dated at the due instant
    expect((await list(b.token))[0]!.orderState).toBe(2);
    expect((await row(orderId)).decided_at).toEqual(at(appliedAt, AUDIT_DELAY_MS));
    expect((await home(b.token)).undwayList.map((o) => [o.orderState, o.fullButtonName, o.amount])).toEqual([[2, 'Get money', 20000]]);
  });

  it('Get money: refused in review, once when approved (replayed by its key, refused otherwise), then the money a minute later', async () => {
    const b = await borrower();
    const other = await borrower();
    const { orderId, appliedAt } = await applyFor(b);
    refused(await getMoney(b.token, orderId), LOAN_MESSAGES.inReview);
    h.clock.set(at(appliedAt, AUDIT_DELAY_MS));
    refused(await getMoney(other.token, orderId), ORDER_NOT_FOUND); // someone else's order
    refused(await getMoney(b.token, '999999'), ORDER_NOT_FOUND);
    expect((await detail(b.token, orderId)).orderState).toBe(2);

    const tappedAt = h.clock.now();
    const first = await getMoney(b.token, orderId, 'get-money-key-0001');
    expect(parsed(Order, first).orderState).toBe(4);
    const replay = await h.app.request('/api1/order/v1/loan', {
      method: 'POST',
      headers: { token: b.token, 'content-type': 'application/json', 'Idempotency-Key': 'get-money-key-0001' },
      body: JSON.stringify({ orderId }),
    });
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await replay.json()).toEqual(first);
    refused(await getMoney(b.token, orderId, 'get-money-key-0002'), LOAN_MESSAGES.alreadyLending);
    refused(await getMoney(b.token, orderId), LOAN_MESSAGES.alreadyLending);
    expect((await row(orderId)).lending_at).toEqual(tappedAt);
    // State 4 is not in home's valid group (spec §4), but the product stays full.
    const lendingHome = await home(b.token);
    expect(lendingHome.undwayList).toEqual([]);
    expect(lendingHome.homeProductVos.find((p) => p.id === String(rupeeRise.id))?.isFull).toBe(1);

    h.clock.set(at(tappedAt, DISBURSAL_DELAY_MS - 1));
    expect((await detail(b.token, orderId)).orderState).toBe(4);
    h.clock.set(at(tappedAt, DISBURSAL_DELAY_MS));
    const loaned = await detail(b.token, orderId);
    const loanDate = at(tappedAt, DISBURSAL_DELAY_MS);
    expect(loaned).toMatchObject({
      orderState: 6,
      loanDate: istDateTimeOf(loanDate),
      repaymentDate: istDateOf(at(loanDate, rupeeRise.period * DAY)),
      repaymentAmount: 21638,
      overdueDays: 0,
      overdueFee: 0,
    });
    refused(await getMoney(b.token, orderId), LOAN_MESSAGES.alreadyLending);
    expect((await home(b.token)).undwayList.map((o) => [o.orderState, o.fullButtonName, o.amount])).toEqual([[6, 'Repay', 21638]]);
  });

  it('auto-get-money: lending at the approval, the money a minute later', async () => {
    const b = await borrower();
    const { orderId, appliedAt } = await applyFor(b, 1);
    h.clock.set(at(appliedAt, AUDIT_DELAY_MS));
    expect((await detail(b.token, orderId)).orderState).toBe(4);
    h.clock.set(at(appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS));
    expect((await detail(b.token, orderId)).orderState).toBe(6);
    const r = await row(orderId);
    expect([r.decided_at, r.lending_at, r.loan_date]).toEqual([
      at(appliedAt, AUDIT_DELAY_MS),
      at(appliedAt, AUDIT_DELAY_MS),
      at(appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS),
    ]);
  });

  it('applies every transition due at once when first read late, each at its own instant', async () => {
    const b = await borrower();
    const { orderId, appliedAt } = await applyFor(b, 1);
    h.clock.set(at(appliedAt, 3 * HOUR));
    expect((await list(b.token))[0]!.orderState).toBe(6);
    expect((await row(orderId)).loan_date).toEqual(at(appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS));
  });

  it('persona rules: a phone ending 99 is denied (the 15-day wait starts), 97 the audit fails, 98 the disbursal fails', async () => {
    const denied = await borrower('99');
    const d = await applyFor(denied);
    const auditFails = await borrower('97');
    const a = await applyFor(auditFails);
    const disbursalFails = await borrower('98');
    const f = await applyFor(disbursalFails, 1);
    h.clock.set(at(f.appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS));

    const deniedOrder = await detail(denied.token, d.orderId);
    expect(deniedOrder).toMatchObject({ orderState: 3, repaymentDate: '' });
    expect((await row(d.orderId)).denied_at).toEqual(at(d.appliedAt, AUDIT_DELAY_MS));
    const pre = parsed(Precheck, await api(h.app, 'GET', `/order/v1/precheck?productId=${rupeeRise.id}`, { token: denied.token }));
    expect(pre.orderStatus).toBe(0);
    expect((await home(denied.token)).undwayList).toEqual([]);

    expect((await detail(auditFails.token, a.orderId)).orderState).toBe(5);
    expect((await row(a.orderId)).denied_at).toBeNull(); // no wait: may apply again at once
    const again = parsed(Precheck, await api(h.app, 'GET', `/order/v1/precheck?productId=${rupeeRise.id}`, { token: auditFails.token }));
    expect(again.orderStatus).toBe(1);

    expect((await detail(disbursalFails.token, f.orderId)).orderState).toBe(5);
    const r = await row(f.orderId);
    expect([r.lending_at, r.failed_at, r.loan_date]).toEqual([at(f.appliedAt, AUDIT_DELAY_MS), at(f.appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS), null]);
  });
});

describe('order detail', () => {
  it('answers every contract field, the account masked; another borrower’s order is not found', async () => {
    const b = await borrower();
    const other = await borrower();
    const { orderId, appliedAt } = await applyFor(b);
    const d = await detailEnv(b.token, orderId);
    expect(d.data).toEqual({
      orderId: Number(orderId),
      orderNo: expect.stringMatching(/^BW\d{14}$/) as unknown,
      productId: rupeeRise.id,
      orderState: 1,
      loanAmount: 20000,
      period: 91,
      arriveAmount: 18112,
      repaymentAmount: 21638,
      repaymentDate: istDateOf(at(appliedAt, 91 * DAY)),
      loanDate: '',
      applyTime: istDateTimeOf(appliedAt),
      overdueDays: 0,
      overdueFee: 0,
      paidAmount: 0,
      serviceFee: 1600,
      gstFee: 288,
      gtsFee: 288,
      interest: 1638,
      extensionMsg: '',
      extensionState: 0,
      isExtension: 0,
      reservation: 0,
      bankNo: 'XXXXXXXX9012',
      canChooseAmount: 0,
    });
    parsed(Order, d);
    refused(await detailEnv(other.token, orderId), ORDER_NOT_FOUND);
    refused(await detailEnv(b.token, '0'), ORDER_NOT_FOUND);
    refused(await detailEnv(b.token, 'abc'), ORDER_NOT_FOUND);
    const anonymous = await api(h.app, 'GET', `/order/v1/detail?orderId=${orderId}`);
    expect(anonymous.code).toBe(-4);
  });
});

describe('overdue', () => {
  it('turns 8 the IST day after the due date, with the days, the charge and what is due everywhere', async () => {
    const b = await borrower();
    const { orderId, appliedAt } = await applyFor(b, 1);
    const loanDate = at(appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS);
    const dueDay = startOfIstDay(at(loanDate, 91 * DAY));
    await signInAt(b, at(dueDay, DAY - 1));
    expect(await detail(b.token, orderId)).toMatchObject({ orderState: 6, overdueDays: 0, repaymentAmount: 21638 });
    h.clock.set(at(dueDay, DAY));
    expect(await detail(b.token, orderId)).toMatchObject({ orderState: 8, overdueDays: 1, overdueFee: 20, repaymentAmount: 21658 });
    h.clock.set(at(dueDay, 4 * DAY + 5 * HOUR));
    expect(await detail(b.token, orderId)).toMatchObject({ orderState: 8, overdueDays: 4, overdueFee: 80, repaymentAmount: 21718 });
    expect((await home(b.token)).undwayList.map((o) => [o.orderState, o.fullButtonName, o.amount])).toEqual([[8, 'Repay now', 21718]]);
    expect((await list(b.token))[0]).toMatchObject({ orderState: 8, repaymentAmount: 21718 });

    // A part payment (booked by the gateway) lowers what is due; the charge stays on the principal.
    await h.db.query('UPDATE orders SET paid_amount = 10000 WHERE id = $1', [Number(orderId)]);
    expect(await detail(b.token, orderId)).toMatchObject({ overdueFee: 80, paidAmount: 10000, repaymentAmount: 11718 });
    await signInAt(b, at(dueDay, 500 * DAY));
    expect(await detail(b.token, orderId)).toMatchObject({ overdueDays: 500, overdueFee: 4000, repaymentAmount: 15638 });
  });

  it('the overdue persona (Arjun, 9000000008): 5 days overdue at the first start, ₹10 a day', async () => {
    const arjun = { phone: '919000000008', token: '' };
    await signInAt(arjun, seededAt);
    const { token } = arjun;
    const [item] = (await home(token)).undwayList;
    expect(item).toMatchObject({ orderState: 8, fullButtonName: 'Repay now' });
    const d = await detail(token, String(item!.orderId));
    const repayment = 10000 + Math.round(10000 * 0.0009 * 91);
    expect(d).toMatchObject({ orderState: 8, loanAmount: 10000, overdueDays: 5, overdueFee: 50, repaymentAmount: repayment + 50 });
    expect(item!.amount).toBe(repayment + 50);
  });
});

describe('advance is idempotent and survives a restart', () => {
  it('applying what is due twice changes nothing the second time', async () => {
    const b = await borrower();
    const { orderId, appliedAt } = await applyFor(b, 1);
    const now = at(appliedAt, 10 * MINUTE);
    const read = async (db: Queryable = h.db) =>
      (await db.query<EngineOrder>(`SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1 FOR UPDATE OF o`, [Number(orderId)])).rows[0]!;
    const once = await h.db.transaction(async (tx) => advance(tx, await read(tx), now));
    expect(once.state).toBe(6);
    const before = await row(orderId);
    const twice = await h.db.transaction(async (tx) => advance(tx, await read(tx), at(now, MINUTE)));
    expect(twice).toEqual(await read());
    expect(await row(orderId)).toEqual(before); // not even updated_at
    h.clock.set(at(now, MINUTE));
    const viaApi = await detail(b.token, orderId);
    expect(await detail(b.token, orderId)).toEqual(viaApi);
    expect(await row(orderId)).toEqual(before);
  });

  it('a second app on the same database carries on where the first stopped', async () => {
    const b = await borrower();
    const { orderId, appliedAt } = await applyFor(b);
    h.clock.set(at(appliedAt, AUDIT_DELAY_MS));
    expect((await detail(b.token, orderId)).orderState).toBe(2);
    expect(parsed(Order, await getMoney(b.token, orderId, 'restart-key-000001')).orderState).toBe(4);

    const restarted = createApp({ db: h.db, clock: h.clock, log: () => {} });
    // The same Get money after the restart is still the same answer, and never a second lending.
    const replay = await getMoney(b.token, orderId, 'restart-key-000001', restarted);
    expect(parsed(Order, replay).orderState).toBe(4);
    h.clock.set(at(appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS));
    expect((await detail(b.token, orderId, restarted)).orderState).toBe(6);
    expect((await row(orderId)).loan_date).toEqual(at(appliedAt, AUDIT_DELAY_MS + DISBURSAL_DELAY_MS));
  });
});

describe('QA console', () => {
  it('forces the audit (approve, deny, fail) at once, once', async () => {
    const approve = await borrower();
    const deny = await borrower();
    const fail = await borrower();
    const auto = await borrower();
    const a = await applyFor(approve);
    const d = await applyFor(deny);
    const f = await applyFor(fail);
    const g = await applyFor(auto, 1);
    expect(await qa(`${a.orderId}/decide`, { decision: 'approve' })).toEqual({ status: 200, body: { orderId: Number(a.orderId), state: 2, stateName: '2 Pass' } });
    expect((await qa(`${d.orderId}/decide`, { decision: 'deny' })).body.state).toBe(3);
    expect((await qa(`${f.orderId}/decide`, { decision: 'fail' })).body.state).toBe(5);
    expect((await qa(`${g.orderId}/decide`, { decision: 'approve' })).body.state).toBe(4); // auto-get-money: lending at once
    expect((await row(d.orderId)).denied_at).toEqual(h.clock.now());
    const again = await qa(`${a.orderId}/decide`, { decision: 'deny' });
    expect(again.status).toBe(409);
    expect(String(again.body.error)).toContain('not in review');
    expect((await row(a.orderId)).state).toBe(2);
    expect((await qa(`${a.orderId}/decide`, { decision: 'maybe' })).status).toBe(400);
    expect((await qa('999999/decide', { decision: 'approve' })).status).toBe(404);
    expect((await qa(`${a.orderId}/nope`, {})).status).toBe(404);
  });

  it('disburses or fails the disbursal of an approved or lending order', async () => {
    const one = await borrower();
    const two = await borrower();
    const o1 = await applyFor(one);
    const o2 = await applyFor(two);
    expect((await qa(`${o1.orderId}/disburse`)).status).toBe(409); // still in review
    await qa(`${o1.orderId}/decide`, { decision: 'approve' });
    await qa(`${o2.orderId}/decide`, { decision: 'approve' });
    expect(parsed(Order, await getMoney(two.token, o2.orderId)).orderState).toBe(4);
    const now = h.clock.now();
    expect((await qa(`${o1.orderId}/disburse`)).body.state).toBe(6);
    expect((await row(o1.orderId)).loan_date).toEqual(now);
    expect((await qa(`${o2.orderId}/fail-disbursal`)).body.state).toBe(5);
    expect((await qa(`${o1.orderId}/fail-disbursal`)).status).toBe(409);
    expect((await detail(one.token, o1.orderId)).repaymentDate).toBe(istDateOf(at(now, 91 * DAY)));
  });

  it('seeded orders in review wait for QA (Kiran stays In review however long)', async () => {
    const kiran = await h.app.request('/sandbox/api/orders?phone=9000000004');
    const before = (await kiran.json()) as { orders: { orderId: number; state: number; next: { what: string } }[] };
    expect(before.orders[0]).toMatchObject({ state: 1, next: { what: 'stays in review until QA decides' } });
    await h.clock.advance(30 * DAY);
    const after = (await (await h.app.request('/sandbox/api/orders?phone=919000000004')).json()) as typeof before;
    expect(after.orders[0]!.state).toBe(1);
    expect((await h.app.request('/sandbox/api/orders?phone=12')).status).toBe(400);
    expect((await h.app.request('/sandbox/api/orders?phone=9123456780')).status).toBe(404);
  });

  it('the sandbox page lists a borrower’s orders with buttons that post forms and come back', async () => {
    const b = await borrower();
    const { orderId } = await applyFor(b);
    const page = await (await h.app.request(`/sandbox?phone=${b.phone.slice(2)}`)).text();
    expect(page).toContain('QA console: orders');
    expect(page).toContain(`action="/sandbox/api/orders/${orderId}/decide"`);
    expect(page).toContain('1 Auditing');
    expect(page).toContain('action="/sandbox/api/clock"');

    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams(fields).toString(),
    });
    const decided = await h.app.request(`/sandbox/api/orders/${orderId}/decide`, form({ decision: 'approve', phone: b.phone }));
    expect(decided.status).toBe(303);
    const location = decided.headers.get('location') ?? '';
    expect(location).toMatch(/^\/sandbox\?phone=\d{12}&note=.*#orders$/);
    expect(new URLSearchParams(location.slice(location.indexOf('?') + 1, location.indexOf('#'))).get('note')).toBe(`Order ${orderId}: decide approve → state 2 Pass`);
    const back = await (await h.app.request(location.replace('#orders', ''))).text();
    expect(back).toContain('2 Pass');
    expect(back).toContain(`action="/sandbox/api/orders/${orderId}/disburse"`);

    const clockBefore = h.clock.now().getTime();
    const moved = await h.app.request('/sandbox/api/clock', form({ advanceSeconds: '3600', phone: b.phone }));
    expect(moved.status).toBe(303);
    expect(h.clock.now().getTime() - clockBefore).toBe(HOUR);

    // A page of another site cannot post the console's forms.
    const foreign = await h.app.request(`/sandbox/api/orders/${orderId}/disburse`, {
      ...form({ phone: b.phone }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await row(orderId)).state).toBe(2);
  });
});
