import { count, eq, isNull } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { schema } from '../../server/db/database.server';
import {
  DatabaseAlreadySeededError,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  generateSeedData,
  isSeeded,
  seedDatabase,
  SEED_VERSION,
} from '../../server/db/seed/index';
import { verifyPassword } from '../../server/identity/password-hash';
import { fixedClock } from '../../server/clock';
import { describeEachEngine } from '../helpers/database';

const { categories, customers, customerFlags, addresses, products, productCategories, variants, storeMeta } =
  schema;

describeEachEngine('seed', ({ database }) => {
  // Small enough to be quick on both engines, large enough for every product type (SIGNATURE + grid).
  const options = { products: 120, seed: 7 };
  const expected = generateSeedData(options);

  test('an empty database is not seeded; seeding inserts every generated row', async () => {
    const { db } = database();
    expect(await isSeeded(db)).toBe(false);
    const summary = await seedDatabase(db, { ...options, clock: fixedClock('2026-11-01T12:00:00Z') });

    expect(summary).toMatchObject({ version: SEED_VERSION, ...options, at: '2026-11-01T12:00:00.000Z' });
    expect(await isSeeded(db)).toBe(true);
    const tableCounts: [
      keyof typeof summary.rows,
      number,
      typeof products | typeof variants | typeof categories,
    ][] = [
      ['products', expected.products.length, products],
      ['variants', expected.variants.length, variants],
      ['categories', expected.categories.length, categories],
    ];
    for (const [name, rows, table] of tableCounts) {
      const [row] = await db.select({ n: count() }).from(table);
      expect(row?.n, name).toBe(rows);
      expect(summary.rows[name]).toBe(rows);
    }
    const [assignments] = await db.select({ n: count() }).from(productCategories);
    expect(assignments?.n).toBe(expected.productCategories.length);
    const [meta] = await db.select().from(storeMeta).where(eq(storeMeta.key, 'seed'));
    expect(meta?.value).toEqual({ version: SEED_VERSION, ...options, at: '2026-11-01T12:00:00.000Z' });
  });

  test('rows read back as generated (jsonb, numeric and timestamp columns round-trip)', async () => {
    const { db } = database();
    const [product] = await db.select().from(products).where(eq(products.id, 1));
    expect(product).toEqual(expected.products[0]);
    const images = await db.query.productImages.findMany({ where: eq(schema.productImages.productId, 1) });
    expect(images.map(({ id: _id, ...image }) => image)).toEqual(
      expected.productImages.filter((image) => image.productId === 1),
    );
  });

  test('every row it loaded references rows that exist', async () => {
    const { db } = database();
    const orphanVariants = await db
      .select({ id: variants.id })
      .from(variants)
      .leftJoin(products, eq(products.id, variants.productId))
      .where(isNull(products.id));
    expect(orphanVariants).toEqual([]);
    const orphanAssignments = await db
      .select({ id: productCategories.categoryId })
      .from(productCategories)
      .leftJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(isNull(categories.id));
    expect(orphanAssignments).toEqual([]);
  });

  test('demo accounts are enabled, in their groups, with flags, a default address and the demo password', async () => {
    const { db } = database();
    const rows = await db
      .select({
        email: customers.email,
        isEnabled: customers.isEnabled,
        passwordHash: customers.passwordHash,
      })
      .from(customers)
      .innerJoin(customerFlags, eq(customerFlags.customerId, customers.id));
    expect(rows.map((row) => row.email).sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort());
    expect(rows.every((row) => row.isEnabled)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, rows[0]?.passwordHash ?? '')).toBe(true);

    const [pro] = await db
      .select({ group: schema.customerGroups.name, proUser: customerFlags.proUser })
      .from(customers)
      .innerJoin(schema.customerGroups, eq(schema.customerGroups.id, customers.customerGroupId))
      .innerJoin(customerFlags, eq(customerFlags.customerId, customers.id))
      .where(eq(customers.email, 'pro@example.com'));
    expect(pro).toEqual({ group: 'Pro Program', proUser: true });
    const [address] = await db.select().from(addresses).limit(1);
    expect(address?.formFields).toEqual([{ name: 'default_address', value: true }]);
  });

  test('seeding a database that has products is refused and changes nothing', async () => {
    const { db } = database();
    await expect(seedDatabase(db, options)).rejects.toBeInstanceOf(DatabaseAlreadySeededError);
    const [row] = await db.select({ n: count() }).from(products);
    expect(row?.n).toBe(options.products);
  });
});

describeEachEngine(
  'seed without demo accounts (issue 10 §8: DATABASE_URL without SEED_DEMO=true)',
  ({ database }) => {
    test('adds the catalogue and the customer groups, no customer and no order', async () => {
      const { db } = database();
      const summary = await seedDatabase(db, { products: 12, seed: 7, demoAccounts: false });
      expect(summary.rows.customers).toBe(0);
      expect(summary.rows.orders).toBe(0);
      const [customerCount] = await db.select({ n: count() }).from(customers);
      expect(customerCount?.n).toBe(0);
      const [productCount] = await db.select({ n: count() }).from(products);
      expect(productCount?.n).toBe(12);
      const [groupCount] = await db.select({ n: count() }).from(schema.customerGroups);
      expect(groupCount?.n).toBe(9);
    });
  },
);
