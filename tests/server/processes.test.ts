/**
 * The sandbox as two processes on one PostgreSQL (docs/sandbox/running.md 'Several processes'):
 * `SANDBOX_PROCESSES=2 DATABASE_URL=… server/src/main.ts`, every request on a connection of its own
 * so that both processes answer. Every rule holds across them: an abuse limit, the per-phone 60 s
 * rule, one Idempotency-Key (20 applies at once book one order), the clock, and killing one process
 * mid-burst loses nothing. Without TEST_DATABASE_URL only the settings and PGlite's refusal run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApplyResult } from '../../contract/loans';
import { SERVICE_BUSY } from '../../server/src/app';
import { createDbClock } from '../../server/src/clock';
import { openDb } from '../../server/src/db';
import { LIMIT_MESSAGES } from '../../server/src/limits';
import { PGLITE_ONE_PROCESS, PROCESS_HEADER, processesFromEnv } from '../../server/src/processes';
import { freshPhone, parsed, throwAwayPostgres } from './helpers';
import { apiBorrower, request, runServerToExit, sql, startServer, type Answer, type ServerProcess } from './processes-harness';

describe('SANDBOX_PROCESSES', () => {
  it('is 1 unless set; a whole number from 1 to 64; above 1 only with DATABASE_URL', () => {
    expect(processesFromEnv({})).toBe(1);
    expect(processesFromEnv({ SANDBOX_PROCESSES: '1' })).toBe(1);
    expect(processesFromEnv({ SANDBOX_PROCESSES: ' 4 ', DATABASE_URL: 'postgres://x/y' })).toBe(4);
    for (const bad of ['0', '65', '2.5', 'two', '-1'])
      expect(() => processesFromEnv({ SANDBOX_PROCESSES: bad, DATABASE_URL: 'postgres://x/y' })).toThrow(`SANDBOX_PROCESSES must be a whole number from 1 to 64, got "${bad}"`);
    expect(() => processesFromEnv({ SANDBOX_PROCESSES: '2' })).toThrow(PGLITE_ONE_PROCESS);
  });

  it('PGlite (no DATABASE_URL) refuses to start more than one process, and says why', () => {
    const { code, log } = runServerToExit({ SANDBOX_PROCESSES: '2', DATABASE_URL: '', PORT: '1' });
    expect(code).toBe(1);
    expect(log).toContain(PGLITE_ONE_PROCESS);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('two processes on one PostgreSQL', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_processes');
  let server: ServerProcess;
  const LIMIT_PER_ADDRESS_MINUTE = 5;

  beforeAll(async () => {
    server = await startServer(
      {
        DATABASE_URL: database.url(),
        SANDBOX_PROCESSES: '2',
        // Each borrower signs in from an address of its own (X-Forwarded-For, trusted here), so the
        // low per-address limit below is only reached where a test means to reach it.
        SANDBOX_TRUST_X_FORWARDED_FOR: '1',
        SANDBOX_LIMIT_SENDCODE_PER_IP_MINUTE: String(LIMIT_PER_ADDRESS_MINUTE),
      },
      { processes: 2 },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });
  // A failure shows what the sandbox said (its processes' log).
  beforeEach((ctx) => ctx.onTestFailed(() => console.log(`sandbox log:\n${server?.log()}`)));

  let addressSeq = 0;
  const fromNewAddress = () => ({ 'X-Forwarded-For': `198.51.${100 + Math.floor(++addressSeq / 250)}.${addressSeq % 250}` });
  const processesOf = (answers: Answer[]) => new Set(answers.map((a) => a.headers[PROCESS_HEADER.toLowerCase()]));

  it('both processes answer, in turn', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(`${server.url}/api1/client/v1/config`)));
    expect(processesOf(answers)).toEqual(new Set(['1', '2']));
    expect(server.pids().size).toBe(2);
  });

  it('an abuse limit counts across both: 16 codes asked at once from one address, 5 sent', async () => {
    const headers = { 'X-Forwarded-For': '192.0.2.77' };
    const answers = await Promise.all(Array.from({ length: 16 }, () => request(`${server.url}/api1/sms/v1/sendCode?phone=${freshPhone()}`, { headers })));
    expect(processesOf(answers)).toEqual(new Set(['1', '2']));
    const msgs = answers.map((a) => a.envelope?.msg);
    expect(msgs.filter((m) => m === 'success')).toHaveLength(LIMIT_PER_ADDRESS_MINUTE);
    for (const m of msgs.filter((x) => x !== 'success')) expect(m).toMatch(/^Too many codes were requested from your network\. Please try again in \d+ seconds?\.$/);
    expect(LIMIT_MESSAGES.sendCodePerIpMinute(60)).toMatch(/^Too many codes/);
  });

  it('the per-phone 60 s rule holds across both: 10 codes asked at once for one phone, one sent (six phones over)', async () => {
    // Each refused send gives its limit units back while other sends take theirs: rounds enough to meet a deadlock if there were one.
    for (let round = 0; round < 6; round++) {
      const phone = freshPhone();
      const answers = await Promise.all(Array.from({ length: 10 }, () => request(`${server.url}/api1/sms/v1/sendCode?phone=${phone}`, { headers: fromNewAddress() })));
      expect(processesOf(answers)).toEqual(new Set(['1', '2']));
      expect(answers.filter((a) => a.envelope?.code === 0)).toHaveLength(1);
      for (const a of answers.filter((x) => x.envelope?.code !== 0)) expect(a.envelope?.msg).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
      const sent = await sql<{ n: number }>(database.url(), "SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND purpose = 'login'", [phone]);
      expect(sent[0]?.n).toBe(1);
    }
  });

  it('20 applies at once with one Idempotency-Key, split across both, book one order; all 20 get its answer', async () => {
    const phone = freshPhone();
    const b = await apiBorrower(server.url, phone, fromNewAddress());
    const body = { cardId: b.cardId, borrowAmount: 20000, periods: 91, productId: 1, checkEmail: null, autoGetMoney: 0, autoMoney: null };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => request(`${server.url}/api1/order/v1/apply`, { headers: { token: b.token, 'Idempotency-Key': `one-intent-${phone}` }, json: body })),
    );
    expect(processesOf(answers)).toEqual(new Set(['1', '2']));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    const { orderId } = parsed(ApplyResult, answers[0]!.envelope!);
    const orders = await sql<{ id: number }>(database.url(), 'SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = $1', [phone]);
    expect(orders.map((o) => String(o.id))).toEqual([String(orderId)]);
  });

  it('the clock: moved through one process, the other reads the same time', async () => {
    const read = async () => {
      const a = await request(`${server.url}/sandbox/api/clock`);
      return { process: a.headers[PROCESS_HEADER.toLowerCase()], offset: (JSON.parse(a.text) as { offsetSeconds: number }).offsetSeconds };
    };
    const before = await read();
    const moved = await request(`${server.url}/sandbox/api/clock`, { json: { advanceSeconds: 3600 } });
    const mover = moved.headers[PROCESS_HEADER.toLowerCase()];
    expect((JSON.parse(moved.text) as { offsetSeconds: number }).offsetSeconds).toBe(before.offset + 3600);
    // Told by NOTIFY: within moments, whichever process answers.
    const seen = new Map<string, number>();
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !(seen.size === 2 && [...seen.values()].every((o) => o === before.offset + 3600))) {
      const r = await read();
      if (r.process) seen.set(String(r.process), r.offset);
    }
    expect(Object.fromEntries(seen)).toEqual({ 1: before.offset + 3600, 2: before.offset + 3600 });
    expect(['1', '2']).toContain(mover);
    await request(`${server.url}/sandbox/api/clock`, { json: { reset: true } });
  });

  it('a process killed mid-burst loses nothing: every acknowledged order is there, retries with their keys book nothing twice, and it is replaced', async () => {
    const borrowers = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const phone = freshPhone();
        return { phone, ...(await apiBorrower(server.url, phone, fromNewAddress())) };
      }),
    );
    const victim = server.pids().get(2)!;
    const applyOf = (b: (typeof borrowers)[number]) =>
      request(`${server.url}/api1/order/v1/apply`, {
        headers: { token: b.token, 'Idempotency-Key': `burst-${b.phone}` },
        json: { cardId: b.cardId, borrowAmount: 20000, periods: 91, productId: 1, checkEmail: null, autoGetMoney: 0, autoMoney: null },
      }).then(
        (a): Answer | Error => a,
        (e: unknown): Answer | Error => (e instanceof Error ? e : new Error(String(e))),
      );
    const burst = borrowers.map(applyOf);
    // Mid-burst: once the first answer is in, the second process is killed outright.
    await Promise.race(burst);
    process.kill(victim, 'SIGKILL');
    const first = await Promise.all(burst);
    const acknowledged = new Map<string, string>();
    first.forEach((a, i) => {
      if (a instanceof Error) return;
      expect(a.envelope, a.text).not.toBeNull();
      if (a.envelope?.code === 0) acknowledged.set(borrowers[i]!.phone, String(parsed(ApplyResult, a.envelope).orderId));
      else expect([SERVICE_BUSY, 'A request with this Idempotency-Key is still being answered. Please try again in a moment.']).toContain(a.envelope?.msg);
    });
    const lost = first.filter((a) => a instanceof Error).length;

    // Every borrower retries with the same key until answered.
    const final = new Map<string, string>();
    for (const [i, b] of borrowers.entries()) {
      for (let attempt = 0; ; attempt++) {
        const a = await applyOf(b);
        if (!(a instanceof Error) && a.envelope?.code === 0) {
          final.set(b.phone, String(parsed(ApplyResult, a.envelope).orderId));
          break;
        }
        if (attempt > 40) throw new Error(`borrower ${i} never answered: ${a instanceof Error ? a.message : a.text}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    for (const [phone, orderId] of acknowledged) expect(final.get(phone), phone).toBe(orderId);
    const orders = await sql<{ phone: string; id: number }>(
      database.url(),
      'SELECT u.phone, o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ANY($1::text[])',
      [borrowers.map((b) => b.phone)],
    );
    expect(orders).toHaveLength(borrowers.length);
    for (const o of orders) expect(String(o.id)).toBe(final.get(o.phone));

    // The killed process was replaced: two processes answer again.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !(server.pids().get(2) !== victim && server.log().includes('starting another'))) await new Promise((r) => setTimeout(r, 250));
    expect(server.pids().get(2)).not.toBe(victim);
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(`${server.url}/api1/client/v1/config`)));
    expect(processesOf(answers)).toEqual(new Set(['1', '2']));
    expect(server.child.exitCode).toBeNull();
    // Reported for the run's log: how many requests the kill cut off.
    console.log(`killed process 2 (pid ${victim}) mid-burst: ${lost} of ${borrowers.length} applies lost their connection, ${acknowledged.size} were answered; all ${borrowers.length} booked once`);
  }, 180_000);

  it('two clocks of their own on one PostgreSQL (two processes) move together', async () => {
    const a = await openDb({ databaseUrl: database.url() });
    const b = await openDb({ databaseUrl: database.url() });
    try {
      const ca = await createDbClock(a);
      const cb = await createDbClock(b);
      const start = ca.offsetMs();
      await Promise.all([ca.advance(1000), cb.advance(2000)]); // both moves count
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && (ca.offsetMs() !== start + 3000 || cb.offsetMs() !== start + 3000)) await new Promise((r) => setTimeout(r, 20));
      expect([ca.offsetMs(), cb.offsetMs()]).toEqual([start + 3000, start + 3000]);
      await cb.reset();
      const back = Date.now() + 5000;
      while (Date.now() < back && ca.offsetMs() !== 0) await new Promise((r) => setTimeout(r, 20));
      expect(ca.offsetMs()).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

