/**
 * A sandbox process (server/src/main.ts on DATABASE_URL) outlives its database (server/README.md
 * 'Several processes and outages'): its PostgreSQL backends terminated mid-burst of applies, then the
 * PostgreSQL server stopped as if killed and started again mid-burst. The process stays up; during the
 * outage every request is answered with the envelope ('Service busy…', HTTP 503), never a bare 5xx;
 * once the database is back it serves again without a restart; every acknowledged order is there, and
 * the retries with their keys book nothing twice.
 *
 * It runs a PostgreSQL server of its own (it stops it), from the binaries .ci/run installs; where
 * they are missing it is skipped, and says so.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApplyResult } from '../../contract/loans';
import { SERVICE_BUSY } from '../../server/src/app';
import { freshPhone, parsed } from './helpers';
import { apiBorrower, createDatabase, postgresBinaries, request, sql, startOwnPostgres, startServer, type Answer, type OwnPostgres, type ServerProcess } from './processes-harness';

const bin = postgresBinaries();
const skipped = bin ? '' : ' (skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin; .ci/run installs them)';

interface Borrower {
  phone: string;
  token: string;
  cardId: string;
}

describe.skipIf(!bin)(`a sandbox process whose PostgreSQL goes away${skipped}`, () => {
  let pg: OwnPostgres;
  let dbUrl: string;
  let server: ServerProcess;
  let borrowers: Borrower[];

  beforeAll(async () => {
    pg = await startOwnPostgres(bin!);
    dbUrl = await createDatabase(pg.adminUrl, 'sandbox_outage');
    // Each borrower signs in from an address of its own (trusted X-Forwarded-For): no abuse limit in the way.
    server = await startServer({ DATABASE_URL: dbUrl, SANDBOX_TRUST_X_FORWARDED_FOR: '1' });
    borrowers = [];
    for (let i = 0; i < 24; i++) {
      const phone = freshPhone();
      borrowers.push({ phone, ...(await apiBorrower(server.url, phone, { 'X-Forwarded-For': `198.51.100.${i + 1}` })) });
    }
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    pg?.destroy();
  });
  // A failure shows what the sandbox said (its processes' log).
  beforeEach((ctx) => ctx.onTestFailed(() => console.log(`sandbox log:\n${server?.log()}`)));

  /** Rupee Rise (₹20,000) or Salary Bridge (₹40,000), both 91 days, with the borrower's key for this intent. */
  const apply = (b: Borrower, productId: 1 | 3, key: string) =>
    request(`${server.url}/api1/order/v1/apply`, {
      headers: { token: b.token, 'Idempotency-Key': key },
      json: { cardId: b.cardId, borrowAmount: productId === 1 ? 20000 : 40000, periods: 91, productId, checkEmail: null, autoGetMoney: 0, autoMoney: null },
    });

  /** Every answer is an envelope: a success, or 'Service busy' (HTTP 503); never a dropped connection or a bare 5xx. */
  function expectEnvelopes(answers: Answer[]) {
    for (const a of answers) {
      expect(a.envelope, `${a.status} ${a.text}`).not.toBeNull();
      if (a.status === 503) expect(a.envelope).toEqual({ code: 1, msg: SERVICE_BUSY, data: null });
      else expect({ status: a.status, code: a.envelope?.code }, a.text).toEqual({ status: 200, code: 0 });
    }
  }

  /** Retries each borrower's apply with its key until answered; checks the acknowledged ones kept their order, and one order each. */
  async function settle(first: Answer[], productId: 1 | 3, keyOf: (b: Borrower) => string) {
    const acknowledged = new Map<string, string>();
    first.forEach((a, i) => {
      if (a.envelope?.code === 0) acknowledged.set(borrowers[i]!.phone, String(parsed(ApplyResult, a.envelope).orderId));
    });
    const final = new Map<string, string>();
    for (const b of borrowers) {
      for (let attempt = 0; ; attempt++) {
        const a = await apply(b, productId, keyOf(b));
        expectEnvelopes([a]);
        if (a.envelope?.code === 0) {
          final.set(b.phone, String(parsed(ApplyResult, a.envelope).orderId));
          break;
        }
        if (attempt > 120) throw new Error(`${b.phone} was never answered: ${a.text}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    for (const [phone, orderId] of acknowledged) expect(final.get(phone), phone).toBe(orderId);
    const orders = await sql<{ phone: string; id: number }>(
      dbUrl,
      'SELECT u.phone, o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE o.product_id = $1 AND u.phone = ANY($2::text[])',
      [productId, borrowers.map((b) => b.phone)],
    );
    expect(orders).toHaveLength(borrowers.length);
    for (const o of orders) expect(String(o.id)).toBe(final.get(o.phone));
    return acknowledged.size;
  }

  const stillUp = (pid: number | undefined) => {
    expect(server.child.exitCode, server.log()).toBeNull();
    expect(server.child.pid).toBe(pid);
    expect(server.log()).not.toMatch(/Unhandled 'error' event|unhandledRejection|uncaughtException/);
  };

  it('its backends terminated again and again during a burst of applies: it stays up, answers each request with an envelope, and loses nothing', async () => {
    const pid = server.child.pid;
    const keyOf = (b: Borrower) => `terminated-${b.phone}`;
    const requests = borrowers.map((b) => apply(b, 1, keyOf(b)));
    // Mid-burst (the first apply is answered, the others are on their way), three times over.
    await Promise.race(requests);
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      const r = await sql<{ n: number }>(
        pg.adminUrl,
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = 'sandbox_outage' AND pid <> pg_backend_pid()",
      );
      terminated += r[0]?.n ?? 0;
      await new Promise((r2) => setTimeout(r2, 30));
    }
    const first = await Promise.all(requests);
    expectEnvelopes(first);
    expect(terminated).toBeGreaterThan(0);
    const answered = await settle(first, 1, keyOf);
    stillUp(pid);
    console.log(`backends terminated: ${terminated}; ${answered} of ${borrowers.length} applies answered during the burst, ${first.filter((a) => a.status === 503).length} 'Service busy'; all booked once`);
  }, 240_000);

  it('PostgreSQL stopped as if killed mid-burst, then started: requests in the outage get the envelope, and it serves again without a restart', async () => {
    const pid = server.child.pid;
    const keyOf = (b: Borrower) => `killed-${b.phone}`;
    const requests = borrowers.map((b) => apply(b, 3, keyOf(b)));
    await Promise.race(requests); // mid-burst
    pg.stop('immediate'); // no shutdown checkpoint, every connection dropped: what a crash does
    const home = await request(`${server.url}/api1/home/v1/index`, { headers: { token: borrowers[0]!.token } });
    expect({ status: home.status, envelope: home.envelope }).toEqual({ status: 503, envelope: { code: 1, msg: SERVICE_BUSY, data: null } });
    expect(home.headers['retry-after']).toBe('2');
    const whileDown = await apply(borrowers[0]!, 3, keyOf(borrowers[0]!));
    expect(whileDown.status).toBe(503);
    pg.start();
    const first = await Promise.all(requests);
    expectEnvelopes(first);
    const answered = await settle(first, 3, keyOf);

    // Everything serves again, the clock's listener too: a move of the clock is heard and kept.
    expect((await request(`${server.url}/api1/home/v1/index`, { headers: { token: borrowers[0]!.token } })).envelope?.code).toBe(0);
    const moved = await request(`${server.url}/sandbox/api/clock`, { json: { advanceSeconds: 60 } });
    expect(moved.status).toBe(200);
    const offset = (await sql<{ offset_ms: number }>(dbUrl, 'SELECT offset_ms::float8 AS offset_ms FROM sandbox_clock'))[0]?.offset_ms;
    expect(offset).toBe(60_000);
    stillUp(pid);
    console.log(`PostgreSQL killed and restarted: ${answered} of ${borrowers.length} applies answered during the burst, ${first.filter((a) => a.status === 503).length} 'Service busy'; all booked once`);
  }, 240_000);
});
