/**
 * Durability of the embedded database (issue 11 §10; README "Durability"). PGlite runs PostgreSQL in WebAssembly
 * with `fsync` off, and its file system's fsync is a no-op: every commit's WAL is written to the operating system
 * before the commit returns (PostgreSQL writes the WAL at commit; PGlite's Node file system writes synchronously),
 * so a killed server process loses nothing committed, but the kernel may still hold those writes in memory when
 * the machine itself stops. `createWalSync` closes that gap for the writes that matter (orders): after such a
 * commit, before it is acknowledged, it fsyncs the WAL files written since the last sync, and, when a checkpoint
 * has happened since (it rewrites `global/pg_control` and may recycle WAL), every file of the data directory first.
 * Calls that arrive while a sync runs share the next one (group commit).
 */
import fs from 'node:fs';
import path from 'node:path';

function fsyncFile(file: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    fs.fsyncSync(fd);
  } catch (error) {
    // A WAL segment recycled between listing and opening is not an error.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else if (entry.isFile()) fsyncFile(full);
  }
  fsyncFile(dir);
}

export function createWalSync(dataDir: string): () => Promise<void> {
  const wal = path.join(dataDir, 'pg_wal');
  const control = path.join(dataDir, 'global', 'pg_control');
  let lastSync = 0;
  let lastControl = 0;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const once = async () => {
    const started = Date.now();
    const controlMtime = fs.statSync(control, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (controlMtime !== lastControl) {
      fsyncTree(dataDir);
      lastControl = controlMtime;
    } else {
      for (const name of fs.readdirSync(wal)) {
        const file = path.join(wal, name);
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat?.isFile() && stat.mtimeMs >= lastSync - 1000) fsyncFile(file);
      }
      fsyncFile(wal);
    }
    lastSync = started;
  };

  return function sync(): Promise<void> {
    if (running === null) {
      running = once().finally(() => {
        running = null;
      });
      return running;
    }
    // A commit that finished while a sync runs may not be in it: it waits for the next one.
    queued ??= running.then(() => {
      queued = null;
      return sync();
    });
    return queued;
  };
}
