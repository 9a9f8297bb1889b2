/**
 * The shared `UploadStorage` adapter (decision 084): photos as `bytea` rows of `repair_uploads` in the store's own
 * database, so every app server on one PostgreSQL serves every photo, and a database backup holds the photos with
 * the repairs that name them. Each call is one statement: a put is an upsert, so a reader sees the old photo or
 * the new one, never half of either. The same code runs on PGlite (one process) and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { repairUploads } from './schema';
import { checkedKey, type UploadStorage } from './upload-storage';

export function createDatabaseStorage(db: Database): UploadStorage {
  return {
    async put(key, bytes) {
      // A copy: the caller may change its buffer after the call (the contract), and postgres-js may send later.
      const copy = new Uint8Array(bytes);
      await db
        .insert(repairUploads)
        .values({ key: checkedKey(key), bytes: copy })
        .onConflictDoUpdate({ target: repairUploads.key, set: { bytes: copy, createdAt: sql`now()` } });
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: repairUploads.bytes })
        .from(repairUploads)
        .where(eq(repairUploads.key, checkedKey(key)))
        .limit(1);
      if (!row) return null;
      // PGlite answers a Uint8Array, postgres-js a Buffer (whose pool may be shared): a plain copy of its own.
      const bytes = new Uint8Array(row.bytes);
      return { bytes, size: bytes.length };
    },
    async size(key) {
      // octet_length reads the stored length, not the bytes.
      const [row] = await db
        .select({ size: sql<number>`octet_length(${repairUploads.bytes})`.mapWith(Number) })
        .from(repairUploads)
        .where(eq(repairUploads.key, checkedKey(key)))
        .limit(1);
      return row ? row.size : null;
    },
    async delete(key) {
      await db.delete(repairUploads).where(eq(repairUploads.key, checkedKey(key)));
    },
  };
}
