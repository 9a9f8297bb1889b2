/**
 * Search results' page of cards and facets kept in the catalogue's data cache per price list (decision 051), as
 * category pages are: a second request for the same ranked ids costs no statement, another price list or another
 * ranking is another entry, and a catalogue change shows once the listing index has taken it in. Both engines.
 */
import { createCatalogue } from '../helpers/catalogue';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { type CatalogueService } from '../../server/catalogue/index.server';
import { customerGroups, products } from '../../server/db/schema';
import type { PriceListKey } from '../../server/viewer/viewer';
import { seedDatabase } from '../../server/db/seed/index';
import { describeEachEngine } from '../helpers/database';
import { pricingOver } from '../helpers/pricing';

describeEachEngine('search results in the data cache', ({ database }) => {
  let catalogue: CatalogueService;
  let statements = 0;
  let ids: number[];
  let group: PriceListKey;

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 12 });
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === 'execute' && typeof value === 'function')
          return (...args: unknown[]) => {
            statements += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return value;
      },
    });
    catalogue = createCatalogue({
      db: counting,
      clock: fixedClock('2026-11-23T12:00:00.000Z'),
      pricing: pricingOver(db),
      cache: { maxEntries: 100, ttlMs: 60_000 },
    });
    await catalogue.syncListings();
    const [first] = await db.select({ id: customerGroups.id }).from(customerGroups).limit(1);
    group = `g${first!.id}`;
    ids = (await db.select({ id: products.id }).from(products).where(eq(products.isVisible, true))).map(
      (row) => row.id,
    );
  });

  const options = { page: 1, perPage: 24, sort: 'featured' as const, cache: true };

  it('answers a repeated page from memory, per ranking and per price list', async () => {
    const first = await catalogue.browseProducts(ids, options);
    statements = 0;
    expect(await catalogue.browseProducts(ids, options)).toEqual(first);
    // At most the change-feed check: no listing statement.
    expect(statements).toBeLessThanOrEqual(1);
    statements = 0;
    await catalogue.browseProducts([...ids].reverse(), options);
    await catalogue.browseProducts(ids, { ...options, priceList: group });
    expect(statements).toBeGreaterThanOrEqual(4);
    statements = 0;
    await catalogue.browseProducts(ids, { ...options, cache: false });
    expect(statements).toBeGreaterThanOrEqual(2);
  });

  it('shows a catalogue change once the listing index has it', async () => {
    const before = await catalogue.browseProducts(ids, options);
    const card = before.listing.products[0]!;
    await database()
      .db.update(products)
      .set({ priceCents: 12_345, salePriceCents: null })
      .where(eq(products.id, card.id));
    await catalogue.syncListings();
    const after = await catalogue.browseProducts(ids, options);
    const changed = after.listing.products.find((product) => product.id === card.id)!;
    expect(JSON.stringify(changed)).toMatch(/12345|123\.45/);
  });
});
