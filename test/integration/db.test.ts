import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { migrate, openDatabase, schema, type Database } from '../../server/db/database.server';
import {
  acquireDirectoryLock,
  DataDirectoryLockedError,
  lockPathFor,
  processStartTime,
} from '../../server/db/lock.server';
import journal from '../../server/db/migrations/meta/_journal.json';
import {
  createTestDatabase,
  describeEachEngine,
  forEachEngine,
  migratedPgliteImage,
} from '../helpers/database';

const { carts, cartLines, inventoryRecords, products, variants, storeMeta } = schema;

/** Raw SQL rows: postgres-js returns the rows themselves, PGlite an object with `rows`. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const publicTables = (db: Database) =>
  rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  ).then((list) => list.map((row) => row.table_name));

/** The PostgreSQL error (with its SQLSTATE code) behind a rejected Drizzle query, whichever driver raised it. */
async function databaseError(work: Promise<unknown>): Promise<Error & { code: string }> {
  try {
    await work;
  } catch (error) {
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      if (typeof (current as { code?: unknown }).code === 'string')
        return current as Error & { code: string };
    }
    throw error;
  }
  throw new Error('Expected the database to reject the statement, but it succeeded');
}

async function expectViolation(work: Promise<unknown>, code: '23505' | '23514', constraint: string) {
  const error = await databaseError(work);
  expect(error.code).toBe(code);
  expect(error.message).toContain(constraint);
}

const cartLine = (cartId: string, quantity: number, sku = '600123-01-M') => ({
  cartId,
  productId: 1,
  variantId: 1,
  sku,
  name: 'Test jacket',
  quantity,
  listPriceCents: 19_900,
  salePriceCents: 19_900,
});

forEachEngine('migrations', (engine) => {
  test('apply to an empty database, and running them again changes nothing', async () => {
    const database = await createTestDatabase(engine, { migrated: false });
    try {
      expect(await publicTables(database.db)).toEqual([]);

      await migrate(database.handle);
      const tables = await publicTables(database.db);
      expect(tables).toEqual(
        expect.arrayContaining([
          'products',
          'variants',
          'inventory_records',
          'carts',
          'cart_lines',
          'orders',
        ]),
      );

      await migrate(database.handle);
      expect(await publicTables(database.db)).toEqual(tables);
      const [applied] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBe(journal.entries.length);
    } finally {
      await database.dispose();
    }
  });
});

describeEachEngine('constraints', ({ database }) => {
  test('a cart line holds 1 to 10 units', async () => {
    const { db } = database();
    const [cart] = await db.insert(carts).values({}).returning({ id: carts.id });
    const cartId = cart!.id;

    await expectViolation(
      db.insert(cartLines).values(cartLine(cartId, 0)),
      '23514',
      'cart_lines_quantity_range',
    );
    await expectViolation(
      db.insert(cartLines).values(cartLine(cartId, 11)),
      '23514',
      'cart_lines_quantity_range',
    );
    // Two variants: a cart holds one line per variant and warehouse (migration 0005).
    await db
      .insert(cartLines)
      .values([{ ...cartLine(cartId, 1, 'a-1-S'), variantId: 2 }, cartLine(cartId, 10, 'a-1-M')]);

    const stored = await db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId));
    expect(stored.map((row) => row.quantity).sort((a, b) => a - b)).toEqual([1, 10]);
  });

  test('inventory never goes below zero, even through a decrement', async () => {
    const { db } = database();
    await expectViolation(
      db.insert(inventoryRecords).values({ variantSku: 'neg-1-S', standardQuantity: -1 }),
      '23514',
      'inventory_standard_nonneg',
    );
    await expectViolation(
      db.insert(inventoryRecords).values({ variantSku: 'neg-1-M', proQuantity: -1 }),
      '23514',
      'inventory_pro_nonneg',
    );

    await db.insert(inventoryRecords).values({ variantSku: 'stock-1-S', standardQuantity: 3 });
    await expectViolation(
      db
        .update(inventoryRecords)
        .set({ standardQuantity: sql`${inventoryRecords.standardQuantity} - 4` })
        .where(eq(inventoryRecords.variantSku, 'stock-1-S')),
      '23514',
      'inventory_standard_nonneg',
    );
    const [left] = await db
      .select({ quantity: inventoryRecords.standardQuantity })
      .from(inventoryRecords)
      .where(eq(inventoryRecords.variantSku, 'stock-1-S'));
    expect(left?.quantity).toBe(3);
  });

  test('a variant SKU belongs to one variant only', async () => {
    const { db } = database();
    await db.insert(products).values({
      id: 9001,
      sku: '900100',
      name: 'Unique jacket',
      url: 'unique-jacket',
      priceCents: 10_000,
      gender: 'mens',
      productType: 'jacket',
    });
    await db.insert(variants).values({ id: 90011, productId: 9001, sku: '900100-01-M' });
    await expectViolation(
      db.insert(variants).values({ id: 90012, productId: 9001, sku: '900100-01-M' }),
      '23505',
      'variants_sku_key',
    );
    const stored = await db.select({ id: variants.id }).from(variants).where(eq(variants.sku, '900100-01-M'));
    expect(stored).toEqual([{ id: 90011 }]);
  });
});

