/**
 * Pruning the catalogue's change feed (issue 12, decision 022): `catalogue_changes` gets a row per write to
 * catalogue data and would grow forever. Rows every reader has applied (the search documents' cursor and the
 * listing index's) go once past a grace period; rows past a maximum age go whoever has not applied them, and then
 * a lagging reader rebuilds instead of missing them. On PGlite and PostgreSQL.
 */
import { createCatalogue } from '../helpers/catalogue';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogueService } from '../../server/catalogue/index.server';
import { fixedClock } from '../../server/clock';
import { seedDatabase } from '../../server/db/seed/index';
import type { Database } from '../../server/db/database.server';
import { createLogger } from '../../server/logger';
import { createSearchService, type SearchService } from '../../server/search/index.server';
import { describeEachEngine } from '../helpers/database';
import { pricingOver } from '../helpers/pricing';

const silent = createLogger({ level: 'error', sink: () => {} });

type Rows<T> = T[] | { rows: T[] };
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as Rows<T>;
  return Array.isArray(result) ? result : result.rows;
}

describeEachEngine('catalogue change feed pruning', ({ database }) => {
  // The search service prunes by itself at most once a minute of this clock; the tests move it on purpose.
  const clock = fixedClock(new Date());
  let db: Database;
  let catalogue: CatalogueService;
  let search: SearchService;
  let ids: number[];

  const feedIds = async () =>
    (await rows<{ id: number | string }>(db, sql`select id from catalogue_changes order by id`)).map((row) =>
      Number(row.id),
    );
  const searchCursor = async () =>
    Number(
      (
        await rows<{ value: number | string }>(
          db,
          sql`select value from search_state where key = 'catalogue_changes'`,
        )
      )[0]!.value,
    );
  const listingCursor = async () =>
    Number((await rows<{ cursor: number | string }>(db, sql`select cursor from listing_state`))[0]!.cursor);
  /** The feed's rows as if written `age` ago (the database's clock stamps them). */
  const age = (interval: string) =>
    db.execute(sql`update catalogue_changes set created_at = now() - ${interval}::interval`);
  const rename = (id: number, name: string) =>
    db.execute(sql`update products set name = ${name} where id = ${id}`);
  const suggested = async (query: string) =>
    (await search.suggestions(query, 5)).products.map((product) => product.id);

  beforeAll(async () => {
    db = database().db;
    await seedDatabase(db, { products: 24 });
    const pricing = pricingOver(db);
    catalogue = createCatalogue({ db, clock, pricing });
    search = createSearchService({ db, clock, catalogue, pricing, logger: silent, cacheEntries: 0 });
    await catalogue.syncListings();
    await search.sync();
    ids = (await rows<{ id: number }>(db, sql`select id from products order by id limit 4`)).map((row) =>
      Number(row.id),
    );
  });

  it('deletes only rows every reader has applied, once past the grace period, and keeps the newest', async () => {
    await rename(ids[0]!, 'Halvard Jacket');
    await rename(ids[0]!, 'Halvard Applied Jacket');
    await catalogue.syncListings();
    await search.sync();
    const applied = await catalogue.latestChange();
    await rename(ids[1]!, 'Oskarine Pending Jacket'); // applied by neither reader yet
    const before = await feedIds();
    expect(before.some((id) => id < applied)).toBe(true);

    // Fresh rows stay whatever was applied: another app server's data cache may not have read them yet.
    expect(await catalogue.pruneChanges({ appliedBy: [await searchCursor()] })).toEqual({
      deleted: 0,
      reset: false,
    });
    await age('1 hour');
    const pruned = await catalogue.pruneChanges({ appliedBy: [await searchCursor()] });
    const after = await feedIds();
    expect(pruned).toEqual({ deleted: before.filter((id) => id < applied).length, reset: false });
    expect(after).toEqual(before.filter((id) => id >= applied));
    expect(await catalogue.latestChange()).toBe(before.at(-1));

    // What was not applied is still there to apply.
    await catalogue.syncListings();
    await search.sync();
    expect(await suggested('oskarine')).toEqual([ids[1]]);
    await age('1 hour');
    await catalogue.pruneChanges({ appliedBy: [await searchCursor()] });
    // Everything applied: only the newest row is left, so the latest id readers compare with never goes back.
    expect(await feedIds()).toEqual([before.at(-1)]);
  });

  it('waits for the slowest reader: the listing index behind the search documents holds rows back', async () => {
    await rename(ids[2]!, 'Brynjar Listing Vest');
    await search.sync(); // the search documents apply it, the listing index does not
    const listingAt = await listingCursor();
    expect(await searchCursor()).toBeGreaterThan(listingAt);
    const before = await feedIds();
    await age('1 hour');
    await catalogue.pruneChanges({ appliedBy: [await searchCursor()] });
    expect(await feedIds()).toEqual(before.filter((id) => id >= listingAt));
    expect(await catalogue.syncListings()).toBe('applied');
  });

  it('drops rows past the maximum age even when unapplied, and the lagging reader rebuilds', async () => {
    await catalogue.syncListings();
    const searchAt = await searchCursor();
    await rename(ids[2]!, 'Quillfeather Stale Parka');
    await rename(ids[3]!, 'Tormund Newest Parka');
    await catalogue.syncListings(); // the listing index is current; the search documents lag
    await age('8 days');
    const pruned = await catalogue.pruneChanges({ appliedBy: [searchAt] });
    expect(pruned.reset).toBe(true);
    const left = await feedIds();
    // The rename of ids[2] is gone from the feed; what is left ends with the "every product" row.
    const marker = await rows<{ product_id: number | null }>(
      db,
      sql`select product_id from catalogue_changes order by id desc limit 1`,
    );
    expect(marker[0]!.product_id).toBeNull();
    expect(left.length).toBeLessThanOrEqual(2);

    // The search documents, behind the deleted rows, rebuild: the stale rename is found all the same.
    await search.sync();
    expect(await suggested('quillfeather')).toEqual([ids[2]]);
    expect(await suggested('tormund')).toEqual([ids[3]]);
    const page = await search.results('quillfeather', { page: 1, perPage: 5, sort: 'featured' });
    expect(page.browse.listing.products.map((product) => product.id)).toEqual([ids[2]]);
  });

  it('is done by the search sync itself, at most once a minute', async () => {
    await rename(ids[0]!, 'Sigrid Automatic Jacket');
    await rename(ids[1]!, 'Sigrid Automatic Vest');
    await catalogue.syncListings();
    await age('1 hour');
    clock.advance(61_000);
    await search.sync();
    expect((await feedIds()).length).toBe(1);
    // Within the minute, a sync leaves the feed alone.
    await rename(ids[0]!, 'Sigrid Second Jacket');
    await rename(ids[1]!, 'Sigrid Second Vest');
    await catalogue.syncListings();
    await age('1 hour');
    clock.advance(30_000);
    await search.sync();
    expect((await feedIds()).length).toBeGreaterThan(1);
    expect(await suggested('sigrid second')).toEqual(expect.arrayContaining([ids[0], ids[1]]));
  });
});
