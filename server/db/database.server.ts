import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { createWalSync } from './durable.server';
import { acquireDirectoryLock, type DirectoryLock } from './lock.server';
import { yieldToEventLoop } from './yield';
import { projectRoot } from '../paths';

export { schema };

/** The Drizzle handle every context receives: the same API over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, with any password removed (safe to log). */
  location: string;
  /**
   * Makes what has been committed so far survive the machine stopping, before it is acknowledged (README
   * "Durability"). PostgreSQL does it in every commit (a no-op here); an embedded database on disk fsyncs its WAL
   * (server/db/durable.server.ts); an in-memory one has nothing to keep.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  /** `dataDir` undefined opens an in-memory PGlite (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.max) : openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  let lock: DirectoryLock | undefined;
  if (options.dataDir) lock = acquireDirectoryLock(options.dataDir);
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
    // PGlite runs a statement synchronously in this process and settles its promise at once, so a chain of awaited
    // statements (a listing rebuild, an import, a request of many queries) never lets timers or sockets run: other
    // requests, health checks and lease renewals wait for the whole chain. Each protocol round trip yields first.
    const roundTrip = client.execProtocolRaw.bind(client);
    client.execProtocolRaw = async (...args: Parameters<typeof roundTrip>) => {
      await yieldToEventLoop();
      return roundTrip(...args);
    };
    const db = drizzle(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      location: options.dataDir ? path.resolve(options.dataDir) : 'memory://',
      sync: options.dataDir ? createWalSync(path.resolve(options.dataDir)) : async () => {},
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(url: string, max = 10): Promise<DatabaseHandle> {
  const [{ default: postgres }, { drizzle }] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
  ]);
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzle(client, { schema }) as unknown as Database;
  const safe = new URL(url);
  safe.password = '';
  return {
    db,
    kind: 'postgres',
    location: safe.toString(),
    sync: async () => {},
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

/** Apply the committed SQL migrations (idempotent). */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/postgres-js/migrator');
    await run(handle.db as never, { migrationsFolder });
  }
}
