/**
 * Recommendations from last viewed products and the cart, and beacon storage (issue 12 §6), through the search
 * service on PGlite and PostgreSQL: up to 10, never a seed; for a product page the block keeps issue 9 §8's
 * properties (its audience mostly, spread over prices); a batch of beacons is one statement, and product views
 * lift co-viewed products.
 */
import { createCatalogue } from '../helpers/catalogue';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { audienceFits } from '../../server/catalogue/recommendation-pick';
import { fixedClock } from '../../server/clock';
import { products } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { createLogger } from '../../server/logger';
import { createSearchService, type SearchService } from '../../server/search/index.server';
import { describeEachEngine } from '../helpers/database';
import { pricingOver } from '../helpers/pricing';
import { countStatements } from '../helpers/statements';

const clock = fixedClock(new Date('2026-11-01T12:00:00Z'));
const silent = createLogger({ level: 'error', sink: () => {} });

describeEachEngine('personal recommendations and beacons', ({ engine, database }) => {
  let search: SearchService;
  let mens: { id: number; gender: string }[];

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 160 });
    const pricing = pricingOver(db);
    const catalogue = createCatalogue({ db, clock, pricing });
    search = createSearchService({ db, clock, catalogue, pricing, logger: silent, cacheEntries: 0 });
    await search.sync();
    mens = await db
      .select({ id: products.id, gender: products.gender })
      .from(products)
      .where(eq(products.gender, 'Mens'))
      .orderBy(products.id);
  });

  const gendersAndPrices = async (ids: number[]) => {
    const rows = await database()
      .db.select({ id: products.id, gender: products.gender, priceCents: products.priceCents })
      .from(products)
      .where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)!);
  };

  it('recommends up to 10 from last viewed products and the cart (8 by tags alone), never one of them', async () => {
    const [a, b, c] = mens;
    const personal = await search.recommend({ lastViewed: [a!.id, b!.id], cart: [c!.id] });
    expect(personal).toHaveLength(10);
    const ids = personal.map((item) => item.id);
    expect(new Set(ids).size).toBe(10);
    for (const seed of [a!.id, b!.id, c!.id]) expect(ids).not.toContain(seed);
    expect(await search.recommend({ tags: ['jacket'] })).toHaveLength(8);
    expect(await search.recommend({ cart: [c!.id], limit: 4 })).toHaveLength(4);
  });

  it("for a men's product page: never the product, mostly men's and unisex, spread over prices, cheapest first", async () => {
    const [own, viewed, carted] = [mens[3]!, mens[10]!, mens[20]!];
    const items = await search.recommend({
      product: own.id,
      lastViewed: [viewed.id],
      cart: [carted.id],
      limit: 10,
    });
    expect(items).toHaveLength(10);
    const ids = items.map((item) => item.id);
    for (const seed of [own.id, viewed.id, carted.id]) expect(ids).not.toContain(seed);
    const shown = await gendersAndPrices(ids);
    expect(shown.filter((row) => audienceFits('Mens', row.gender)).length).toBeGreaterThanOrEqual(7);
    const paid = items.map((item) => item.price.currentCents ?? 0);
    expect(paid).toEqual([...paid].sort((x, y) => x - y));
    expect(new Set(paid).size).toBeGreaterThanOrEqual(5);
  });

  it('stores a batch of beacons in one statement, each with its session and page load', async () => {
    const { db } = database();
    const statements = countStatements(db, engine);
    await search.recordBeacons([
      {
        kind: 'render',
        block: 'you-may-also-like',
        productIds: [1, 2, 3],
        sessionId: 'b1',
        pageLoadId: 'p1',
      },
      {
        kind: 'impression',
        block: 'you-may-also-like',
        productIds: [1, 2, 3],
        sessionId: 'b1',
        pageLoadId: 'p1',
      },
      { kind: 'click', block: 'you-may-also-like', productIds: [2], sessionId: 'b1', pageLoadId: 'p1' },
      { kind: 'basket', productIds: [5], sessionId: 'b1', pageLoadId: 'p1' },
    ]);
    expect(statements.count).toBe(1);
    const rows = (await db.execute(
      sql`select kind, block, product_ids, session_id, page_load_id from search_events
          where session_id = 'b1' order by id`,
    )) as unknown as { rows?: Record<string, unknown>[] } & Record<string, unknown>[];
    const list = (rows.rows ?? rows) as Record<string, unknown>[];
    expect(list.map((row) => [row.kind, row.block, row.product_ids, row.page_load_id])).toEqual([
      ['render', 'you-may-also-like', [1, 2, 3], 'p1'],
      ['impression', 'you-may-also-like', [1, 2, 3], 'p1'],
      ['click', 'you-may-also-like', [2], 'p1'],
      ['basket', null, [5], 'p1'],
    ]);
  });

  it('lifts products viewed in the same sessions as the last viewed one', async () => {
    const [seed, ...rest] = mens.slice(30);
    // Two products far down the tag ranking, each viewed with the seed in two sessions.
    const before = (await search.recommend({ lastViewed: [seed!.id] })).map((item) => item.id);
    const coViewed = rest.filter((item) => !before.includes(item.id)).slice(0, 2);
    expect(coViewed).toHaveLength(2);
    await search.recordBeacons(
      ['s1', 's2'].flatMap((sessionId) =>
        coViewed.map((item) => ({
          kind: 'product-view' as const,
          productIds: [item.id],
          sessionId: `${sessionId}-${seed!.id}`,
        })),
      ),
    );
    await search.recordBeacons([
      { kind: 'product-view', productIds: [seed!.id], sessionId: `s1-${seed!.id}` },
      { kind: 'product-view', productIds: [seed!.id], sessionId: `s2-${seed!.id}` },
    ]);
    const after = (await search.recommend({ lastViewed: [seed!.id] })).map((item) => item.id);
    expect(after.slice(0, 2).sort()).toEqual(coViewed.map((item) => item.id).sort());
  });
});
