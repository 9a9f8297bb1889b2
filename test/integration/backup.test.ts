/**
 * The embedded database's backup and durability (issue 11 §10): `npm run backup`'s tarball restores into a new data
 * directory with everything committed, including what was committed after the last checkpoint; `sync()` runs
 * (fsyncs the WAL, the whole directory after a checkpoint) and is shared by concurrent callers; a backup refuses a
 * data directory another process holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../server/db/backup.server';
import { migrate, openDatabase } from '../../server/db/database.server';
import { DataDirectoryLockedError } from '../../server/db/lock.server';
import { customers } from '../../server/db/schema';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-backup-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('embedded database backup', () => {
  it('writes a tarball that restores, with the rows committed before it', async () => {
    const dataDir = path.join(scratch, 'live');
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await migrate(handle);
    await handle.db.insert(customers).values({ email: 'kept@example.com', firstName: 'K', lastName: 'Ept' });
    await Promise.all([handle.sync(), handle.sync(), handle.sync()]);
    await expect(backupDatabase(dataDir, path.join(scratch, 'locked.tgz'))).rejects.toBeInstanceOf(
      DataDirectoryLockedError,
    );
    await handle.db.insert(customers).values({ email: 'late@example.com', firstName: 'L', lastName: 'Ate' });
    await handle.sync();
    await handle.close();

    const file = path.join(scratch, 'backups', 'store.tgz');
    const { bytes } = await backupDatabase(dataDir, file);
    expect(bytes).toBeGreaterThan(1000);
    expect(fs.statSync(file).size).toBe(bytes);

    const restoredDir = path.join(scratch, 'restored');
    await restoreDatabase(file, restoredDir);
    await expect(restoreDatabase(file, restoredDir)).rejects.toThrow(/already holds a database/);
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const emails = (await restored.db.select({ email: customers.email }).from(customers)).map(
        (row) => row.email,
      );
      expect(emails.sort()).toEqual(['kept@example.com', 'late@example.com']);
      await restored.db
        .update(customers)
        .set({ firstName: 'Again' })
        .where(eq(customers.email, 'kept@example.com'));
    } finally {
      await restored.close();
    }
  }, 60_000);
});
