/**
 * The catalogue import (issue 25 §3, decision 095) on both engines, over a seeded store: the example files in both
 * formats, run again (no duplicate, the same URLs and ids), what the shopper sees after it (product page, listing,
 * search, through services whose caches follow the change feed: no restart), refused files (the report, nothing
 * written) and a generated 10,000-product file imported twice.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CatalogueService } from '../../server/catalogue/index.server';
import { fixedClock } from '../../server/clock';
import type { Database } from '../../server/db/database.server';
import { rowsOf } from '../../server/db/rows';
import { seedDatabase } from '../../server/db/seed/index';
import type { InventoryService } from '../../server/inventory/index.server';
import { createLogger } from '../../server/logger';
import { projectRoot } from '../../server/paths';
import { createSearchService, type SearchService } from '../../server/search/index.server';
import { importCatalogue, type CatalogueImportReport } from '../../server/workflows/import-catalogue.server';
import { catalogueWithInventory } from '../helpers/catalogue';
import { describeEachEngine } from '../helpers/database';
import { writeGeneratedCatalogue } from '../helpers/import-catalogue-file';
import { pricingOver } from '../helpers/pricing';

const EXAMPLE_JSON = path.join(projectRoot, 'examples', 'catalogue.example.json');
const EXAMPLE_CSV = path.join(projectRoot, 'examples', 'catalogue.example.csv');
const SEEDED = 40;
const LISTING = { page: 1, perPage: 100, sort: 'featured' as const };

type Example = { data: Record<string, unknown>[] };
const readExample = (): Example => JSON.parse(fs.readFileSync(EXAMPLE_JSON, 'utf8')) as Example;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** What must not change between runs: products and variants with their ids and URLs, and row counts. */
async function snapshot(db: Database) {
  const [counts] = await rows<Record<string, number | string>>(
    db,
    sql`select (select count(*) from products) as products, (select count(*) from variants) as variants,
      (select count(*) from product_options) as options, (select count(*) from product_option_values) as "values",
      (select count(*) from product_images) as images, (select count(*) from product_custom_fields) as fields,
      (select count(*) from product_categories) as memberships, (select count(*) from inventory_records) as stock`,
  );
  return {
    counts: Object.fromEntries(Object.entries(counts ?? {}).map(([key, value]) => [key, Number(value)])),
    products: await rows(
      db,
      sql`select id, sku, url, price_cents from products where sku like '81%' order by sku`,
    ),
    variants: await rows(db, sql`select id, sku, product_id from variants where sku like '81%' order by sku`),
    stock: await rows(
      db,
      sql`select variant_sku, standard_quantity, pro_quantity from inventory_records where variant_sku like '81%'
          order by variant_sku`,
    ),
  };
}

