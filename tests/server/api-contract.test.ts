/**
 * Every answer of this slice parses with the client's own schemas (contract/), and the
 * seeded personas show what the README promises.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ignored } from '../../contract/common';
import { AboutUs, ClientConfig, HelpList } from '../../contract/content';
import { HomeResponse, type HomeResponse as Home } from '../../contract/home';
import { OrderList } from '../../contract/orders';
import { ProductInfo } from '../../contract/products';
import { api, freshPhone, parsed, signIn, startHarness, type Harness } from './helpers';

let h: Harness;
let newcomer: string;
const persona: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  newcomer = (await signIn(h, freshPhone())).token;
  for (const [name, phone10] of [
    ['asha', '9000000001'],
    ['ravi', '9000000002'],
    ['meera', '9000000003'],
    ['kiran', '9000000004'],
  ] as const) {
    const session = await signIn(h, `91${phone10}`);
    expect(session.isRegister, `${name} is seeded, not new`).toBe(0);
    persona[name] = session.token;
  }
});
afterAll(async () => {
  await h.close();
});

const home = async (token: string): Promise<Home> => parsed(HomeResponse, await api(h.app, 'GET', '/home/v1/index', { token }));

describe('home', () => {
  it('gives a new borrower the single-product layout, every product open and nothing in progress', async () => {
    const data = await home(newcomer);
    expect(data.userStatus).toBe(1);
    expect(data.undwayList).toEqual([]);
    expect(data.homeProductVos.length).toBeGreaterThanOrEqual(3);
    expect(data.homeProductVos.length).toBeLessThanOrEqual(4);
    expect(data.homeProductVos.map((p) => p.isFull)).toEqual(data.homeProductVos.map(() => 0));
  });

  it('lists realistic products: one external partner product with a link, logos served by the sandbox', async () => {
    const { homeProductVos: products } = await home(newcomer);
    const partner = products.filter((p) => p.productType === 0);
    expect(partner).toHaveLength(1);
    expect(partner[0]?.h5Href).toBe('https://example.com/partner-loan');
    for (const p of products) {
      expect(p.maxAmount).toBeGreaterThanOrEqual(5000);
      expect(p.maxAmount).toBeLessThanOrEqual(40000);
      expect([7, 91]).toContain(p.period);
      expect(p.rate).toBeGreaterThan(0);
      expect(p.rate).toBeLessThan(0.01);
      expect(p.logo).toMatch(/^\/sandbox\/logos\/[a-z-]+\.svg$/);
      const logo = await h.app.request(p.logo);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toContain('image/svg+xml');
      expect(await logo.text()).toContain('<circle');
    }
    expect(products.filter((p) => p.productType !== 0).every((p) => p.h5Href === '')).toBe(true);
  });

  it('Asha (9000000001): single-product layout, no orders', async () => {
    const data = await home(persona.asha!);
    expect(data.userStatus).toBe(1);
    expect(data.undwayList).toEqual([]);
    expect(data.homeProductVos.every((p) => p.isFull === 0)).toBe(true);
  });

  it('Ravi (9000000002): multi-product layout, no orders', async () => {
    const data = await home(persona.ravi!);
    expect(data.userStatus).toBe(2);
    expect(data.undwayList).toEqual([]);
  });

  it('Meera (9000000003): multi-product layout, in-progress orders 1, 2, 6, 8 on different products, those products full', async () => {
    const data = await home(persona.meera!);
    expect(data.userStatus).toBe(2);
    const items = data.undwayList;
    expect(items.map((i) => i.orderState).sort((a, b) => a - b)).toEqual([1, 2, 6, 8]);
    expect(Object.fromEntries(items.map((i) => [i.orderState, i.fullButtonName]))).toEqual({
      1: 'In review',
      2: 'Get money',
      6: 'Repay',
      8: 'Repay now',
    });
    const names = new Set(items.map((i) => i.name));
    expect(names.size).toBe(4);
    for (const item of items) {
      expect(item.logo).toMatch(/^\/sandbox\/logos\//);
      expect(item.amount).toBeGreaterThan(0);
      const product = data.homeProductVos.find((p) => p.name === item.name);
      expect(product?.isFull, item.name).toBe(1);
    }
    expect(data.homeProductVos.filter((p) => p.isFull === 1).length).toBeGreaterThanOrEqual(3);
  });

  it('Kiran (9000000004): single-product layout, an order in review on the first product', async () => {
    const data = await home(persona.kiran!);
    expect(data.userStatus).toBe(1);
    expect(data.undwayList.map((i) => [i.orderState, i.fullButtonName])).toEqual([[1, 'In review']]);
    const first = data.homeProductVos[0]!;
    expect(first.isFull).toBe(1);
    expect(data.undwayList[0]?.name).toBe(first.name);
    expect(data.homeProductVos.slice(1).every((p) => p.isFull === 0)).toBe(true);
  });
});

describe('orders', () => {
  it('a new borrower has none', async () => {
    expect(parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token: newcomer }))).toEqual([]);
  });

  it("lists Meera's five orders newest first, with amounts that add up and order numbers BW + date + sequence", async () => {
    const orders = parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token: persona.meera }));
    expect(orders.map((o) => o.orderState)).toEqual([1, 2, 8, 6, 7]);
    for (const o of orders) {
      expect(o.orderNo).toMatch(/^BW\d{8}\d{6}$/);
      expect(o.arriveAmount).toBeLessThan(o.loanAmount);
      expect(o.repaymentAmount).toBeGreaterThan(o.loanAmount);
      expect(o.productId).toMatch(/^\d+$/);
    }
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(5);
  });

  it('shows each borrower only their own orders', async () => {
    const kiran = parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token: persona.kiran }));
    const meera = parsed(OrderList, await api(h.app, 'GET', '/order/v1/list', { token: persona.meera }));
    expect(kiran).toHaveLength(1);
    expect(meera.map((o) => o.orderId)).not.toContain(kiran[0]?.orderId);
  });

  it('needs a session', async () => {
    expect((await api(h.app, 'GET', '/order/v1/list')).code).toBe(-4);
  });
});

describe('product info', () => {
  it('parses for every product: ascending amounts, a daily rate, eligibility then requirement lines', async () => {
    const { homeProductVos } = await home(newcomer);
    for (const p of homeProductVos) {
      const info = parsed(ProductInfo, await api(h.app, 'GET', `/product/v1/product-info?id=${p.id}`, { token: newcomer }));
      const raw = (await api(h.app, 'GET', `/product/v1/product-info?id=${p.id}`, { token: newcomer })).data as { amountList: number[] };
      expect(raw.amountList).toEqual([...raw.amountList].sort((a, b) => a - b));
      expect(info.amountList.at(-1)).toBe(p.maxAmount);
      expect(info.period).toBe(p.period);
      expect(info.periodList).toContain(p.period);
      expect(info.interestRate).toBe(p.rate);
      expect(info.loanProcessingTime).toMatch(/^\d+ (minutes|hours?|days?)$/);
      expect(info.score).toBeGreaterThan(4);
      expect(info.serviceRate).toBeGreaterThan(0);
      expect(info.slogan).not.toBe('');
      expect(info.detail.map((d) => d.title)).toEqual(['Product Eligibility', 'Requirement']);
      expect(info.detail[0]?.content.some((line) => /aged (18|21) or above/.test(line))).toBe(true);
      expect(info.detail[1]?.content).toContain('Valid Aadhaar and PAN');
      expect(info.detail[1]?.content).toContain('An active bank account in your name');
    }
  });

  it.each(['999', 'abc', '', '-1', '1.5'])('answers "Product not found" for id=%s', async (id) => {
    expect(await api(h.app, 'GET', `/product/v1/product-info?id=${id}`, { token: newcomer })).toEqual({
      code: 1,
      msg: 'Product not found',
      data: null,
    });
  });

  it('needs a session', async () => {
    expect((await api(h.app, 'GET', '/product/v1/product-info?id=1')).code).toBe(-4);
  });
});

describe('client content (no session needed)', () => {
  it('FAQ: 6–8 items, one with a literal <b> for the text-rendering check, GST 18% explained', async () => {
    const faq = parsed(HelpList, await api(h.app, 'GET', '/client/v1/faq'));
    expect(faq.length).toBeGreaterThanOrEqual(6);
    expect(faq.length).toBeLessThanOrEqual(8);
    expect(faq.some((f) => f.content.includes('<b>'))).toBe(true);
    expect(faq.some((f) => f.content.includes('18%'))).toBe(true);
    for (const f of faq) expect(f.content.length).toBeGreaterThan(40);
  });

  it('about us', async () => {
    const about = parsed(AboutUs, await api(h.app, 'GET', '/client/v1/about-us'));
    expect(about.appName).toBe('Sandbox Loans');
    expect(about.copywriting.length).toBeGreaterThan(100);
  });

  it('config: customer-care phone and e-mail', async () => {
    const config = parsed(ClientConfig, await api(h.app, 'GET', '/client/v1/config', { token: newcomer }));
    expect(config.customer).toEqual({ phone: '+91 80 4718 2000', email: 'support@borrower.example' });
  });
});

describe('analytics (burying point)', () => {
  const event = { projectName: 'borrower-h5', pageName: 'home', behavior: 'click_apply', value: { productId: 1 }, eventTime: 1767225600000 };

  it('stores an event with the user when a token is present, returns data null', async () => {
    const res = await api(h.app, 'POST', '/burying-point/v2/burying-point', { json: { ...event, extra: 'kept' }, token: persona.ravi });
    expect(res).toEqual({ code: 0, msg: 'success', data: null });
    parsed(Ignored, res);
    const rows = await h.db.query<Record<string, unknown>>(
      `SELECT e.project_name, e.page_name, e.behavior, e.value, e.event_time, e.payload->>'extra' AS extra, u.phone
         FROM analytics_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.behavior = 'click_apply'`,
    );
    expect(rows.rows).toEqual([
      {
        project_name: 'borrower-h5',
        page_name: 'home',
        behavior: 'click_apply',
        value: { productId: 1 },
        event_time: '1767225600000',
        extra: 'kept',
        phone: '919000000002',
      },
    ]);
  });

  it('stores an anonymous event without a token, and ignores an invalid token instead of answering -4', async () => {
    for (const token of [undefined, 'a'.repeat(64)]) {
      const res = await api(h.app, 'POST', '/burying-point/v2/burying-point', {
        json: { ...event, behavior: 'view_login', eventTime: '2026-01-01 10:00:00' },
        ...(token ? { token } : {}),
      });
      expect(res.code).toBe(0);
    }
    const rows = await h.db.query("SELECT user_id FROM analytics_events WHERE behavior = 'view_login'");
    expect(rows.rows).toEqual([{ user_id: null }, { user_id: null }]);
  });

  it('names the missing field of a malformed event', async () => {
    const res = await api(h.app, 'POST', '/burying-point/v2/burying-point', { json: { projectName: 'x', pageName: 'y', eventTime: 1 } });
    expect(res).toEqual({ code: 1, msg: 'behavior is required', data: null });
  });

  it('refuses an oversized body', async () => {
    const res = await api(h.app, 'POST', '/burying-point/v2/burying-point', {
      json: { ...event, value: 'x'.repeat(40 * 1024) },
      status: 413,
    });
    expect(res.code).toBe(1);
  });
});

describe('the envelope', () => {
  it('answers an unknown /api1 path with HTTP 404 and code 1 "Not found"', async () => {
    for (const path of ['/nope', '/home/v1/index/extra', '/home/v2/index']) {
      expect(await api(h.app, 'GET', path, { status: 404 })).toEqual({ code: 1, msg: 'Not found', data: null });
    }
    expect(await api(h.app, 'POST', '/home/v1/index', { json: {}, status: 404 })).toEqual({ code: 1, msg: 'Not found', data: null });
  });

  it('marks API answers as not cacheable', async () => {
    const res = await h.app.request('/api1/client/v1/faq');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
