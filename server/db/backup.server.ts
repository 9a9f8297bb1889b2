/**
 * Backups of the embedded database (issue 11 §10; README "Backups"): `backupDatabase` writes the whole PGlite data
 * directory as one gzipped tarball (PGlite's `dumpDataDir`, taken through the database itself, so it is consistent);
 * `restoreDatabase` makes a new data directory from one. PGlite admits one process per data directory, so a backup
 * is taken while the server is stopped (or from a copy made by a filesystem snapshot); PostgreSQL has pg_dump and
 * continuous archiving instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './database.server';

export async function backupDatabase(dataDir: string, outFile: string): Promise<{ bytes: number }> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`${dataDir} holds no embedded database`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { acquireDirectoryLock } = await import('./lock.server');
  const lock = acquireDirectoryLock(dataDir);
  try {
    const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    try {
      // A checkpoint first: the tarball's data files then hold everything committed, not only its WAL.
      await client.exec('checkpoint');
      const dump = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
      const partial = `${outFile}.partial`;
      fs.writeFileSync(partial, bytes);
      const fd = fs.openSync(partial, 'r');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.renameSync(partial, outFile);
      return { bytes: bytes.length };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** A new data directory at `dataDir` (which must not hold a database yet) from a backup tarball. */
export async function restoreDatabase(file: string, dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`${dataDir} already holds a database: restore into a new directory`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir,
    loadDataDir: new Blob([fs.readFileSync(file)]),
  });
  await handle.close();
}
