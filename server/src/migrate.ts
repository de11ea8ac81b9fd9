/**
 * Applies server/migrations/NNN_name.sql in name order, each once, each in its own transaction,
 * and records it in `schema_migrations`. Never edit a committed migration: add the next number.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Any fixed number; serialises concurrent migrators on a shared PostgreSQL server. */
const MIGRATION_LOCK = 727_310_001;

export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const name of files) {
    const sql = fs.readFileSync(`${dir}/${name}`, 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.rowCount > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
