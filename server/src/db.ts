/**
 * One small database interface over two drivers:
 * - PGlite (PostgreSQL compiled to WASM, in-process) — the default, on a data directory or in memory;
 * - node-postgres (`pg`) against a real PostgreSQL server when DATABASE_URL is set.
 *
 * The SQL is the same for both. Keep to what both return the same way: `integer` and `text` columns,
 * `timestamptz` (a Date in both), `double precision`, arrays and jsonb. Avoid `bigint`/`numeric` in
 * results (pg returns them as strings) or cast them (`::int`, `::float8`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import type { parse as PgliteParse, PGlite, protocol as PgliteProtocol } from '@electric-sql/pglite';
import type PgModule from 'pg';

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
  /**
   * PostgreSQL only (several processes may share it): calls `onMessage` with each NOTIFY on
   * `channel` from any process, and `onConnected` each time the listening connection is (re)made,
   * when messages may have been missed. Resolves once listening. PGlite has one process: none.
   */
  watch?(channel: string, handlers: { onMessage(payload: string): void; onConnected(): void }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The database cannot be reached (a restart, a terminated backend, refused or timed-out
 * connections): a passing outage, answered "Service busy" (app.ts), never a crash.
 */
export class DatabaseUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super(`database unavailable: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'DatabaseUnavailable';
  }
}

/** SQLSTATEs of a lost or refused connection: class 08, admin/crash shutdown, starting up, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_SYSCALL = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's own words for a connection that ended or never came. */
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailable) return true;
  if (typeof err !== 'object' || err === null) return false;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code)) return true;
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return err instanceof Error && UNAVAILABLE_MESSAGE.test(err.message);
}

const unavailableOr = (err: unknown): unknown => (isDatabaseUnavailable(err) && !(err instanceof DatabaseUnavailable) ? new DatabaseUnavailable(err) : err);

/** A transaction as the code inside it sees it; `state` follows it to its end. */
export interface OpenTransaction {
  readonly tx: Queryable;
  state: 'open' | 'committed' | 'rolled back';
}
const running = new AsyncLocalStorage<OpenTransaction>();

/**
 * The transaction the calling code runs inside (its async context), while it is open. Why: PGlite
 * has one connection, so a query made outside a running transaction waits for it to end; code that
 * may be called inside one (the abuse limits) uses it instead of waiting forever.
 */
export function currentTransaction(): OpenTransaction | undefined {
  const t = running.getStore();
  return t?.state === 'open' ? t : undefined;
}
/** `db` whose transactions are known to the code they run (currentTransaction). */
function tracked(db: Db): Db {
  return {
    ...db,
    async transaction(fn) {
      let t: OpenTransaction | undefined;
      try {
        const result = await db.transaction((tx) => {
          t = { tx, state: 'open' };
          return running.run(t, () => fn(tx));
        });
        if (t) t.state = 'committed';
        return result;
      } catch (error) {
        if (t) t.state = 'rolled back';
        throw error;
      }
    },
  };
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
  if (options.databaseUrl) return tracked(await openPg(options.databaseUrl));
  return tracked(await openPglite(options.dataDir, options.loadDataDir));
}

/**
 * PostgreSQL settings for PGlite. Its default shared_buffers (128 MB) sits in the process's WASM heap,
 * which never shrinks; the sandbox's tables fit in a few MB, so 16 MB keeps them all in memory at a
 * fraction of the resident size (docs/performance.md 'Speed and memory').
 */
export const PGLITE_SETTINGS: readonly string[] = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Db> {
  // V8 optimises PGlite's hot WASM functions in the background, by default in as many threads at once
  // as it likes; each thread's compiler memory stays with the process once freed (about 35 MB more at
  // rest). One at a time costs nothing that matters: it is done once, shortly after the start.
  v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
  const { PGlite, protocol, parse } = await import('@electric-sql/pglite');
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  if (dataDir && !loadDataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initPgliteDataDir(dataDir);
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const statements = preparedStatements(pg, protocol.serialize, parse.parseResults);

  type PgliteTx = Parameters<Parameters<typeof pg.transaction>[0]>[0];
  const wrap = (tx: PgliteTx | null): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      if (tx?.closed) throw new Error('Transaction is closed');
      const r = await statements.query<T>(sql, params, tx !== null);
      return { rows: r.rows, rowCount: r.rows.length > 0 ? r.rows.length : (r.affectedRows ?? 0) };
    },
    async exec(sql: string) {
      await (tx ?? pg).exec(sql);
    },
  });
  const base = wrap(null);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

/**
 * Creates a new PGlite data folder (initdb) in a process of its own. Why: PGlite's initdb runs a second
 * PostgreSQL in the same process and copies its whole WASM heap, and V8 gives none of it back to the
 * system afterwards (about 500 MB held for good); in a child, it all goes when the child ends.
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const script = `const { PGlite } = require(process.env.PGLITE_ENTRY);
    PGlite.create({ dataDir: process.env.PGLITE_DATA_DIR, startParams: JSON.parse(process.env.PGLITE_START_PARAMS) })
      .then((pg) => pg.close())
      .catch((error) => { console.error(error); process.exit(1); });`;
  const { PGlite } = await import('@electric-sql/pglite');
  await promisify(execFile)(process.execPath, ['-e', script], {
    env: {
      ...process.env,
      PGLITE_ENTRY: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
      PGLITE_DATA_DIR: path.resolve(dataDir),
      PGLITE_START_PARAMS: JSON.stringify([...PGlite.defaultStartParams, ...PGLITE_SETTINGS]),
    },
    timeout: 120_000,
  }).catch((error: unknown) => {
    throw new Error(`Could not create the PGlite data folder ${dataDir}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** Statements kept prepared at most; past it the oldest is closed (SQL built with values inside would grow it). */
const MAX_PREPARED = 500;

type PgliteInstance = PGlite;
type PgliteSerialize = typeof PgliteProtocol.serialize;
type PgliteParseResults = typeof PgliteParse.parseResults;
type BackendMessage = Awaited<ReturnType<PgliteInstance['execProtocol']>>['messages'][number];

/**
 * PGlite's own query() sends six messages one by one (parse, describe, bind, describe, execute, sync),
 * each a pass through the WASM PostgreSQL, and parses and plans the SQL every time. Here each SQL text
 * is prepared once as a named statement (its parameter types and row description kept), and then runs
 * as one pass: bind, execute, sync. Same values in and out (PGlite's serializers and parsers), same
 * locks (a query outside a transaction waits for it), same errors.
 */
function preparedStatements(pg: PgliteInstance, serialize: PgliteSerialize, parseResults: PgliteParseResults) {
  interface Statement {
    name: string;
    paramTypes: number[];
    rowDescription: BackendMessage | undefined;
  }
  const cache = new Map<string, Statement>();
  /** Statements dropped from the cache inside a transaction, closed with the next statement prepared. */
  const stale: string[] = [];
  let counter = 0;

  const concat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };

  const prepare = async (sql: string): Promise<Statement> => {
    const messages = stale.splice(0).map((name) => serialize.close({ type: 'S', name }));
    if (cache.size >= MAX_PREPARED) {
      const [oldSql, old] = cache.entries().next().value as [string, Statement];
      cache.delete(oldSql);
      messages.push(serialize.close({ type: 'S', name: old.name }));
    }
    const name = `sandbox_${++counter}`;
    messages.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    const r = await pg.execProtocol(concat(messages), { syncToFs: false });
    let paramTypes: number[] = [];
    let rowDescription: BackendMessage | undefined;
    for (const m of r.messages) {
      if (m.name === 'parameterDescription' && 'dataTypeIDs' in m) paramTypes = m.dataTypeIDs as number[];
      if (m.name === 'rowDescription') rowDescription = m;
    }
    const statement = { name, paramTypes, rowDescription };
    cache.set(sql, statement);
    return statement;
  };

  const run = async (sql: string, params: readonly unknown[], inTransaction: boolean, retried = false) => {
    const st = cache.get(sql) ?? (await prepare(sql));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[st.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const r = await pg.execProtocol(concat([serialize.bind({ statement: st.name, values }), serialize.execute({}), serialize.sync()]), {
        syncToFs: !inTransaction,
      });
      return parseResults(st.rowDescription ? [st.rowDescription, ...r.messages] : r.messages, pg.parsers)[0]!;
    } catch (error) {
      // A table changed under the statement (a migration at run time): it is prepared again, and run again
      // at once unless a transaction was running (the error has ended it).
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === '0A000' && cache.get(sql) === st) {
        cache.delete(sql);
        stale.push(st.name);
        if (!retried && !inTransaction) return run(sql, params, inTransaction, true);
      }
      throw error;
    }
  };

  return {
    async query<T extends object>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<{ rows: T[]; affectedRows?: number | undefined }> {
      if (pg.closed) throw new Error('PGlite is closed');
      // The locks of PGlite's own query(): inside a transaction only the query lock (the transaction holds its own).
      const go = () => pg._runExclusiveQuery(() => run(sql, params, inTransaction));
      const r = inTransaction ? await go() : await pg._runExclusiveTransaction(go);
      return { rows: r.rows as T[], affectedRows: r.affectedRows };
    },
  };
}

