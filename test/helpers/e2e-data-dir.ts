import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockPathFor } from '../../server/db/lock.server';

/**
 * The data directory of the server that the end-to-end tests run against: a fresh one per run (so the store is
 * migrated and seeded from scratch, and a second run starts clean), made once by the Playwright runner and handed
 * to its workers through the environment. Directories of earlier runs are removed once their server is gone.
 */
const PREFIX = 'storefront-e2e-';
const ENV = 'STOREFRONT_E2E_DATA_DIR';

function lockHolderIsAlive(dir: string): boolean {
  try {
    const { pid } = JSON.parse(fs.readFileSync(lockPathFor(path.join(dir, 'db')), 'utf8')) as { pid: number };
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeOldRuns(): void {
  const tmp = os.tmpdir();
  const tenMinutesAgo = Date.now() - 10 * 60_000;
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmp, name);
    try {
      // A directory younger than that may belong to a run whose server is still starting.
      if (fs.statSync(dir).mtimeMs > tenMinutesAgo || lockHolderIsAlive(dir)) continue;
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run removed it first, or it is not ours to remove.
    }
  }
}

export function e2eDataDir(): string {
  const existing = process.env[ENV];
  if (existing) return existing;
  removeOldRuns();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  process.env[ENV] = dir;
  return dir;
}
