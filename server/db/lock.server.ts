import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory. `acquireDirectoryLock` writes our pid into
 * `<dir>/.storefront.lock` with an exclusive create; a lock whose pid is no longer running (a killed
 * process) is stale and taken over; a live one is refused with a message naming the holder.
 */
export class DataDirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database at ${dir} is in use by another storefront process (pid ${pid}). ` +
        `Stop that process, or set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = 'DataDirectoryLockedError';
  }
}

export type DirectoryLock = { path: string; release(): void };

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirectoryLock(dir: string): DirectoryLock {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, '.storefront.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new DataDirectoryLockedError(dir, holder);
      }
      // Stale (holder gone, unreadable, or ourselves from an earlier open): remove and retry.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
