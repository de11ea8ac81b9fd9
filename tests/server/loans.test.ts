/**
 * Applying for a loan (docs/sandbox/loans-and-orders.md 'Loans'): precheck, calculate and apply on the fake clock —
 * the denial countdown, pricing consistent with what apply books, every refusal, one order per
 * idempotent replay and per concurrent double apply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createFakeClock } from '../../server/src/clock';
import { ClientConfig } from '../../contract/content';
import { ApplyResult, CalculationResult, Precheck } from '../../contract/loans';
import { OrderList } from '../../contract/orders';
import { OPEN_STATES, REAPPLY_WAIT_MS } from '../../server/src/domain/orders';
import { priceLoan } from '../../server/src/domain/pricing';
import { IDEMPOTENCY_MESSAGES } from '../../server/src/idempotency';
import { LOAN_MESSAGES } from '../../server/src/routes/loans';
import { PRODUCTS } from '../../server/src/seed';
import { DAY, HOUR, MINUTE } from '../../server/src/time';
import { api, freshPhone, parsed, signIn, startHarness, throwAwayPostgres, type Envelope, type Harness, refused, userIdOf } from './helpers';

let h: Harness;
/** When the suite's database was seeded (the fake clock's start): the personas' times count from it. */
let seededAt: Date;
beforeAll(async () => {
  h = await startHarness();
  seededAt = h.clock.now();
});
afterAll(async () => {
  await h.close();
});

const rupeeRise = PRODUCTS[0]!;
const quickCash = PRODUCTS[1]!;
const largest = Math.max(...rupeeRise.amountList);

const precheck = async (token: string, productId: number | string) =>
  parsed(Precheck, await api(h.app, 'GET', `/order/v1/precheck?productId=${productId}`, { token }));
const calculate = (token: string, amount: number | string, period: number | string, productId: number | string) =>
  api(h.app, 'GET', `/order/v1/calculate?amount=${amount}&period=${period}&productId=${productId}`, { token });
const apply = (token: string, payload: Record<string, unknown>, key?: string) =>
  api(h.app, 'POST', '/order/v1/apply', { token, json: payload, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });

const userId = (phone: string) => userIdOf(h, phone);

async function addCard(phone: string, cardNo = `5000${Math.floor(Math.random() * 1e10)}`): Promise<string> {
  const r = await h.db.query<{ id: number }>(
    'INSERT INTO bank_cards (user_id, card_no, bank_code, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [await userId(phone), cardNo, 'SBIN0001234', h.clock.now().toISOString()],
  );
  return String(r.rows[0]!.id);
}

async function setFlags(phone: string, flags: Record<string, 0 | 1>, extra: Record<string, unknown> = {}) {
  const res = await h.app.request('/sandbox/api/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, flags, ...extra }),
  });
  expect(res.status).toBe(200);
}
const ALL_DONE = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 } as const;

/** A new, fully verified borrower with one bank account. */
async function borrower(): Promise<{ phone: string; token: string; cardId: string }> {
  const phone = freshPhone();
  const { token } = await signIn(h, phone);
  await setFlags(phone, ALL_DONE);
  return { phone, token, cardId: await addCard(phone) };
}

const payload = (cardId: string, over: Record<string, unknown> = {}) => ({
  cardId,
  borrowAmount: largest,
  periods: rupeeRise.period,
  productId: rupeeRise.id,
  checkEmail: null,
  autoGetMoney: 1,
  autoMoney: null,
  ...over,
});

interface OrderRow {
  order_no: string;
  state: number;
  product_id: number;
  loan_amount: number;
  period: number;
  service_fee: number;
  gst_fee: number;
  interest: number;
  arrive_amount: number;
  repayment_amount: number;
  apply_time: Date;
  repayment_date: Date;
  card_id: number;
  auto_get_money: number;
}
async function ordersOf(phone: string): Promise<OrderRow[]> {
  const r = await h.db.query<OrderRow>(
    `SELECT order_no, state, product_id, loan_amount, period, service_fee, gst_fee, interest, arrive_amount, repayment_amount,
            apply_time, repayment_date, card_id, auto_get_money
       FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = $1 ORDER BY o.id`,
    [phone],
  );
  return r.rows;
}

