/**
 * Every `UploadStorage` adapter passes the port's contract (decisions 066, 084) on both engines: the database
 * adapter over each engine's own `repair_uploads` table, and each adapter as configuration picks it
 * (`createUploadStorage`, what `server/context.server.ts` runs), with the disk adapter beside the same database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import {
  createDatabaseStorage,
  createUploadStorage,
  type UploadStorageKind,
} from '../../server/repairs/index.server';
import { uploadStorageContract } from '../../server/repairs/upload-storage.contract';
import { newStorageKey } from '../../server/repairs/upload-storage';
import type { Database } from '../../server/db/database.server';
import { describeEachEngine } from '../helpers/database';

/** Rows of a raw query on either engine (PGlite answers `{ rows }`, postgres-js an array). */
async function rows(db: Database, query: SQL): Promise<unknown[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

describeEachEngine('upload storage adapters', ({ database }) => {
  uploadStorageContract('database', () => createDatabaseStorage(database().db));

  for (const kind of ['database', 'disk'] satisfies UploadStorageKind[]) {
    uploadStorageContract(`${kind}, as configuration picks it`, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-storage-'));
      roots.push(dir);
      return createUploadStorage({ storage: kind, db: database().db, dir });
    });
  }

  test('the database adapter keeps photos in repair_uploads, stored uncompressed out of line', async () => {
    const { db } = database();
    const storage = createDatabaseStorage(db);
    const key = newStorageKey(42, 'png');
    await storage.put(key, new Uint8Array([1, 2, 3, 4]));
    expect(
      await rows(db, sql`select key, octet_length(bytes) as size from repair_uploads where key = ${key}`),
    ).toEqual([{ key, size: 4 }]);
    // 'e': EXTERNAL (migration 0021).
    expect(
      await rows(
        db,
        sql`select attstorage from pg_attribute where attrelid = 'repair_uploads'::regclass and attname = 'bytes'`,
      ),
    ).toEqual([{ attstorage: 'e' }]);
  });

  test('two servers on one database: what one stores, the other reads and deletes', async () => {
    const { db } = database();
    const first = createUploadStorage({ storage: 'database', db, dir: '/nonexistent' });
    const second = createUploadStorage({ storage: 'database', db, dir: '/nonexistent' });
    const key = newStorageKey(43, 'jpg');
    await first.put(key, new Uint8Array([0xff, 0xd8, 0xff, 9]));
    expect(await second.get(key)).toEqual({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 9]), size: 4 });
    await second.delete(key);
    expect(await first.get(key)).toBeNull();
  });
});
