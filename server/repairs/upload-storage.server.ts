/**
 * Which `UploadStorage` adapter a store runs (decision 084), as configuration says (`UPLOAD_STORAGE`): `database`
 * keeps photos in the `repair_uploads` table, seen by every app server on the database; `disk` keeps them under
 * `DATA_DIR/uploads`, the embedded default's. Another adapter (an S3-compatible bucket) is one more case here.
 */
import type { Database } from '../db/database.server';
import { createDatabaseStorage } from './database-storage.server';
import { createDiskStorage } from './disk-storage.server';
import type { UploadStorage } from './upload-storage';

export type UploadStorageKind = 'database' | 'disk';

export function createUploadStorage(options: {
  storage: UploadStorageKind;
  db: Database;
  /** The disk adapter's folder. */
  dir: string;
}): UploadStorage {
  switch (options.storage) {
    case 'database':
      return createDatabaseStorage(options.db);
    case 'disk':
      return createDiskStorage(options.dir);
  }
}