describe('precheck and the denied persona (Deepa, 9000000007)', () => {
  const deepa = '919000000007';
  let token: string;
  const waitEnds = () => new Date(seededAt.getTime() - (3 * DAY + 5 * HOUR) + REAPPLY_WAIT_MS);

  beforeAll(async () => {
    ({ token } = await signIn(h, deepa));
  });

  it('shows Deepa 11 days 19 hours left of the 15-day wait, on every product', async () => {
    expect(await precheck(token, 1)).toEqual({ orderStatus: 0, rejectStatusVO: { day: 11, hour: 19 } });
    expect(await precheck(token, 3)).toEqual({ orderStatus: 0, rejectStatusVO: { day: 11, hour: 19 } });
  });

  it('counts down on the sandbox clock, rounded up to the hour, and passes once the wait is over', async () => {
    h.clock.set(new Date(waitEnds().getTime() - 10 * DAY - 30 * MINUTE));
    expect((await precheck(token, 1)).rejectStatusVO).toEqual({ day: 10, hour: 1 });
    h.clock.set(new Date(waitEnds().getTime() - 1 * MINUTE));
    expect(await precheck(token, 1)).toEqual({ orderStatus: 0, rejectStatusVO: { day: 0, hour: 1 } });
    h.clock.set(waitEnds());
    expect(await precheck(token, 1)).toEqual({ orderStatus: 1, rejectStatusVO: null });
  });

  it('while waiting, apply is refused with the time left; after it, Deepa may apply', async () => {
    const cardId = await addCard(deepa);
    h.clock.set(new Date(waitEnds().getTime() - 2 * DAY - 3 * HOUR));
    refused(await apply(token, payload(cardId)), LOAN_MESSAGES.denied({ day: 2, hour: 3 }));
    expect(LOAN_MESSAGES.denied({ day: 2, hour: 3 })).toBe('We could not approve your last application. You can re-apply in 2 days 3 hours.');
    h.clock.set(new Date(waitEnds().getTime() + MINUTE));
    expect(parsed(ApplyResult, await apply(token, payload(cardId))).orderNo).toMatch(/^BW\d{8}\d{6}$/);
    // Now it has an open order there: 2 comes before anything else.
    expect(await precheck(token, 1)).toEqual({ orderStatus: 2, rejectStatusVO: null });
    expect(await precheck(token, 3)).toEqual({ orderStatus: 1, rejectStatusVO: null });
  });

  it('a new borrower may apply (1); Kiran, with an order in review on Rupee Rise, gets 2 there and 1 elsewhere', async () => {
    const { token: newcomer } = await signIn(h, freshPhone());
    expect(await precheck(newcomer, 1)).toEqual({ orderStatus: 1, rejectStatusVO: null });
    const { token: kiran } = await signIn(h, '919000000004');
    expect(await precheck(kiran, 1)).toEqual({ orderStatus: 2, rejectStatusVO: null });
    expect(await precheck(kiran, 2)).toEqual({ orderStatus: 1, rejectStatusVO: null });
  });

  it('Meera: 2 on every product (open orders in states 1, 2, 6, 8)', async () => {
    const { token: meera } = await signIn(h, '919000000003');
    for (const p of PRODUCTS) expect(await precheck(meera, p.id)).toEqual({ orderStatus: 2, rejectStatusVO: null });
  });

  it('an unknown product is "Product not found"; it needs a session', async () => {
    const { token: newcomer } = await signIn(h, freshPhone());
    for (const id of ['99', 'abc', '0', '-1']) refused(await api(h.app, 'GET', `/order/v1/precheck?productId=${id}`, { token: newcomer }), 'Product not found');
    refused(await api(h.app, 'GET', '/order/v1/precheck', { token: newcomer }), 'Product not found');
    expect((await api(h.app, 'GET', '/order/v1/precheck?productId=1')).code).toBe(-4);
  });
});

