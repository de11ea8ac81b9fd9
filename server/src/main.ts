/**
 * Entry: `tsx server/src/main.ts`.
 *
 * Env: PORT (8788), HOST (127.0.0.1; 0.0.0.0 to listen on all interfaces), DATA_DIR (data/sandbox,
 * relative to the repo root), DATABASE_URL (use that PostgreSQL server instead of PGlite),
 * SERVE_APP=0 (do not serve dist/, as `npm run dev` does), DIST_DIR (the built app's folder, default dist), UPLOAD_DIR (uploaded images' folder),
 * SANDBOX_CONTROLS, SANDBOX_TRUST_X_FORWARDED_FOR and SANDBOX_LIMIT_* (server/README.md 'Limits and controls'),
 * SANDBOX_TOKEN_EVERYWHERE=1 (every /api1 call but sign-in needs a token; docs/sandbox/running.md 'A lender that wants a token everywhere').
 * SANDBOX_PUBLIC_ORIGIN and SANDBOX_APP_ORIGINS (docs/sandbox/running.md 'Addresses').
 * SANDBOX_PROCESSES (several processes on one port, with DATABASE_URL: processes.ts).
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { tokenEverywhereFromEnv } from './auth';
import { openPreparedDb } from './bootstrap';
import { limitsFromEnv } from './limits';
import { acquireLock, lockPathFor, LockHeldError, type Lock } from './lockfile';
import { startReminderTimer } from './domain/reminders';
import { exposureWarnings } from './exposure';
import { networkFromEnv } from './network';
import { originsFromEnv } from './origins';
import { PROCESS_INDEX_ENV, processesFromEnv, processLabel, superviseProcesses } from './processes';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const port = Number(process.env.PORT ?? 8788);
  const host = process.env.HOST || '127.0.0.1';
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(REPO_ROOT, process.env.DATA_DIR || 'data/sandbox');
  const distDir = path.resolve(REPO_ROOT, process.env.DIST_DIR || 'dist');
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  const limits = limitsFromEnv(process.env);
  const network = networkFromEnv(process.env);
  const tokenEverywhere = tokenEverywhereFromEnv(process.env);
  const origins = originsFromEnv(process.env, { host, port });
  const processes = processesFromEnv(process.env);
  // Uploaded images: files in UPLOAD_DIR, else <DATA_DIR>/uploads; with DATABASE_URL alone, in the database.
  const uploadDir = process.env.UPLOAD_DIR ? path.resolve(REPO_ROOT, process.env.UPLOAD_DIR) : undefined;
  if (processes > 1 && cluster.isPrimary && databaseUrl) {
    // Migrated and seeded once, here, before any process serves; each then opens its own pool.
    return superviseProcesses(processes, async () => {
      const { db, applied } = await openPreparedDb({ databaseUrl, ...(uploadDir ? { uploadDir } : {}) });
      if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
      await db.close();
    });
  }
  const label = processLabel();

  let lock: Lock | undefined;
  if (!databaseUrl) {
    const fresh = !fs.existsSync(dataDir);
    lock = acquireLock(lockPathFor(dataDir));
    process.on('exit', () => lock?.release());
    if (fresh) console.log(`Creating the sandbox database in ${dataDir} (the first start takes a few seconds)…`);
  }

  let prepared;
  try {
    prepared = await openPreparedDb({ ...(databaseUrl ? { databaseUrl } : { dataDir }), ...(uploadDir ? { uploadDir } : {}) });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const { db, clock, applied } = prepared;
  if (applied.length) console.log(`${label}Applied migrations: ${applied.join(', ')}`);

  if (network.controls === 'open') console.log('SANDBOX_CONTROLS=open: the outbox, clock and verification controls answer to anyone who reaches this port.');
  if (tokenEverywhere) console.log('SANDBOX_TOKEN_EVERYWHERE=1: every /api1 call but sign-in answers -4 without a valid token.');
  if (network.trustForwardedFor) console.log('SANDBOX_TRUST_X_FORWARDED_FOR=1: client addresses are read from X-Forwarded-For (run behind a proxy that sets it).');
  console.log(`Public origin (payment pages, return addresses): ${origins.publicOrigin}${origins.appOrigins.length ? `; app origins: ${origins.appOrigins.join(', ')}` : ''}`);
  for (const line of exposureWarnings(host, process.env)) console.warn(line);
  // The flow atlas (npm run flows), at /flows, for product owners and QA.
  const flowsDir = path.resolve(REPO_ROOT, process.env.FLOWS_DIR || 'flows');
  const processName = label ? process.env[PROCESS_INDEX_ENV] : undefined;
  const app = createApp({
    db,
    clock,
    limits,
    ...network,
    ...origins,
    tokenEverywhere,
    flowsDir,
    ...(processName ? { processName } : {}),
    ...(process.env.SERVE_APP === '0' ? {} : { staticDir: distDir }),
  });
  const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
    const shown = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    const what = process.env.SERVE_APP === '0' ? 'Sandbox API (the app is served by Vite)' : 'Borrower app + sandbox API';
    console.log(`${label}${label ? `pid ${process.pid} ` : ''}${what}: ${shown}  (sandbox outbox: ${shown}/sandbox)`);
  });
  // Payment reminders (domain/reminders.ts): swept now and every minute in each process; the unique
  // index on reminders makes the processes' sweeps send each one once.
  const stopReminders = startReminderTimer({ db, now: () => clock.now(), log: (line) => console.log(`${label}${line}`) });
  server.on('error', async (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${port} is already in use (set PORT).` : error);
    await stopReminders();
    await db.close().catch(() => {});
    lock?.release();
    process.exit(1);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${label}${signal}: closing the sandbox server…`);
    // Stop accepting requests, give in-flight ones a moment, then close the database.
    server.close();
    const timer = setTimeout(() => process.exit(1), 5000);
    timer.unref();
    try {
      await stopReminders();
      await db.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof LockHeldError ? error.message : error);
  process.exit(1);
});
