/**
 * PGlite has no file lock: two processes on one data directory corrupt it. The server holds a
 * lockfile beside the data directory (data/sandbox → data/sandbox.server.lock) holding its pid, refuses
 * to start while another live process holds it, and removes it on exit. The lock is named after the
 * folder's real path, so the same folder reached through a symlink (or `..`) is the same lock.
 */
import fs from 'node:fs';
import path from 'node:path';

export class LockHeldError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(`Another sandbox server (pid ${pid}) is using this data directory; lock: ${lockPath}. Stop it first, or use another DATA_DIR.`);
    this.name = 'LockHeldError';
  }
}

/**
 * Beside the data directory, not inside it (PGlite owns that folder), after its real path: creates
 * the folder if needed, since only an existing folder has one.
 */
export const lockPathFor = (dataDir: string) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const real = fs.realpathSync(dataDir);
  return path.join(path.dirname(real), `${path.basename(real)}.server.lock`);
};

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface Lock {
  path: string;
  release(): void;
}

export function acquireLock(lockPath: string, pid: number = process.pid): Lock {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${pid}\n`, { flag: 'wx' });
      return {
        path: lockPath,
        release: () => {
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      } catch {
        continue; // removed meanwhile: try again
      }
      if (holder !== pid && isAlive(holder)) throw new LockHeldError(lockPath, holder);
      // A stale lock from a process that died without cleaning up.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