async function openPg(databaseUrl: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // A connection that cannot be had in 10 s is an outage: answered "Service busy", not a hang.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000, keepAlive: true });
  // An idle connection the server drops (restart, terminated backend) must not crash the process:
  // the pool discards it and opens another on the next query.
  pool.on('error', () => {});
  // Nor one just handed out: a client released and taken again at once can read the server's
  // "terminating connection" in the same chunk, before its new holder has listened for errors.
  pool.on('connect', (client) => client.on('error', () => {}));
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
      try {
        const r = await q.query(sql, [...params]);
        return { rows: r.rows as T[], rowCount: r.rows.length > 0 ? r.rows.length : (r.rowCount ?? 0) };
      } catch (error) {
        throw unavailableOr(error);
      }
    },
    async exec(sql: string) {
      try {
        await q.query(sql);
      } catch (error) {
        throw unavailableOr(error);
      }
    },
  });
  const base = wrap(pool);
  const listener = pgListener(pg.Client, databaseUrl);
  return {
    kind: 'pg',
    ...base,
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailableOr(error);
      });
      // A checked-out client has no listener of the pool's: when its backend is terminated or the
      // server stops mid-transaction, its 'error' would be unhandled and end the process.
      let broken: unknown;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken ??= rollbackError;
        });
        throw unavailableOr(error);
      } finally {
        client.off('error', onError);
        // A broken connection is closed, not handed to the next request.
        client.release(broken === undefined ? undefined : broken instanceof Error ? broken : true);
      }
    },
    watch: listener.watch,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

