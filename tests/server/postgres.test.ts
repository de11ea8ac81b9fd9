/**
 * The same server against a real PostgreSQL (the DATABASE_URL path, node-postgres). Skipped unless
 * TEST_DATABASE_URL points at a server where the user may create databases, e.g.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run --project node tests/server/postgres.test.ts
 * Each run creates a throw-away database and drops it afterwards.
 */
import { describe, expect, it } from 'vitest';
import { HomeResponse } from '../../contract/home';
import { OrderList } from '../../contract/orders';
import { createApp } from '../../server/src/app';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createFakeClock } from '../../server/src/clock';
import { openDb } from '../../server/src/db';
import { api, apiForm, freshPhone, latestCode, parsed, sendCode, signIn, wrongCode, throwAwayPostgres } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on a real PostgreSQL server (DATABASE_URL)', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_test');

  it('migrates, seeds, signs in with the OTP rules, serves the personas, and survives a restart', async () => {
    const clock = createFakeClock();
    const first = await openPreparedDb({ databaseUrl: database.url() }, clock);
    expect(first.db.kind).toBe('pg');
    expect(first.applied.length).toBeGreaterThanOrEqual(3);
    const app = createApp({ db: first.db, clock, log: () => {} });

    const phone = freshPhone();
    await sendCode(app, phone);
    expect((await sendCode(app, phone)).msg).toMatch(/^Please wait \d+ seconds/);
    const code = await latestCode(app, phone);
    for (let i = 0; i < 4; i++) expect((await api(app, 'POST', '/user/v1/login', { json: { phone, code: wrongCode(code) } })).msg).toBe('Incorrect code. Please try again.');
    const ok = await api(app, 'POST', '/user/v1/login', { json: { phone, code } });
    expect(ok.code).toBe(0);
    const token = (ok.data as { token: string }).token;

    const meera = await signIn({ app, clock }, '919000000003');
    const home = parsed(HomeResponse, await api(app, 'GET', '/home/v1/index', { token: meera.token }));
    expect(home.undwayList.map((i) => i.orderState).sort()).toEqual([1, 2, 6, 8]);
    expect(parsed(OrderList, await api(app, 'GET', '/order/v1/list', { token: meera.token }))).toHaveLength(5);
    // Hindi feedback of 300 characters (900 bytes): the database counts code points, as the app does.
    expect((await apiForm(app, '/opinion-record/v1/save', { content: 'की'.repeat(150) }, { token })).code).toBe(0);
    await first.db.close();

    const second = await openPreparedDb({ databaseUrl: database.url() }, clock);
    expect(second.applied).toEqual([]);
    const app2 = createApp({ db: second.db, clock, log: () => {} });
    expect((await api(app2, 'GET', '/home/v1/index', { token })).code).toBe(0);
    const orders = await second.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(orders.rows[0]?.n).toBe(8); // the seeded ones once: Meera 5, Kiran 1, Deepa 1, Arjun 1
    await second.db.close();
  });
});

describe.skipIf(!adminUrl)('a real PostgreSQL database that is not UTF8', () => {
  const ascii = throwAwayPostgres(adminUrl, 'sandbox_ascii', 'SQL_ASCII');

  it('is refused at start, saying why: it would count bytes, not the characters borrowers write', async () => {
    await expect(openDb({ databaseUrl: ascii.url() })).rejects.toThrow(/is SQL_ASCII; the sandbox needs UTF8/);
  });
});