describe('calculate', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signIn(h, freshPhone()));
  });

  it("prices the default loan (Rupee Rise, ₹20,000, 91 days) from the product's rates", async () => {
    const r = parsed(CalculationResult, await calculate(token, 20000, 91, 1));
    // processing fee 8% = 1,600; GST 18% of it = 288; interest 0.09%/day × 91 days = 1,638
    expect(r).toEqual({
      repaymentAmount: 21638,
      serviceFee: 1600,
      gstFee: 288,
      interest: 1638,
      loanAmount: 20000,
      arriveAmount: 18112,
      period: 91,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('prices the period asked (the spec preview at 7 days is exactly the formula for 7 days)', async () => {
    const r = parsed(CalculationResult, await calculate(token, 20000, 7, 1));
    expect(r).toMatchObject({ interest: 126, repaymentAmount: 20126, serviceFee: 1600, gstFee: 288, arriveAmount: 18112, period: 7 });
    for (const p of PRODUCTS) {
      for (const amount of p.amountList) {
        const got = parsed(CalculationResult, await calculate(token, amount, p.period, p.id));
        const want = priceLoan({ rate: p.rate, serviceRate: p.serviceRate }, amount, p.period, h.clock.now());
        expect(got).toEqual({
          repaymentAmount: want.repaymentAmount,
          serviceFee: want.serviceFee,
          gstFee: want.gstFee,
          interest: want.interest,
          loanAmount: amount,
          arriveAmount: want.arriveAmount,
          period: p.period,
          dueDate: want.dueDate,
        });
        expect(got.arriveAmount).toBe(amount - got.serviceFee - got.gstFee);
        expect(got.repaymentAmount).toBe(amount + got.interest);
      }
    }
  });

  it('the due date is the IST calendar day `period` days on', async () => {
    // 23:30 IST (18:00 UTC) tomorrow: the IST date is the one that counts.
    const tomorrow = new Date(h.clock.now().getTime() + DAY);
    const lateEvening = new Date(`${tomorrow.toISOString().slice(0, 10)}T18:00:00.000Z`);
    h.clock.set(lateEvening);
    const r = parsed(CalculationResult, await calculate(token, 1000, 7, 2));
    const istToday = new Date(lateEvening.getTime() + 5.5 * HOUR).toISOString().slice(0, 10);
    const expected = new Date(Date.parse(`${istToday}T00:00:00Z`) + 7 * DAY).toISOString().slice(0, 10);
    expect(r.dueDate).toBe(expected);
  });

  it('refuses an amount the product does not offer, a period that is not whole days from 1 to 360, an unknown product', async () => {
    refused(await calculate(token, 20001, 91, 1), "Please choose one of this product's amounts: ₹3,000, ₹5,000, ₹8,000, ₹10,000, ₹15,000 or ₹20,000.");
    refused(await calculate(token, 20000, 91, 2), LOAN_MESSAGES.amountNotOffered(quickCash.amountList));
    for (const period of [0, -7, 7.5, 361]) refused(await calculate(token, 20000, period, 1), LOAN_MESSAGES.periodInvalid);
    refused(await calculate(token, 20000, 91, 99), 'Product not found');
    refused(await calculate(token, 'abc', 91, 1), 'amount: Expected a number');
    refused(await api(h.app, 'GET', '/order/v1/calculate?amount=20000&period=91', { token }), 'productId is required');
    expect((await calculate('', 20000, 91, 1)).code).toBe(-4);
  });
});

describe('apply', () => {
  it('books an order in review with exactly the amounts calculate promised, the chosen account and auto-get-money', async () => {
    const b = await borrower();
    const promised = parsed(CalculationResult, await calculate(b.token, largest, rupeeRise.period, rupeeRise.id));
    const res = await apply(b.token, payload(b.cardId, { autoGetMoney: 0 }));
    const booked = parsed(ApplyResult, res);
    const [order] = await ordersOf(b.phone);
    expect(order).toMatchObject({
      order_no: booked.orderNo,
      state: 1,
      product_id: 1,
      loan_amount: largest,
      period: rupeeRise.period,
      service_fee: promised.serviceFee,
      gst_fee: promised.gstFee,
      interest: promised.interest,
      arrive_amount: promised.arriveAmount,
      repayment_amount: promised.repaymentAmount,
      card_id: Number(b.cardId),
      auto_get_money: 0,
    });
    expect(order!.apply_time.toISOString()).toBe(h.clock.now().toISOString());
    expect(order!.repayment_date.getTime() - order!.apply_time.getTime()).toBe(rupeeRise.period * DAY);
    expect(new Date(order!.repayment_date.getTime() + 5.5 * HOUR).toISOString().slice(0, 10)).toBe(promised.dueDate);
    const istYmd = new Date(h.clock.now().getTime() + 5.5 * HOUR).toISOString().slice(0, 10).replaceAll('-', '');
    expect(booked.orderNo).toMatch(new RegExp(`^BW${istYmd}\\d{6}$`));

    // First in the order list, with its product; the product is now full on home and in precheck.
    const list = parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token: b.token }));
    expect(list[0]).toMatchObject({
      orderId: booked.orderId,
      orderNo: booked.orderNo,
      orderState: 1,
      loanAmount: largest,
      arriveAmount: promised.arriveAmount,
      repaymentAmount: promised.repaymentAmount,
      productId: '1',
    });
    expect(await precheck(b.token, 1)).toEqual({ orderStatus: 2, rejectStatusVO: null });

    // Another product is a separate application.
    const other = parsed(ApplyResult, await apply(b.token, payload(b.cardId, { productId: 2, borrowAmount: 5000, periods: 7 })));
    const again = parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token: b.token }));
    expect(again.map((o) => o.orderId)).toEqual([other.orderId, booked.orderId]);
    expect(Number(other.orderNo.slice(-6))).toBeGreaterThan(Number(booked.orderNo.slice(-6)));
  });

  it('refuses, with code 1 and a clear message, everything else', async () => {
    const b = await borrower();
    const stranger = await borrower();
    const cases: [Record<string, unknown>, string][] = [
      [payload(b.cardId, { productId: 99 }), 'Product not found'],
      [payload(b.cardId, { productId: 'x' }), 'Product not found'],
      [payload(b.cardId, { productId: 4, borrowAmount: 25000 }), LOAN_MESSAGES.partnerProduct],
      [payload(b.cardId, { borrowAmount: 20001 }), LOAN_MESSAGES.amountNotOffered(rupeeRise.amountList)],
      [payload(b.cardId, { borrowAmount: 1000 }), LOAN_MESSAGES.amountNotOffered(rupeeRise.amountList)],
      [payload(b.cardId, { periods: 7 }), "This product's loan period is 91 days."],
      [payload(b.cardId, { periods: 92 }), LOAN_MESSAGES.periodNotProducts(91)],
      [payload(stranger.cardId), LOAN_MESSAGES.cardNotFound],
      [payload('999999'), LOAN_MESSAGES.cardNotFound],
      [payload('abc'), LOAN_MESSAGES.cardNotFound],
      [payload(b.cardId, { autoGetMoney: 2 }), expect.stringContaining('autoGetMoney') as unknown as string],
      [{ ...payload(b.cardId), borrowAmount: undefined }, 'borrowAmount is required'],
    ];
    for (const [body, msg] of cases) {
      const env = await apply(b.token, body);
      expect({ code: env.code, msg: env.msg, data: env.data }, JSON.stringify(body)).toEqual({ code: 1, msg, data: null });
    }
    expect(await ordersOf(b.phone)).toEqual([]);
    expect((await apply('', payload(b.cardId))).code).toBe(-4);
  });

  it('refuses a borrower whose verification is not done; steps QA left out of the journey are not required', async () => {
    const b = await borrower();
    await setFlags(b.phone, { ...ALL_DONE, contact: 0 });
    refused(await apply(b.token, payload(b.cardId)), LOAN_MESSAGES.notVerified);
    const { token: asha } = await signIn(h, '919000000001');
    refused(await apply(asha, payload(await addCard('919000000001'))), LOAN_MESSAGES.notVerified);
    await setFlags(b.phone, { ...ALL_DONE, contact: 0 }, { stepOrder: ['identity', 'face', 'basic', 'work'] });
    expect((await apply(b.token, payload(b.cardId))).code).toBe(0);
  });

  it('refuses a second application on a product with an open order (Kiran), in any open state', async () => {
    const { token: kiran } = await signIn(h, '919000000004');
    const kiranCard = await addCard('919000000004');
    refused(await apply(kiran, payload(kiranCard)), LOAN_MESSAGES.openOrder);
    expect(LOAN_MESSAGES.openOrder).toBe('You already have a loan in progress on this product. See Order History.');

    const b = await borrower();
    expect((await apply(b.token, payload(b.cardId))).code).toBe(0);
    const uid = await userId(b.phone);
    for (const state of OPEN_STATES) {
      await h.db.query('UPDATE orders SET state = $1 WHERE user_id = $2', [state, uid]);
      refused(await apply(b.token, payload(b.cardId)), LOAN_MESSAGES.openOrder);
    }
    // Settled (7), failed (5): the product is free again.
    await h.db.query('UPDATE orders SET state = 7 WHERE user_id = $1', [uid]);
    expect((await apply(b.token, payload(b.cardId))).code).toBe(0);
    expect((await ordersOf(b.phone)).map((o) => o.state)).toEqual([7, 1]);
  });

  it('one order per Idempotency-Key: the repeat gets the first answer, nothing is booked twice', async () => {
    const b = await borrower();
    const key = 'apply-key-0001';
    const first = await h.app.request('/api1/order/v1/apply', {
      method: 'POST',
      headers: { token: b.token, 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(payload(b.cardId)),
    });
    const firstBody = await first.text();
    const again = await h.app.request('/api1/order/v1/apply', {
      method: 'POST',
      headers: { token: b.token, 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(payload(b.cardId)),
    });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect((await ordersOf(b.phone)).length).toBe(1);
    // The same key for another application is refused; nothing is booked.
    refused(await apply(b.token, payload(b.cardId, { productId: 2, borrowAmount: 5000, periods: 7 }), key), IDEMPOTENCY_MESSAGES.differentRequest);
    expect((await ordersOf(b.phone)).length).toBe(1);
  });

  it('two applies at once (different keys, or none): one order, the other refused with the open-order message', async () => {
    for (const keys of [['double-a-0001', 'double-b-0001'], [undefined, undefined]] as const) {
      const b = await borrower();
      const answers = await Promise.all(keys.map((k) => apply(b.token, payload(b.cardId), k)));
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
      refused(answers.find((a) => a.code === 1)!, LOAN_MESSAGES.openOrder);
      expect((await ordersOf(b.phone)).length).toBe(1);
    }
  });

  it('the database itself refuses a second open order on a product (the index behind the check)', async () => {
    const b = await borrower();
    expect((await apply(b.token, payload(b.cardId))).code).toBe(0);
    const uid = await userId(b.phone);
    const now = h.clock.now().toISOString();
    await expect(
      h.db.query(
        `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest,
           arrive_amount, repayment_amount, apply_time, created_at, updated_at)
         VALUES ('BWX', $1, 1, 11, 1, 1, 0, 0, 0, 1, 1, $2, $2, $2)`,
        [uid, now],
      ),
    ).rejects.toThrow(/orders_one_open_per_product/);
    const index = await h.db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = 'orders_one_open_per_product'");
    expect(index.rows[0]!.indexdef).toContain(`ARRAY[${OPEN_STATES.join(', ')}]`);
  });
});