async function feedLength(db: Database): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*) as n from catalogue_changes`);
  return Number(row?.n);
}

describeEachEngine('catalogue import', ({ database }) => {
  // Issue 25's 10,000 products on both engines. On PGlite the import's statements run in this process; since
  // decision 113 the event loop runs between them, so the worker keeps answering vitest while it imports.
  const generatedProducts = 10_000;
  let db: Database;
  let tempDir: string;
  let catalogue: CatalogueService;
  let inventory: InventoryService;
  let search: SearchService;
  const clock = fixedClock('2026-11-20T12:00:00Z');
  const run = (file: string): Promise<CatalogueImportReport> => importCatalogue({ db, clock }, file);
  const writeJson = (name: string, value: unknown) => {
    const file = path.join(tempDir, name);
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
  };

  beforeAll(async () => {
    db = database().db;
    await seedDatabase(db, { products: SEEDED, demoAccounts: false });
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-import-'));
    // Files written here name the example's local image as the example does (relative to the file).
    fs.cpSync(path.join(projectRoot, 'examples', 'images'), path.join(tempDir, 'images'), {
      recursive: true,
    });
    const pricing = pricingOver(db);
    // With the data cache on, as the app runs it: pages must follow the change feed.
    ({ catalogue, inventory } = catalogueWithInventory({
      db,
      clock,
      pricing,
      cache: { maxEntries: 500, ttlMs: 5 * 60_000, checkEveryMs: 0 },
    }));
    search = createSearchService({ db, clock, catalogue, pricing, logger: createLogger({ level: 'error' }) });
    await catalogue.syncListings();
    await search.sync();
  });
  afterAll(() => {
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('imports the example JSON: products, variants, stock and the local image', async () => {
    // Asked before the import: the cache keeps the miss until the change feed says otherwise.
    expect(await catalogue.getProductPage('ridgeline-rain-jacket', 'Lead', 'retail')).toBeNull();

    const report = await run(EXAMPLE_JSON);
    expect(report.refusals).toEqual([]);
    expect(report.format).toBe('json');
    expect(report.records).toBe(4);
    expect(report.summary).toEqual({
      products: { created: 4, updated: 0 },
      variants: { created: 22, updated: 0, removed: 0 },
    });
    expect(report.stockRecordsWritten).toBe(22);
    expect(report.imagesStored).toBe(1);

    const after = await snapshot(db);
    expect(after.products).toEqual([
      { id: SEEDED + 1, sku: '810001', url: 'ridgeline-rain-jacket', price_cents: 34_900 },
      { id: SEEDED + 2, sku: '810002', url: 'basin-insulated-vest', price_cents: 18_900 },
      // Its custom_url ("/talus-30-day-pack/"), not its name's slug.
      { id: SEEDED + 3, sku: '810003', url: 'talus-30-day-pack', price_cents: 22_900 },
      { id: SEEDED + 4, sku: '810004', url: 'cold-front-merino-beanie', price_cents: 3_900 },
    ]);
    expect(after.stock.slice(0, 2)).toEqual([
      { variant_sku: '810001-LD-3XL', standard_quantity: 0, pro_quantity: 0 },
      { variant_sku: '810001-LD-L', standard_quantity: 14, pro_quantity: 4 },
    ]);
    const levels = await inventory.getLevels(['810003-LD-OS'], 'customer');
    // Signed-in customers see the combined level (standard plus pro), as the file gives it.
    expect(levels.map((level) => [level.variant_sku, level.inventory_level])).toEqual([['810003-LD-OS', 40]]);

    const images = await rows<{ url: string; width: number; height: number }>(
      db,
      sql`select i.url, i.width, i.height from product_images i join products p on p.id = i.product_id
          where p.sku = '810003' and i.url like '/images/imported/%'`,
    );
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ width: 800, height: 1000 });
    // Stored in the database (every app server serves it), under its content's hash (an independent oracle).
    const original = fs.readFileSync(path.join(projectRoot, 'examples', 'images', 'talus-30-pack-lead.svg'));
    const name = `${crypto.createHash('sha256').update(original).digest('hex').slice(0, 32)}.svg`;
    expect(images[0]!.url).toBe(`/images/imported/${name}`);
    const stored = await catalogue.importedImage(name);
    expect(stored?.contentType).toBe('image/svg+xml');
    expect(Buffer.from(stored!.bytes)).toEqual(original);
    expect(await catalogue.importedImage('0'.repeat(32) + '.svg')).toBeNull();
  });

  it('runs again (JSON, then the CSV of the same catalogue) without a duplicate, a new URL, a new id or a change', async () => {
    const before = await snapshot(db);
    const changesBefore = await feedLength(db);
    const again = await run(EXAMPLE_JSON);
    expect(again.refusals).toEqual([]);
    expect(again.summary).toEqual({
      products: { created: 0, updated: 4 },
      variants: { created: 0, updated: 22, removed: 0 },
    });
    expect(again.stockRecordsWritten).toBe(0);
    expect(again.imagesStored).toBe(0);
    expect(await snapshot(db)).toEqual(before);

    const csv = await run(EXAMPLE_CSV);
    expect(csv.refusals).toEqual([]);
    expect(csv.format).toBe('csv');
    expect(csv.summary.products).toEqual({ created: 0, updated: 4 });
    expect(await snapshot(db)).toEqual(before);
    // Nothing differed, so nothing was rewritten: no server re-reads these products.
    expect(await feedLength(db)).toBe(changesBefore);
    const [duplicates] = await rows<{ n: number | string }>(
      db,
      sql`select count(*) as n from (select sku from variants group by sku having count(*) > 1) d`,
    );
    expect(Number(duplicates?.n)).toBe(0);
  });

  it('shows the import on the product page, in listings and in search, and follows a change without a restart', async () => {
    const page = await catalogue.getProductPage('ridgeline-rain-jacket', 'Lead', 'retail');
    expect(page?.kind).toBe('page');
    if (page?.kind !== 'page') return;
    expect(page.page.product).toMatchObject({ sku: '810001', name: 'Ridgeline Rain Jacket' });
    expect(page.page.product.price.currentCents).toBe(34_900);
    expect(page.page.colors.map((color) => color.label)).toEqual(['Optifade Subalpine', 'Lead']);
    // A retail page shows standard stock: inventory_level less pro_quantity in the file.
    expect(page.page.variants.map((variant) => [variant.size, variant.inventoryLevel])).toEqual([
      ['S', 18],
      ['M', 23],
      ['L', 14],
      ['XL', 7],
      ['3XL', 0],
    ]);
    expect(page.page.variants.at(-1)?.price.currentCents).toBe(35_900);
    expect(page.page.technologyBadges).toEqual(['Gore-Tex']);
    const vest = await catalogue.getProductPage('basin-insulated-vest', 'Earth', 'retail');
    expect(vest?.kind === 'page' && vest.page.product.price).toMatchObject({
      currentCents: 14_900,
      compareAtCents: 18_900,
    });

    await catalogue.syncListings();
    const packs = await catalogue.getCategoryByPath('/gear/packs/');
    const gear = await catalogue.getCategoryByPath('/gear/');
    const names = async (categoryId: number) =>
      (await catalogue.browseCategory(categoryId, LISTING)).listing.products.map((card) => card.name);
    // Listed in its category and in the branch above it, as the seed lists products.
    expect(await names(packs!.category.id)).toContain('Talus 30 Pack');
    expect(await names(gear!.category.id)).toContain('Talus 30 Pack');

    await search.sync();
    const found = await search.results('talus pack', LISTING);
    expect(found.browse.listing.products.map((card) => card.name)).toContain('Talus 30 Pack');

    // A new price in the file reaches the page, the listing and search through the change feed.
    const example = readExample();
    example.data[0]!.price = 379;
    expect((await run(writeJson('price-change.json', example))).refusals).toEqual([]);
    const changed = await catalogue.getProductPage('ridgeline-rain-jacket', 'Lead', 'retail');
    expect(changed?.kind === 'page' && changed.page.product.price.currentCents).toBe(37_900);
    await catalogue.syncListings();
    const mens = await catalogue.getCategoryByPath('/mens/jackets-and-vests/');
    const card = (await catalogue.browseCategory(mens!.category.id, LISTING)).listing.products.find(
      (item) => item.name === 'Ridgeline Rain Jacket',
    );
    expect(card?.price.currentCents).toBe(37_900);
  });

  it('keeps an existing product at its URL when its name and custom_url change, and drops variants the file no longer lists', async () => {
    const example = readExample();
    const jacket = example.data[0]!;
    jacket.name = 'Ridgeline Storm Jacket';
    jacket.custom_url = { url: '/ridgeline-storm-jacket/' };
    jacket.variants = (jacket.variants as { sku: string }[]).filter(
      (variant) => !variant.sku.endsWith('-3XL'),
    );
    const report = await run(writeJson('renamed.json', example));
    expect(report.refusals).toEqual([]);
    expect(report.summary.variants).toEqual({ created: 0, updated: 20, removed: 2 });
    const [row] = await rows<{ url: string; name: string }>(
      db,
      sql`select url, name from products where sku = '810001'`,
    );
    expect(row).toEqual({ url: 'ridgeline-rain-jacket', name: 'Ridgeline Storm Jacket' });
  });

  it('refuses a malformed file with a report of every problem, and writes nothing', async () => {
    const before = await snapshot(db);
    const [changesBefore] = await rows<{ n: number | string }>(
      db,
      sql`select count(*) as n from catalogue_changes`,
    );
    const example = readExample();
    example.data[0]!.price = 399; // a good change, which must not land either
    example.data[1]!.price = 'free';
    (example.data[2]!.variants as Record<string, unknown>[])[0]!.pro_quantity = 500;
    example.data.push({ ...example.data[3]!, sku: '810004' });
    const report = await run(writeJson('malformed.json', example));
    expect(report.refusals).toEqual([
      { record: 'product 2', sku: '810002', field: 'price', message: 'must be a number of dollars' },
      {
        record: 'product 3',
        sku: '810003',
        field: 'variants[0].pro_quantity',
        message: 'must not be above inventory_level',
      },
      { record: 'product 5', sku: '810004', field: 'sku', message: 'is listed twice (also product 4)' },
    ]);
    expect(report.summary.products).toEqual({ created: 0, updated: 0 });
    expect(await snapshot(db)).toEqual(before);
    const [changesAfter] = await rows<{ n: number | string }>(
      db,
      sql`select count(*) as n from catalogue_changes`,
    );
    expect(Number(changesAfter?.n)).toBe(Number(changesBefore?.n));

    const notJson = path.join(tempDir, 'broken.json');
    fs.writeFileSync(notJson, '{"data": [');
    const broken = await run(notJson);
    expect(broken.refusals).toHaveLength(1);
    expect(broken.refusals[0]).toMatchObject({ record: 'file', sku: null, field: '' });
    expect(broken.refusals[0]?.message).toMatch(/^is not valid JSON: /);
  });

  it('refuses what only the database can judge (a category, a URL, a missing image file), and writes nothing', async () => {
    const before = await snapshot(db);
    const example = readExample();
    example.data[0]!.price = 399;
    example.data[1]!.categories = [999_999, '/no/such/'];
    const newProduct: Record<string, unknown> = {
      ...example.data[3]!,
      sku: '810005',
      name: 'Another Beanie',
    };
    newProduct.variants = (newProduct.variants as { sku: string }[]).map((variant) => ({
      ...variant,
      sku: variant.sku.replace('810004', '810005'),
    }));
    newProduct.custom_url = { url: '/talus-30-day-pack/' };
    example.data.push(newProduct);
    const report = await run(writeJson('database-refusals.json', example));
    expect(report.refusals).toEqual([
      {
        record: 'product 2',
        sku: '810002',
        field: 'categories[0]',
        message: 'category 999999 does not exist',
      },
      {
        record: 'product 2',
        sku: '810002',
        field: 'categories[1]',
        message: 'category "/no/such/" does not exist',
      },
      {
        record: 'product 5',
        sku: '810005',
        field: 'custom_url.url',
        message: '"talus-30-day-pack" is the URL of product 810003',
      },
    ]);
    expect(await snapshot(db)).toEqual(before);

    const missing = readExample();
    (missing.data[2]!.images as Record<string, unknown>[]).at(-1)!.image_file = 'images/no-such-file.png';
    const file = writeJson('missing-image.json', missing);
    const noImage = await run(file);
    expect(noImage.refusals).toEqual([
      {
        record: 'product 3',
        sku: '810003',
        field: 'images[8].image_file',
        message: `file not found: ${path.join(tempDir, 'images', 'no-such-file.png')}`,
      },
    ]);
    expect(await snapshot(db)).toEqual(before);
  });

  it(
    `imports a generated ${generatedProducts.toLocaleString('en-US')}-product file twice with no duplicate`,
    { timeout: 900_000 },
    async () => {
      const file = writeGeneratedCatalogue(tempDir, generatedProducts);
      const before = await snapshot(db);
      const first = await run(file);
      expect(first.refusals).toEqual([]);
      expect(first.summary).toEqual({
        products: { created: generatedProducts, updated: 0 },
        variants: { created: generatedProducts * 6, updated: 0, removed: 0 },
      });
      const afterFirst = await snapshot(db);
      expect(afterFirst.counts.products).toBe(before.counts.products! + generatedProducts);
      expect(afterFirst.counts.variants).toBe(before.counts.variants! + generatedProducts * 6);

      const changesBefore = await feedLength(db);
      const second = await run(file);
      expect(second.refusals).toEqual([]);
      expect(second.summary).toEqual({
        products: { created: 0, updated: generatedProducts },
        variants: { created: 0, updated: generatedProducts * 6, removed: 0 },
      });
      expect(second.stockRecordsWritten).toBe(0);
      expect(await feedLength(db)).toBe(changesBefore);
      const afterSecond = await snapshot(db);
      expect(afterSecond.counts).toEqual(afterFirst.counts);
      const [generated] = await rows<{ products: number | string; urls: number | string }>(
        db,
        sql`select count(*) as products, count(distinct url) as urls from products where sku like '9%'`,
      );
      expect(Number(generated?.products)).toBe(generatedProducts);
      expect(Number(generated?.urls)).toBe(generatedProducts);
    },
  );
});
