import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory. `acquireDirectoryLock(dir)` creates `<dir>.lock` beside it
 * (exclusive create) holding our pid and the kernel's boot id. A lock is refused while its holder is alive — in
 * this process too, since a second PGlite on the same files would corrupt them. A lock is stale, and taken
 * over, when its pid is no longer running or it was written before the last reboot (where pids are reused).
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

type LockRecord = { pid: number; bootId: string };

function currentBootId(): string {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(lockPath: string): LockRecord | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockRecord>;
    if (typeof parsed.pid === 'number' && typeof parsed.bootId === 'string') {
      return { pid: parsed.pid, bootId: parsed.bootId };
    }
  } catch {
    // unreadable or half-written: treat as stale
  }
  return undefined;
}

export function lockPathFor(dir: string): string {
  const resolved = path.resolve(dir);
  return `${resolved}.lock`;
}

export function acquireDirectoryLock(dir: string): DirectoryLock {
  const lockPath = lockPathFor(dir);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const bootId = currentBootId();
  const mine: LockRecord = { pid: process.pid, bootId };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          const holder = readRecord(lockPath);
          if (holder?.pid === process.pid && holder.bootId === bootId) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readRecord(lockPath);
      if (holder && holder.bootId === bootId && isRunning(holder.pid)) {
        throw new DataDirectoryLockedError(path.resolve(dir), holder.pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
