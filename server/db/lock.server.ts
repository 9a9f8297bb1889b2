import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory. `acquireDirectoryLock(dir)` creates `<dir>.lock` beside it
 * (exclusive create) holding what names this process uniquely on this machine: its pid, the kernel's boot id and
 * the process's start time (`/proc/<pid>/stat`, clock ticks since boot). A lock is refused while its holder is
 * alive — in this process too, since a second PGlite on the same files would corrupt them. A lock is stale, and
 * taken over, when its pid is not running, or runs a different process than the one that wrote it (a reused pid:
 * after an OOM kill a restarted container's process is pid 1 again, as the dead holder was), or it was written
 * before the last reboot. Records of the older format (no start time) are judged by pid and boot id alone.
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

type LockRecord = { pid: number; bootId: string; startTime?: string };

/** Lock files this process holds now: a record naming this pid that is not among them was left by another. */
const held = new Set<string>();

/** The start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), when /proc has it. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = fields[19];
    return startTime && /^\d+$/.test(startTime) ? startTime : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote `record` still runs (not merely some process with its pid). */
function holderIsAlive(record: LockRecord, lockPath: string, bootId: string): boolean {
  if (record.bootId !== bootId) return false;
  if (record.pid === process.pid) return held.has(lockPath);
  if (!isRunning(record.pid)) return false;
  if (record.startTime === undefined) return true;
  const now = processStartTime(record.pid);
  // Without /proc the start time cannot be compared: a live pid is taken for the holder.
  return now === undefined || now === record.startTime;
}

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
      return {
        pid: parsed.pid,
        bootId: parsed.bootId,
        ...(typeof parsed.startTime === 'string' ? { startTime: parsed.startTime } : {}),
      };
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
  const startTime = processStartTime(process.pid);
  const mine: LockRecord = { pid: process.pid, bootId, ...(startTime ? { startTime } : {}) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      held.add(lockPath);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          held.delete(lockPath);
          const holder = readRecord(lockPath);
          if (holder?.pid === process.pid && holder.bootId === bootId) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readRecord(lockPath);
      if (holder && holderIsAlive(holder, lockPath, bootId)) {
        throw new DataDirectoryLockedError(path.resolve(dir), holder.pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
