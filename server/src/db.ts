/**
 * One small database interface over two drivers:
 * - PGlite (PostgreSQL compiled to WASM, in-process) — the default, on a data directory or in memory;
 * - node-postgres (`pg`) against a real PostgreSQL server when DATABASE_URL is set.
 *
 * The SQL is the same for both. Keep to what both return the same way: `integer` and `text` columns,
 * `timestamptz` (a Date in both), `double precision`, arrays and jsonb. Avoid `bigint`/`numeric` in
 * results (pg returns them as strings) or cast them (`::int`, `::float8`).
 */
import fs from 'node:fs';
import path from 'node:path';

export type Row = Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
  /** Rows returned, or rows changed by an INSERT/UPDATE/DELETE without RETURNING. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with $1… parameters. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `fn` in a transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL connection string; when set, `dataDir` is ignored and node-postgres is used. */
  databaseUrl?: string;
  /** PGlite data directory; omit for an in-memory database (tests). */
  dataDir?: string;
  /** PGlite only: start from a data-dir dump (see `dumpDataDir`), e.g. a migrated template in tests. */
  loadDataDir?: Blob;
}

export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPg(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });

  type PgliteQueryable = Pick<typeof pg, 'query' | 'exec'>;
  const wrap = (q: PgliteQueryable): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const r = await q.query<T>(sql, [...params]);
      return { rows: r.rows, rowCount: r.rows.length > 0 ? r.rows.length : (r.affectedRows ?? 0) };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

async function openPg(databaseUrl: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server drops (restart, terminated backend) must not crash the process:
  // the pool discards it and opens another on the next query.
  pool.on('error', () => {});
  // Fail fast on a wrong URL instead of on the first request.
  const probe = await pool.connect();
  const encoding = await probe.query<{ server_encoding: string }>('SHOW server_encoding').finally(() => probe.release());
  // Borrowers write Hindi: a SQL_ASCII database keeps bytes, so char_length (feedback's 300) would count
  // bytes, not the characters the app counts. PGlite is always UTF8.
  if (encoding.rows[0]?.server_encoding !== 'UTF8') {
    await pool.end();
    throw new Error(
      `The database at DATABASE_URL is ${encoding.rows[0]?.server_encoding ?? 'of an unknown encoding'}; the sandbox needs UTF8 (createdb --encoding=UTF8 --template=template0 …).`,
    );
  }

  type PgQueryable = Pick<InstanceType<typeof pg.Pool>, 'query'>;
  const wrap = (q: PgQueryable): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const r = await q.query(sql, [...params]);
      return { rows: r.rows as T[], rowCount: r.rows.length > 0 ? r.rows.length : (r.rowCount ?? 0) };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'pg',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