describeEachEngine('transactions', ({ database }) => {
  test('a failure part-way through leaves nothing of the transaction behind', async () => {
    const { db } = database();
    let cartId: string | undefined;
    const error = await databaseError(
      db.transaction(async (tx) => {
        const [cart] = await tx
          .insert(carts)
          .values({ email: 'rollback@example.com' })
          .returning({ id: carts.id });
        cartId = cart!.id;
        await tx.insert(cartLines).values(cartLine(cartId, 2));
        // The third write breaks a constraint: the cart and its first line must go too.
        await tx.insert(cartLines).values(cartLine(cartId, 99));
      }),
    );
    expect(error.code).toBe('23514');
    expect(cartId).toBeDefined();
    expect(await db.select().from(carts).where(eq(carts.id, cartId!))).toEqual([]);
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, cartId!))).toEqual([]);
  });

  test('an error thrown by the application rolls back as well', async () => {
    const { db } = database();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(storeMeta).values({ key: 'rollback-test', value: { written: true } });
        throw new Error('the payment step failed');
      }),
    ).rejects.toThrow('the payment step failed');
    expect(await db.select().from(storeMeta).where(eq(storeMeta.key, 'rollback-test'))).toEqual([]);
  });
});

describe('the embedded database on disk (PGlite data directory)', () => {
  const dirs: string[] = [];
  const children: ReturnType<typeof spawn>[] = [];
  const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  const tempDir = () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-datadir-'));
    dirs.push(parent);
    return path.join(parent, 'db');
  };
  const writeLock = (dir: string, record: unknown) =>
    fs.writeFileSync(lockPathFor(dir), typeof record === 'string' ? record : JSON.stringify(record));
  const readLock = (dir: string) => JSON.parse(fs.readFileSync(lockPathFor(dir), 'utf8')) as { pid: number };

  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The pid of another live process (one that does nothing until killed after the test). */
  function livePid(): number {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    children.push(child);
    return child.pid!;
  }

  /** The pid of a process that has exited. */
  function deadPid(): number {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const pid = Number(child.stdout);
    expect(() => process.kill(pid, 0)).toThrow();
    return pid;
  }

  test('a directory locked by another running process is refused, naming that process', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const holder = livePid();
    writeLock(dir, { pid: holder, bootId });

    expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
    const error = await openDatabase({ kind: 'pglite', dataDir: dir }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DataDirectoryLockedError);
    expect((error as DataDirectoryLockedError).pid).toBe(holder);
    expect((error as Error).message).toContain(`pid ${holder}`);
    // The holder keeps its lock.
    expect(readLock(dir).pid).toBe(holder);
  });

  test('a second open of a directory this process holds is refused too', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir, loadDataDir: migratedPgliteImage() });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(
        DataDirectoryLockedError,
      );
    } finally {
      await first.close();
    }
  });

  test('a lock naming a live process and its start time is refused', () => {
    const dir = tempDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const holder = livePid();
    writeLock(dir, { pid: holder, bootId, startTime: processStartTime(holder) });
    expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
  });

  test.each([
    ['a process that has died', () => ({ pid: deadPid(), bootId })],
    ['a running pid, written before the last reboot', () => ({ pid: process.ppid, bootId: 'another-boot' })],
    ['half-written', () => '{"pid":'],
    // Issue 8: after an OOM kill, a restarted container's process has the dead holder's pid (1) again.
    [
      'a process whose pid is now another live process',
      () => ({ pid: process.ppid, bootId, startTime: String(Number(processStartTime(process.ppid)) - 1) }),
    ],
    ["an earlier process with this process's pid", () => ({ pid: process.pid, bootId, startTime: '1' })],
  ])('a lock left by %s is taken over, and released on close', (_, record) => {
    const dir = tempDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    writeLock(dir, record());

    const lock = acquireDirectoryLock(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lockPathFor(dir))).toBe(false);
  });

  test('data written before close is there after reopening the directory', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir, loadDataDir: migratedPgliteImage() });
    try {
      await first.db.insert(storeMeta).values({ key: 'persisted', value: { answer: 42 } });
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockPathFor(dir))).toBe(false);

    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await migrate(second);
      const stored = await second.db
        .select({ value: storeMeta.value })
        .from(storeMeta)
        .where(eq(storeMeta.key, 'persisted'));
      expect(stored).toEqual([{ value: { answer: 42 } }]);
    } finally {
      await second.close();
    }
  });
});
