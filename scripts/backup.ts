/**
 * `npm run backup`: a copy of the embedded database (README "Backups"), as one gzipped tarball.
 *
 *   npm run backup [-- --out backups/storefront.tgz]     # DATA_DIR/db, server stopped
 *   npm run backup -- --restore backups/storefront.tgz --to ./data-restored/db
 *
 * With DATABASE_URL set the store runs on PostgreSQL: back that up with pg_dump instead.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase, restoreDatabase } from '../server/db/backup.server';
import { DataDirectoryLockedError } from '../server/db/lock.server';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    restore: { type: 'string' },
    to: { type: 'string' },
  },
});

async function main() {
  if (values.restore) {
    if (!values.to) throw new Error('--restore needs --to <new data directory>');
    await restoreDatabase(values.restore, path.resolve(values.to));
    console.log(`restored ${values.restore} into ${path.resolve(values.to)}`);
    return;
  }
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: the store runs on PostgreSQL; back it up with pg_dump.');
    process.exit(1);
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data', 'db');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(values.out ?? `backups/storefront-${stamp}.tgz`);
  try {
    const { bytes } = await backupDatabase(dataDir, out);
    console.log(`backed up ${dataDir} to ${out} (${bytes} bytes)`);
  } catch (error) {
    if (error instanceof DataDirectoryLockedError) {
      console.error(`${error.message}\nStop the server before a backup (PGlite admits one process).`);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
