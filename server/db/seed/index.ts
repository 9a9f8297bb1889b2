/**
 * Seeds an empty, migrated database with the generated catalogue, customer groups, demo accounts and
 * merchandising data, in one transaction (all or nothing), then records what it did in store_meta.
 *
 *   await seedDatabase(db, { products: 320, seed: 20261101 })
 *
 * Works on PGlite and PostgreSQL alike: reads use the query builder (whose results have one shape on both
 * drivers); bulk inserts are single statements with a JSON parameter (see insertBatch).
 */
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { systemClock, type Clock } from '../../clock';
import type { Database, Tx } from '../database.server';
import * as schema from '../schema';
import { customerGroupId } from './customer-groups';
import { DEMO_PASSWORD, DEMO_STAFF_USER } from './demo-accounts';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateSeedData, type SeedData } from './generate';
import { hashPassword } from '../../identity/password-hash';
import { insertDemoOrderHistory } from './order-history';

export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_STAFF_USER,
  type DemoAccount,
  type DemoAccountKind,
} from './demo-accounts';
export { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateSeedData, type SeedData } from './generate';

/** Bump when the shape or content of the seed changes, so a stale embedded database can be recognised. */
export const SEED_VERSION = 1;
const SEED_META_KEY = 'seed';
/**
 * Rows per INSERT. Rows travel as one JSON parameter (see insertBatch), so PostgreSQL's 65,535-parameter
 * limit does not apply; each statement costs PGlite several milliseconds of its own, and 2,000 rows
 * (100–400 KB of JSON) loaded in half the time that 500 did.
 */
const BATCH_ROWS = 2000;

export type SeedOptions = {
  products?: number;
  seed?: number;
  log?: (message: string) => void;
  /** Stamps store_meta's `at`; the data itself never depends on the clock. */
  clock?: Clock;
  /**
   * The demo accounts of the README (and their order history); default true. The store passes false for a
   * DATABASE_URL database unless SEED_DEMO=true (issue 10 §8): their password is public.
   */
  demoAccounts?: boolean;
};

export type SeedMeta = { version: number; products: number; seed: number; at: string };

export type SeedSummary = SeedMeta & {
  /** Rows inserted per table. */
  rows: Record<string, number>;
  durationMs: number;
};

export class DatabaseAlreadySeededError extends Error {
  constructor() {
    super(
      'The database already has products; refusing to seed it again. Reset it first (seed CLI: --reset).',
    );
    this.name = 'DatabaseAlreadySeededError';
  }
}

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const clock = options.clock ?? systemClock;
  const meta: Omit<SeedMeta, 'at'> = {
    version: SEED_VERSION,
    products: options.products ?? DEFAULT_PRODUCT_COUNT,
    seed: options.seed ?? DEFAULT_SEED,
  };
  // Checked here to fail before the work of generating, and again inside the transaction.
  await assertEmpty(db);

  // Hashing runs on libuv's thread pool while generation runs here. The demo accounts share one
  // documented password, so they share one hash: scrypt is deliberately slow (~0.5 s a hash).
  const withDemoAccounts = options.demoAccounts ?? true;
  const passwordHash = withDemoAccounts ? hashPassword(DEMO_PASSWORD) : Promise.resolve('');
  const generated = generateSeedData({ products: meta.products, seed: meta.seed });
  const data = withDemoAccounts ? generated : { ...generated, demoAccounts: [] };
  log(`Generated ${data.products.length} products in ${Math.round(performance.now() - started)} ms`);
  const hash = await passwordHash;

  const at = clock.now().toISOString();
  const rows = await db.transaction(async (tx) => {
    await assertEmpty(tx);
    await skipForeignKeyChecks(tx, log);
    const counts = await insertSeedData(tx, data, hash, log);
    await tx
      .insert(schema.storeMeta)
      .values({ key: SEED_META_KEY, value: { ...meta, at } })
      .onConflictDoUpdate({
        target: schema.storeMeta.key,
        set: { value: { ...meta, at }, updatedAt: new Date(at) },
      });
    return counts;
  });
  const durationMs = Math.round(performance.now() - started);
  log(`Seeded ${meta.products} products in ${durationMs} ms`);
  return { ...meta, at, rows, durationMs };
}

/** True once `seedDatabase` has completed on this database. */
export async function isSeeded(db: Database): Promise<boolean> {
  const found = await db
    .select({ key: schema.storeMeta.key })
    .from(schema.storeMeta)
    .where(eq(schema.storeMeta.key, SEED_META_KEY))
    .limit(1);
  return found.length > 0;
}

