/**
 * PGlite's queries as the sandbox runs them (server/src/db.ts): each SQL text prepared once and run in
 * one pass. Values go in and come out as PGlite's own query() gives them, errors keep their SQLSTATE and
 * constraint, transactions see their own writes and lose them on rollback, a statement whose table
 * changed is prepared again, and no more than the cap stay prepared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/src/db';

let db: Db;
beforeAll(async () => {
  db = await openDb();
  await db.exec(`CREATE TABLE t (id serial PRIMARY KEY, name text UNIQUE, at timestamptz, n int[], doc jsonb, ok boolean, amount double precision)`);
});
afterAll(async () => {
  await db.close();
});

const prepared = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

describe('PGlite statements', () => {
  it('round-trips dates, arrays, JSON, booleans, numbers and nulls, and counts changed rows', async () => {
    const at = new Date('2026-01-15T06:30:00.000Z');
    const ins = await db.query<{ id: number }>('INSERT INTO t (name, at, n, doc, ok, amount) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [
      'asha', at, [1, 2, 3], { a: 'हिन्दी', b: [1] }, true, 0.0009,
    ]);
    expect(ins.rowCount).toBe(1);
    await db.query('INSERT INTO t (name, at, n, doc, ok, amount) VALUES ($1, $2, $3, $4, $5, $6)', ['ravi', at.toISOString(), null, null, false, null]);
    const rows = await db.query('SELECT name, at, n, doc, ok, amount FROM t ORDER BY id');
    expect(rows.rows).toEqual([
      { name: 'asha', at, n: [1, 2, 3], doc: { a: 'हिन्दी', b: [1] }, ok: true, amount: 0.0009 },
      { name: 'ravi', at, n: null, doc: null, ok: false, amount: null },
    ]);
    expect((await db.query('UPDATE t SET ok = true WHERE name = ANY($1::text[])', [['asha', 'ravi']])).rowCount).toBe(2);
    expect((await db.query('DELETE FROM t WHERE name = $1', ['nobody'])).rowCount).toBe(0);
  });

  it('prepares a statement once however often it runs', async () => {
    const before = await prepared();
    for (let i = 0; i < 5; i++) await db.query('SELECT $1::int + 1 AS x', [i]);
    expect(await prepared()).toBe(before + 1);
  });

  it('keeps the SQLSTATE and constraint of an error, and the statement still runs afterwards', async () => {
    const clash = await db.query('INSERT INTO t (name) VALUES ($1)', ['asha']).catch((e: unknown) => e);
    expect(clash).toMatchObject({ code: '23505', constraint: 't_name_key' });
    await expect(db.query('SELECT nope FROM t')).rejects.toMatchObject({ code: '42703' });
    expect((await db.query('INSERT INTO t (name) VALUES ($1)', ['kiran'])).rowCount).toBe(1);
  });

  it('a transaction sees its own writes, and a rollback undoes them', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (name) VALUES ($1)', ['meera']);
        expect((await tx.query('SELECT 1 FROM t WHERE name = $1', ['meera'])).rowCount).toBe(1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT 1 FROM t WHERE name = $1', ['meera'])).rowCount).toBe(0);
    const id = await db.transaction(async (tx) => (await tx.query<{ id: number }>('INSERT INTO t (name) VALUES ($1) RETURNING id', ['deepa'])).rows[0]!.id);
    expect((await db.query('SELECT name FROM t WHERE id = $1', [id])).rows).toEqual([{ name: 'deepa' }]);
  });

  it('a query from outside waits for a running transaction to end, as with PGlite’s own query()', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const tx = db.transaction(async (t) => {
      await t.query('UPDATE t SET ok = false WHERE name = $1', ['asha']);
      order.push('tx wrote');
      wrote();
      await held;
      order.push('tx done');
    });
    await written;
    const outside = db.query<{ ok: boolean }>('SELECT ok FROM t WHERE name = $1', ['asha']).then((r) => {
      order.push('outside read');
      return r.rows[0];
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['tx wrote']);
    release();
    await tx;
    expect(await outside).toEqual({ ok: false });
    expect(order).toEqual(['tx wrote', 'tx done', 'outside read']);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const sql = 'SELECT * FROM t WHERE name = $1';
    expect(Object.keys((await db.query(sql, ['asha'])).rows[0]!)).not.toContain('extra');
    await db.exec('ALTER TABLE t ADD COLUMN extra text');
    expect((await db.query(sql, ['asha'])).rows[0]).toMatchObject({ name: 'asha', extra: null });
    // Inside a transaction the error ends it; the next run prepares the statement again.
    await db.exec('ALTER TABLE t ADD COLUMN more text');
    await expect(db.transaction((tx) => tx.query(sql, ['asha']))).rejects.toMatchObject({ code: '0A000' });
    expect((await db.query(sql, ['asha'])).rows[0]).toMatchObject({ name: 'asha', extra: null, more: null });
  });

  it('keeps at most 500 statements prepared', async () => {
    for (let i = 0; i < 520; i++) await db.query(`SELECT $1::int AS v${i}`, [i]);
    expect(await prepared()).toBeLessThanOrEqual(500);
    expect((await db.query('SELECT $1::int AS v0', [7])).rows).toEqual([{ v0: 7 }]);
  });

  it('runs with 16 MB of shared buffers', async () => {
    expect((await db.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
  });
});