describe('client config: the lender for the Key Fact Statement', () => {
  it('names the lender, its grievance officer, the penal charge and the cooling-off period', async () => {
    const config = parsed(ClientConfig, await api(h.app, 'GET', '/client/v1/config'));
    expect(config.lender).toEqual({
      name: 'Sandbox Finance Private Limited',
      rbiRegistration: 'N-14.03268',
      address: expect.stringContaining('Bengaluru'),
      website: 'https://lender.example',
    });
    expect(config.grievanceOfficer).toEqual({
      name: expect.any(String),
      phone: expect.stringMatching(/^\+91 /),
      email: expect.stringContaining('@'),
      address: expect.stringContaining('Bengaluru'),
    });
    expect(config.penalChargePerDay).toBe(0.001);
    expect(config.coolingOffDays).toBe(3);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on a real PostgreSQL server (requests truly concurrent)', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_loans');

  it('six applies at once without keys book one order; Deepa is denied; a clash on the index is the open-order message', async () => {
    const clock = createFakeClock();
    const { db } = await openPreparedDb({ databaseUrl: database.url() }, clock);
    try {
      const app = createApp({ db, clock, log: () => {} });
      const phone = freshPhone();
      const { token } = await signIn({ app, clock }, phone);
      await app.request('/sandbox/api/verification', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, flags: ALL_DONE }),
      });
      const uid = (await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0]!.id;
      const card = await db.query<{ id: number }>(
        "INSERT INTO bank_cards (user_id, card_no, bank_code, created_at) VALUES ($1, '123456789', 'SBIN0001234', $2) RETURNING id",
        [uid, clock.now().toISOString()],
      );
      const body = JSON.stringify(payload(String(card.rows[0]!.id)));
      const answers = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await app.request('/api1/order/v1/apply', { method: 'POST', headers: { token, 'content-type': 'application/json' }, body });
          return (await res.json()) as Envelope;
        }),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      for (const a of answers.filter((x) => x.code !== 0)) expect(a.msg).toBe(LOAN_MESSAGES.openOrder);
      expect((await db.query('SELECT 1 FROM orders WHERE user_id = $1', [uid])).rowCount).toBe(1);

      const deepa = await signIn({ app, clock }, '919000000007');
      expect(parsed(Precheck, await api(app, 'GET', '/order/v1/precheck?productId=1', { token: deepa.token }))).toEqual({
        orderStatus: 0,
        rejectStatusVO: { day: 11, hour: 19 },
      });
    } finally {
      await db.close();
    }
  });
});
