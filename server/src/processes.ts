/**
 * The sandbox as several processes on one port (docs/sandbox/running.md 'Several processes'):
 * SANDBOX_PROCESSES=N with DATABASE_URL. The first process (node:cluster's primary) migrates and
 * seeds the database once, then starts N serving processes that share the port (the primary hands
 * each new connection to one of them, in turn) and starts another when one dies. Every rule lives in
 * the shared PostgreSQL (limits, keys, orders, the clock), so any process may answer any request.
 * PGlite is one process per data folder: it refuses more.
 */
import cluster, { type Worker } from 'node:cluster';

/** The most processes one machine is given (a typo such as 80 should not fork 80 servers). */
export const MAX_PROCESSES = 64;
/** Set in each serving process: its number, 1…N, for its log lines and the X-Sandbox-Process header. */
export const PROCESS_INDEX_ENV = 'SANDBOX_PROCESS_INDEX';
/** Answers carry the number of the process that served them when there are several (for QA). */
export const PROCESS_HEADER = 'X-Sandbox-Process';

export const PGLITE_ONE_PROCESS =
  'SANDBOX_PROCESSES above 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process per data folder. ' +
  'Set DATABASE_URL to a PostgreSQL server to run several processes, or leave SANDBOX_PROCESSES unset.';

/** SANDBOX_PROCESSES: 1 when unset; a whole number from 1 to MAX_PROCESSES; above 1 only with a PostgreSQL server. */
export function processesFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.SANDBOX_PROCESSES?.trim() ?? '';
  if (raw === '') return 1;
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_PROCESSES)) throw new Error(`SANDBOX_PROCESSES must be a whole number from 1 to ${MAX_PROCESSES}, got "${env.SANDBOX_PROCESSES}"`);
  if (n > 1 && !env.DATABASE_URL) throw new Error(PGLITE_ONE_PROCESS);
  return n;
}

/** "[process 2/3] " in a serving process of several, '' otherwise. */
export function processLabel(env: Record<string, string | undefined> = process.env): string {
  const index = env[PROCESS_INDEX_ENV];
  return cluster.isWorker && index ? `[process ${index}/${env.SANDBOX_PROCESSES}] ` : '';
}

/** A process that dies this soon after starting, this many times running, stops the sandbox (it would only die again). */
const QUICK_DEATH_MS = 10_000;
const QUICK_DEATHS = 3;

/**
 * The primary: prepares the database once (`prepare`), starts `count` serving processes, starts
 * another in the place of one that dies, and stops them all on SIGINT/SIGTERM.
 */
export async function superviseProcesses(count: number, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  const slots = new Map<Worker, { slot: number; startedAt: number }>();
  const quickDeaths = new Map<number, number>();
  let stopping = false;
  let exitCode = 0;
  let listening = 0;

  const start = (slot: number) => {
    const worker = cluster.fork({ [PROCESS_INDEX_ENV]: String(slot) });
    slots.set(worker, { slot, startedAt: Date.now() });
  };

  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === count) console.log(`${count} sandbox processes serve port ${address.port} (one database; any process answers any request).`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const entry = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      if (slots.size === 0) process.exit(exitCode);
      return;
    }
    if (!entry) return;
    const quick = Date.now() - entry.startedAt < QUICK_DEATH_MS;
    const deaths = quick ? (quickDeaths.get(entry.slot) ?? 0) + 1 : 0;
    quickDeaths.set(entry.slot, deaths);
    console.error(`[process ${entry.slot}/${count}] pid ${worker.process.pid} exited (${signal ?? `code ${code}`}).`);
    if (deaths >= QUICK_DEATHS) {
      console.error(`[process ${entry.slot}/${count}] died ${deaths} times within ${QUICK_DEATH_MS / 1000} s of starting: stopping the sandbox.`);
      stop(1);
      return;
    }
    console.error(`[process ${entry.slot}/${count}] starting another; the others go on serving.`);
    start(entry.slot);
  });

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    if (slots.size === 0) process.exit(exitCode);
    // Each process closes its database within 5 s (main.ts); this is the last resort.
    setTimeout(() => process.exit(exitCode || 1), 10_000).unref();
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  for (let slot = 1; slot <= count; slot += 1) start(slot);
}