async function assertEmpty(db: Database | Tx): Promise<void> {
  const anyProduct = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
  if (anyProduct.length > 0) throw new DatabaseAlreadySeededError();
}

async function insertSeedData(tx: Tx, data: SeedData, passwordHash: string, log: (message: string) => void) {
  const counts: Record<string, number> = {};
  const insert = async <T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]) => {
    const started = performance.now();
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      await insertBatch(tx, table, rows.slice(start, start + BATCH_ROWS));
    }
    counts[getTableName(table)] = rows.length;
    log(`  ${getTableName(table)}: ${rows.length} rows in ${Math.round(performance.now() - started)} ms`);
  };

  // Parents before children (foreign keys).
  await insert(schema.categories, data.categories);
  await insert(schema.products, data.products);
  await insert(schema.productCategories, data.productCategories);
  await insert(schema.productOptions, data.productOptions);
  await insert(schema.productOptionValues, data.productOptionValues);
  await insert(schema.variants, data.variants);
  await insert(schema.productImages, data.productImages);
  await insert(schema.productCustomFields, data.productCustomFields);
  await insert(schema.productModifiers, data.productModifiers);
  await insert(schema.bulkPricingRules, data.bulkPricingRules);
  await insert(schema.inventoryRecords, data.inventoryRecords);
  await insert(schema.ratingSummaries, data.ratingSummaries);
  await insert(schema.merchandisingRules, data.merchandisingRules);
  await insert(schema.searchRedirects, data.searchRedirects);
  await insert(schema.searchSynonyms, data.searchSynonyms);
  await insert(schema.customerGroups, data.customerGroups);
  counts.customers = data.demoAccounts.length > 0 ? await insertDemoAccounts(tx, data, passwordHash) : 0;
  // The demo staff user (every role, the demo password) comes and goes with the demo customers (decision 088).
  if (data.demoAccounts.length > 0) {
    await tx
      .insert(schema.staffUsers)
      .values({ email: DEMO_STAFF_USER.email, roles: [...DEMO_STAFF_USER.roles], passwordHash });
    counts.staff_users = 1;
  }
  // Past orders of the demo accounts (the repair wizard's order history); after the accounts they belong to.
  counts.orders = await insertDemoOrderHistory(tx, data);
  return counts;
}

/**
 * Foreign-key checks run a trigger per inserted row and take about a third of a large seed on PGlite.
 * Like `pg_restore --disable-triggers`, turn them off for this transaction when allowed (superuser, which
 * PGlite always is); the generator's tests check referential integrity instead. Elsewhere keep them: the
 * attempt runs in a savepoint so that a permission error does not abort the transaction.
 */
async function skipForeignKeyChecks(tx: Tx, log: (message: string) => void): Promise<void> {
  try {
    await tx.transaction((savepoint) => savepoint.execute(sql`set local session_replication_role = replica`));
  } catch {
    log('  (not a superuser: foreign keys are checked row by row)');
  }
}

/**
 * One multi-row INSERT whose rows travel as a single JSON parameter, expanded by
 * json_populate_recordset. Binding rows × columns parameters is what makes a plain multi-row insert slow
 * (on PGlite above all); one parameter per batch is several times faster on both drivers. Only the
 * columns present in the rows are inserted, so the others (serial ids, defaults) get their defaults.
 */
async function insertBatch<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const records = rows.map((row) =>
    Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]])),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
  );
}

/** Customers take serial ids, so their flags and addresses follow the ids the database returns. */
async function insertDemoAccounts(tx: Tx, data: SeedData, passwordHash: string): Promise<number> {
  const inserted = await tx
    .insert(schema.customers)
    .values(
      data.demoAccounts.map((account) => ({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone,
        passwordHash,
        isEnabled: true,
        customerGroupId: customerGroupId(account.group),
      })),
    )
    .returning({ id: schema.customers.id, email: schema.customers.email });
  const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
  const customerId = (email: string) => idByEmail.get(email) as number;
  await tx
    .insert(schema.customerFlags)
    .values(
      data.demoAccounts.map((account) => ({ customerId: customerId(account.email), ...account.flags })),
    );
  await tx.insert(schema.addresses).values(
    data.demoAccounts.map((account) => ({
      customerId: customerId(account.email),
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      ...account.address,
      formFields: [{ name: 'default_address', value: true }],
    })),
  );
  return inserted.length;
}