type PgClientClass = typeof PgModule.Client;

/**
 * One connection per process that LISTENs (the clock's changes made by other processes). It comes
 * back by itself after the server restarts or the backend is terminated: every second until it
 * connects, then `onConnected` lets each watcher read what it may have missed.
 */
function pgListener(Client: PgClientClass, databaseUrl: string) {
  const watchers = new Map<string, { onMessage(payload: string): void; onConnected(): void }>();
  let client: InstanceType<PgClientClass> | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const reconnectSoon = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect().catch(() => reconnectSoon());
    }, 1000);
    retry.unref();
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new Client({ connectionString: databaseUrl, keepAlive: true });
      const lost = () => {
        if (client === c) client = null;
        c.removeAllListeners('notification');
        void c.end().catch(() => {});
        reconnectSoon();
      };
      c.on('error', lost);
      c.on('end', lost);
      c.on('notification', (n) => watchers.get(n.channel)?.onMessage(n.payload ?? ''));
      try {
        await c.connect();
        for (const channel of watchers.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        c.removeAllListeners('end');
        lost();
        throw unavailableOr(error);
      }
      if (closed) return void (await c.end().catch(() => {}));
      client = c;
      for (const w of watchers.values()) w.onConnected();
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async watch(channel: string, handlers: { onMessage(payload: string): void; onConnected(): void }) {
      watchers.set(channel, handlers);
      if (client) {
        await client.query(`LISTEN ${quoteIdent(channel)}`);
        handlers.onConnected();
      } else await connect();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => {});
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
