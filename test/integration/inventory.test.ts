/**
 * The inventory context over a real database (PGlite and the local PostgreSQL): levels per SKU for
 * anonymous shoppers and customers, grouping by base SKU, and idempotent back-in-stock requests.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { backInStockRequests, inventoryRecords } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { createInventoryService, type InventoryService } from '../../server/inventory/index.server';
import { describeEachEngine } from '../helpers/database';

describeEachEngine('inventory service', ({ database }) => {
  let inventory: InventoryService;
  let stocked: { variantSku: string; standardQuantity: number; proQuantity: number }[];

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 12 });
    inventory = createInventoryService({ db });
    stocked = await db.select().from(inventoryRecords).orderBy(inventoryRecords.variantSku).limit(3);
    expect(stocked).toHaveLength(3);
  });

  it('answers the combined level to anonymous shoppers, in the order asked, and 0 for an unknown SKU', async () => {
    const [a, b] = stocked as [(typeof stocked)[number], (typeof stocked)[number]];
    const levels = await inventory.getLevels(
      [b.variantSku, a.variantSku.toLowerCase(), 'NOPE-X-M'],
      'anonymous',
    );
    expect(levels).toEqual([
      { variant_sku: b.variantSku, inventory_level: b.standardQuantity + b.proQuantity },
      { variant_sku: a.variantSku, inventory_level: a.standardQuantity + a.proQuantity },
      { variant_sku: 'NOPE-X-M', inventory_level: 0 },
    ]);
  });

  it('adds standard and pro quantities for customers', async () => {
    const [a] = stocked as [(typeof stocked)[number]];
    expect(await inventory.getLevels([a.variantSku], 'customer')).toEqual([
      {
        variant_sku: a.variantSku,
        standard_quantity: a.standardQuantity,
        pro_quantity: a.proQuantity,
        inventory_level: a.standardQuantity + a.proQuantity,
      },
    ]);
  });

  it('groups variants under a base SKU', async () => {
    const { db } = database();
    const [a] = stocked as [(typeof stocked)[number]];
    const [parent, color] = a.variantSku.split('-') as [string, string];
    const colorway = `${parent}-${color}`;
    const under = await db.select().from(inventoryRecords);
    const expected = under.filter((record) => record.variantSku.startsWith(`${colorway}-`));
    const [group] = await inventory.getLevelsByBaseSku([colorway], 'anonymous');
    expect(group?.base_sku).toBe(colorway);
    expect(group?.variants.map((variant) => variant.variant_sku).sort()).toEqual(
      expected.map((record) => record.variantSku).sort(),
    );
    expect(group?.inventory_level).toBe(
      expected.reduce((sum, record) => sum + record.standardQuantity + record.proQuantity, 0),
    );
    const [parentGroup] = await inventory.getLevelsByBaseSku([parent], 'customer');
    expect(parentGroup?.variants.length).toBeGreaterThanOrEqual(expected.length);
    expect(parentGroup?.pro_quantity).toBeTypeOf('number');
  });

  it('stores a back-in-stock request once per e-mail and SKU', async () => {
    const { db } = database();
    const [a] = stocked as [(typeof stocked)[number]];
    expect(await inventory.requestBackInStock('Shopper@Example.com ', a.variantSku)).toEqual({
      kind: 'requested',
      alreadyRequested: false,
    });
    expect(await inventory.requestBackInStock('shopper@example.com', a.variantSku)).toEqual({
      kind: 'requested',
      alreadyRequested: true,
    });
    const rows = await db
      .select()
      .from(backInStockRequests)
      .where(eq(backInStockRequests.variantSku, a.variantSku));
    expect(rows.map((row) => row.email)).toEqual(['shopper@example.com']);
    expect(await inventory.requestBackInStock('shopper@example.com', 'NOPE-X-M')).toEqual({
      kind: 'unknown-sku',
    });
  });
});
