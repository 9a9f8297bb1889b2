/**
 * The inventory context over a real database (PGlite and the local PostgreSQL): levels per SKU for
 * anonymous shoppers and customers, grouping by base SKU, and back-in-stock requests that count only once their
 * address confirmed them through the single-use link of the confirmation mail.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import {
  backInStockRequests,
  inventoryRecords,
  mailOutbox,
  products,
  variants,
} from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import type { InventoryService } from '../../server/inventory/index.server';
import { catalogueWithInventory } from '../helpers/catalogue';
import { pricingOver } from '../helpers/pricing';
import { createMailService } from '../../server/mail/index.server';
import { describeEachEngine } from '../helpers/database';
import { explainWithoutSeqScan, recordStatements } from '../helpers/statements';

const ORIGIN = 'https://shop.example';
const LINK = /https:\/\/shop\.example\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]{43})/;

describeEachEngine('inventory service', ({ engine, database }) => {
  let inventory: InventoryService;
  let stocked: { variantSku: string; standardQuantity: number; proQuantity: number }[];
  const clock = fixedClock('2026-05-04T08:00:00.000Z');

  /** The mails queued to an address, newest first. */
  const mailsTo = (to: string) =>
    database().db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  const tokenOf = (mail: { text: string } | undefined) => LINK.exec(mail?.text ?? '')?.[1] ?? '';

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 12 });
    inventory = catalogueWithInventory({
      db,
      clock,
      pricing: pricingOver(db),
      mail: createMailService({ db }),
      links: { origin: ORIGIN, siteName: 'Cairn Outdoor' },
    }).inventory;
    stocked = await db.select().from(inventoryRecords).orderBy(inventoryRecords.variantSku).limit(3);
    expect(stocked).toHaveLength(3);
  });

  it('answers anonymous shoppers the standard stock they can buy, in the order asked, and 0 for an unknown SKU', async () => {
    const [a, b] = stocked as [(typeof stocked)[number], (typeof stocked)[number]];
    const levels = await inventory.getLevels(
      [b.variantSku, a.variantSku.toLowerCase(), 'NOPE-X-M'],
      'anonymous',
    );
    expect(levels).toEqual([
      { variant_sku: b.variantSku, inventory_level: b.standardQuantity },
      { variant_sku: a.variantSku, inventory_level: a.standardQuantity },
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
    expect(group?.inventory_level).toBe(expected.reduce((sum, record) => sum + record.standardQuantity, 0));
    const [parentGroup] = await inventory.getLevelsByBaseSku([parent], 'customer');
    expect(parentGroup?.variants.length).toBeGreaterThanOrEqual(expected.length);
    expect(parentGroup?.pro_quantity).toBeTypeOf('number');
  });

  it('finds SKUs and base SKUs through the upper(sku) index, without reading the whole table', async () => {
    const { db } = database();
    const [a] = stocked as [(typeof stocked)[number]];
    const [parent] = a.variantSku.split('-') as [string];
    const recorder = recordStatements(db, engine);
    await inventory.getLevels([a.variantSku.toLowerCase()], 'anonymous');
    await inventory.getLevelsByBaseSku([parent.toLowerCase()], 'customer');
    recorder.stop();
    const lookups = recorder.statements.filter((statement) => statement.text.includes('inventory_records'));
    expect(lookups).toHaveLength(2);
    for (const lookup of lookups) {
      const plan = await explainWithoutSeqScan(db, engine, lookup);
      expect(plan).toContain('inventory_records_upper_sku_pattern_idx');
      expect(plan).not.toMatch(/Seq Scan on inventory_records/);
    }
  });

  it('stores a request unconfirmed, mails a single-use link, and counts it only once confirmed', async () => {
    const { db } = database();
    const [a] = stocked as [(typeof stocked)[number]];
    const [product] = await db
      .select({ name: products.name })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(variants.sku, a.variantSku));

    expect(
      await inventory.requestBackInStock('Shopper@Example.com ', a.variantSku, { origin: ORIGIN }),
    ).toEqual({
      kind: 'confirmation-sent',
      mailed: true,
    });
    const [mail] = await mailsTo('shopper@example.com');
    expect(mail).toMatchObject({
      template: 'back-in-stock-confirm',
      subject: 'Cairn Outdoor: Confirm your back-in-stock alert',
    });
    expect(mail!.text).toContain(`${product!.name} (${a.variantSku})`);
    expect(mail!.html).toContain('Confirm my back-in-stock alert');
    const token = tokenOf(mail);
    expect(token).not.toBe('');
    // Only the hash of the token is stored.
    const [row] = await db
      .select()
      .from(backInStockRequests)
      .where(eq(backInStockRequests.variantSku, a.variantSku));
    expect(row).toMatchObject({ email: 'shopper@example.com', confirmedAt: null });
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    // Not counted before the link is used.
    expect(await inventory.backInStockSubscribers(a.variantSku)).toEqual([]);
    expect(await inventory.findBackInStockLink(token)).toEqual({
      sku: a.variantSku,
      productName: product!.name,
    });

    expect(await inventory.confirmBackInStock(token)).toEqual({
      kind: 'confirmed',
      sku: a.variantSku,
      productName: product!.name,
    });
    expect(await inventory.backInStockSubscribers(a.variantSku)).toEqual(['shopper@example.com']);
    // Single use.
    expect(await inventory.confirmBackInStock(token)).toEqual({ kind: 'invalid' });
    expect(await inventory.findBackInStockLink(token)).toBeNull();
    expect(await inventory.confirmBackInStock('not-a-token-at-all-xxxxxxxxxxxxxx')).toEqual({
      kind: 'invalid',
    });
  });

  it('mails once a minute at most per request, and an already confirmed address is told so by mail', async () => {
    const [, b] = stocked as [(typeof stocked)[number], (typeof stocked)[number]];
    const email = 'twice@example.com';
    await inventory.requestBackInStock(email, b.variantSku, { origin: ORIGIN });
    expect(await inventory.requestBackInStock(email, b.variantSku, { origin: ORIGIN })).toEqual({
      kind: 'confirmation-sent',
      mailed: false,
    });
    expect(await mailsTo(email)).toHaveLength(1);

    clock.advance(61_000);
    expect(await inventory.requestBackInStock(email, b.variantSku, { origin: ORIGIN })).toEqual({
      kind: 'confirmation-sent',
      mailed: true,
    });
    const [latest, first] = await mailsTo(email);
    // A new link replaces the old one.
    expect(await inventory.confirmBackInStock(tokenOf(first))).toEqual({ kind: 'invalid' });
    expect((await inventory.confirmBackInStock(tokenOf(latest))).kind).toBe('confirmed');

    clock.advance(61_000);
    await inventory.requestBackInStock(email, b.variantSku, { origin: ORIGIN });
    const [note] = await mailsTo(email);
    expect(note).toMatchObject({
      template: 'back-in-stock-already-subscribed',
      subject: 'Cairn Outdoor: You are already on the back-in-stock list',
    });
    // Still confirmed: asking again does not undo a confirmation.
    expect(await inventory.backInStockSubscribers(b.variantSku)).toEqual([email]);
  });

  it('lets a link expire after 48 hours', async () => {
    const { db } = database();
    const [, , c] = stocked as [unknown, unknown, (typeof stocked)[number]];
    const email = 'late@example.com';
    await inventory.requestBackInStock(email, c.variantSku, { origin: ORIGIN });
    const token = tokenOf((await mailsTo(email))[0]);
    clock.advance(48 * 60 * 60 * 1000 + 1);
    expect(await inventory.findBackInStockLink(token)).toBeNull();
    expect(await inventory.confirmBackInStock(token)).toEqual({ kind: 'invalid' });
    const [row] = await db
      .select()
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.email, email), eq(backInStockRequests.variantSku, c.variantSku)));
    expect(row!.confirmedAt).toBeNull();
  });

  it('refuses an unknown SKU without mailing', async () => {
    expect(await inventory.variantExists('NOPE-X-M')).toBe(false);
    expect(await inventory.requestBackInStock('nobody@example.com', 'NOPE-X-M', { origin: ORIGIN })).toEqual({
      kind: 'unknown-sku',
    });
    expect(await mailsTo('nobody@example.com')).toEqual([]);
  });
});
