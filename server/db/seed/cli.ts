/**
 * Seed a database from the command line (`npm run seed -- …`):
 *
 *   npx tsx server/db/seed/cli.ts [--products 320] [--seed N] [--data-dir DIR] [--reset]
 *
 * Uses PostgreSQL when DATABASE_URL is set, else PGlite in --data-dir (default: the store's own,
 * $DATA_DIR/db). Migrates, then seeds; a database that already has products is refused unless --reset
 * is given, which first deletes everything (the PGlite directory, or every table's rows on PostgreSQL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getTableName, isTable, sql, type Table } from 'drizzle-orm';
import { migrate, openDatabase, type DatabaseHandle } from '../database.server';
import { acquireDirectoryLock } from '../lock.server';
import * as schema from '../schema';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, seedDatabase } from './index';

const USAGE = `Usage: tsx server/db/seed/cli.ts [--products N] [--seed N] [--data-dir DIR] [--reset]
  --products N    number of products (default ${DEFAULT_PRODUCT_COUNT})
  --seed N        random seed (default ${DEFAULT_SEED})
  --data-dir DIR  PGlite data directory (default $DATA_DIR/db, as the store uses; DATA_DIR defaults to ./data);
                  ignored when DATABASE_URL is set
  --reset         delete all data first`;

type CliOptions = { products: number; seed: number; dataDir: string; reset: boolean; databaseUrl?: string };

function parseOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      products: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  return {
    products: wholeNumber('--products', values.products, DEFAULT_PRODUCT_COUNT),
    seed: wholeNumber('--seed', values.seed, DEFAULT_SEED),
    dataDir: values['data-dir'] ?? path.join(process.env.DATA_DIR || './data', 'db'),
    reset: values.reset,
    databaseUrl: process.env.DATABASE_URL || undefined,
  };
}

function wholeNumber(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${flag} must be a whole number (got "${value}")`);
  return parsed;
}

/** Deletes a PGlite data directory, holding its lock so that a running store is not pulled from under. */
function deleteDataDirectory(dataDir: string): void {
  const lock = acquireDirectoryLock(dataDir);
  try {
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    lock.release();
  }
}

async function truncateAllTables(handle: DatabaseHandle): Promise<void> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is Table => isTable(value));
  const names = sql.join(
    tables.map((table) => sql.identifier(getTableName(table))),
    sql`, `,
  );
  await handle.db.execute(sql`truncate ${names} restart identity cascade`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.reset && !options.databaseUrl) deleteDataDirectory(options.dataDir);
  const handle = options.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: options.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: options.dataDir });
  try {
    process.stdout.write(`Seeding ${handle.kind} at ${handle.location}\n`);
    await migrate(handle);
    if (options.reset && handle.kind === 'postgres') await truncateAllTables(handle);
    const summary = await seedDatabase(handle.db, {
      products: options.products,
      seed: options.seed,
      log: (message) => process.stdout.write(`${message}\n`),
      // Issue 10 §8: the demo accounts (public password) go into PostgreSQL only with SEED_DEMO=true.
      demoAccounts: handle.kind !== 'postgres' || process.env.SEED_DEMO === 'true',
    });
    const total = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Done: ${summary.products} products (seed ${summary.seed}, version ${summary.version}), ` +
        `${total} rows in ${(summary.durationMs / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
