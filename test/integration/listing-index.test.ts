/**
 * The listing index (decision 024) on PGlite and PostgreSQL: every category page it serves equals the plain
 * query's over the catalogue's tables (facets, counts, cards, totals, order) for every sort, price list and a
 * spread of filters; a page costs a fixed number of statements; and catalogue writes reach it through the change
 * feed (price, visibility, category, colour, size, rating, new and deleted products, a new customer group).
 * A page is two statements: facet counts with the total, and the page's rows with what their cards need.
 */
import { createCatalogue } from '../helpers/catalogue';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { type CatalogueService } from '../../server/catalogue/index.server';
import { emptyFilters, FACET_KEYS, type ListingFilters } from '../../server/catalogue/facets';
import { browseCategoryPlain, browseProductsPlain } from '../helpers/listing-queries';
import type { ListingOptions, ProductSort } from '../../server/catalogue/types';
import type { Database } from '../../server/db/database.server';
import {
  customerGroups,
  productCategories,
  productOptionValues,
  productOptions,
  products,
  ratingSummaries,
  variants,
} from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import type { PricingService } from '../../server/pricing/index.server';
import type { PriceListKey } from '../../server/viewer/viewer';
import { describeEachEngine } from '../helpers/database';
import { countStatements } from '../helpers/statements';
import { pricingOver } from '../helpers/pricing';

const clock = fixedClock('2026-11-20T12:00:00Z');
const SORTS: ProductSort[] = ['featured', 'newest', 'price-asc', 'price-desc', 'top-rated', 'name'];

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
};

const filters = (partial: Partial<ListingFilters>): ListingFilters => ({ ...emptyFilters(), ...partial });

describeEachEngine('the listing index', ({ engine, database }) => {
  let catalogue: CatalogueService;
  let pricing: PricingService;
  let db: Database;
  /** Categories with products, largest first, and the price lists of the store. */
  let categoryIds: number[];
  let lists: PriceListKey[];
  /** Facet values seen in the store, to filter by. */
  let values: Record<string, string[]>;

  beforeAll(async () => {
    db = database().db;
    await seedDatabase(db, { products: 90, clock });
    pricing = pricingOver(db);
    catalogue = createCatalogue({ db, clock, pricing });
    expect(await catalogue.syncListings()).toBe('rebuilt');
    categoryIds = rowsOf<{ category_id: number }>(
      await db.execute(sql`select category_id from product_categories group by category_id
        order by count(*) desc, category_id`),
    ).map((row) => Number(row.category_id));
    lists = (await pricing.priceLists()).map((list) => list.key as PriceListKey);
    const everything = await browseCategoryPlain(
      { db, clock, tree: await catalogue.getCategoryTree(), list: await pricing.priceList('retail') },
      categoryIds[0]!,
      { page: 1, perPage: 1, sort: 'featured' },
    );
    values = Object.fromEntries(
      everything.facets.map((facet) => [facet.key, facet.values.map((value) => value.value)]),
    );
  });

  const plain = async (categoryId: number, options: ListingOptions) =>
    browseCategoryPlain(
      {
        db,
        clock,
        tree: await catalogue.getCategoryTree(),
        list: await pricing.priceList(options.priceList ?? 'retail'),
      },
      categoryId,
      options,
    );

  /** The index's page and the plain query's, for the same request. */
  async function expectSame(categoryId: number, options: ListingOptions) {
    const [indexed, reference] = await Promise.all([
      catalogue.browseCategory(categoryId, options),
      plain(categoryId, options),
    ]);
    expect(indexed, `${categoryId} ${JSON.stringify(options)}`).toEqual(reference);
    return indexed;
  }

  /** A spread of filters over the store's values: one facet, two facets, several values, a value in no product. */
  const filterSets = (): ListingFilters[] => {
    const pick = (key: string, index: number) => values[key]?.[index % (values[key]?.length || 1)];
    const sets: ListingFilters[] = [emptyFilters()];
    for (const key of FACET_KEYS) {
      const first = pick(key, 0);
      if (first) sets.push(filters({ [key]: [first] }));
    }
    sets.push(
      filters({ size: [pick('size', 1)!, pick('size', 2)!], color: [pick('color', 0)!.toUpperCase()] }),
      filters({ gender: [pick('gender', 0)!], type: [pick('type', 1)!], price: [pick('price', 1)!] }),
      filters({ tech: [pick('tech', 1)!, pick('tech', 2)!], size: [pick('size', 0)!] }),
      filters({ color: ['No-Such-Colour'] }),
    );
    return sets;
  };

  it('serves the plain query’s page for every sort, price list and filter, on small and large categories', async () => {
    expect(categoryIds.length).toBeGreaterThan(10);
    const chosen = [categoryIds[0]!, categoryIds[Math.floor(categoryIds.length / 2)]!, categoryIds.at(-1)!];
    let compared = 0;
    for (const categoryId of chosen) {
      for (const sort of SORTS) {
        for (const [index, filter] of filterSets().entries()) {
          const priceList = lists[(index + sort.length) % lists.length]!;
          await expectSame(categoryId, { page: 1, perPage: 7, sort, filters: filter, priceList });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('pages through a whole category in every order, each price list, without gaps or repeats', async () => {
    const categoryId = categoryIds[0]!;
    for (const priceList of lists) {
      for (const sort of ['price-asc', 'price-desc', 'top-rated'] as const) {
        const seen: number[] = [];
        const first = await expectSame(categoryId, { page: 1, perPage: 25, sort, priceList });
        for (let page = 1; page <= first.listing.pageCount; page++) {
          const { listing } = await expectSame(categoryId, { page, perPage: 25, sort, priceList });
          seen.push(...listing.products.map((product) => product.id));
        }
        expect(new Set(seen).size).toBe(first.listing.totalCount);
      }
    }
  });

  it('costs two statements a page, whatever the page size, sort and filters', async () => {
    await catalogue.browseCategory(categoryIds[0]!, { page: 1, perPage: 1, sort: 'featured' });
    const statements = countStatements(db, engine);
    for (const options of [
      { page: 1, perPage: 1, sort: 'featured' as const },
      { page: 2, perPage: 48, sort: 'price-desc' as const, priceList: lists.at(-1)! },
      {
        page: 1,
        perPage: 24,
        sort: 'top-rated' as const,
        filters: filters({ gender: [values.gender![0]!] }),
      },
      {
        page: 1,
        perPage: 24,
        sort: 'newest' as const,
        filters: filters({ size: values.size!.slice(0, 3), price: values.price!.slice(0, 2) }),
      },
    ]) {
      statements.reset();
      const { listing } = await catalogue.browseCategory(categoryIds[0]!, options);
      expect(listing.products.length).toBeGreaterThan(0);
      expect(statements.count, JSON.stringify(options)).toBe(2);
    }
  });

  it('serves search results (a ranked list of ids) as the plain query does, in their order, with two statements', async () => {
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select id from products order by md5(id::text) limit 60`),
    ).map((row) => Number(row.id));
    // A product the store does not have is left out, as the plain query leaves it out.
    const ranked = [...ids.slice(0, 30), 987_654, ...ids.slice(30)];
    let compared = 0;
    for (const sort of SORTS) {
      for (const [index, filter] of filterSets().entries()) {
        const priceList = lists[(index + sort.length) % lists.length]!;
        for (const page of [1, 3]) {
          const options = { page, perPage: 7, sort, filters: filter, priceList };
          const [indexed, reference] = await Promise.all([
            catalogue.browseProducts(ranked, options),
            browseProductsPlain({ db, clock, list: await pricing.priceList(priceList) }, ranked, options),
          ]);
          expect(indexed, JSON.stringify(options)).toEqual(reference);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    const first = await catalogue.browseProducts(ranked, { page: 1, perPage: 60, sort: 'featured' });
    const shown = first.listing.products.map((product) => product.id);
    expect(shown.length).toBeGreaterThan(40);
    expect(shown).toEqual(ranked.filter((id) => shown.includes(id)));
    expect(await catalogue.browseProducts([987_654], { page: 1, perPage: 7, sort: 'featured' })).toEqual(
      await browseProductsPlain({ db, clock, list: await pricing.priceList('retail') }, [987_654], {
        page: 1,
        perPage: 7,
        sort: 'featured',
      }),
    );
    // A hidden product among the ranked ids is left out of the page and the counts, with or without filters.
    await db.update(products).set({ isVisible: false }).where(eq(products.id, ranked[1]!));
    try {
      for (const filter of [emptyFilters(), filterSets()[1]!]) {
        const options = { page: 1, perPage: 7, sort: 'featured' as const, filters: filter };
        const indexed = await catalogue.browseProducts(ranked, options);
        expect(indexed.listing.products.map((product) => product.id)).not.toContain(ranked[1]);
        expect(indexed).toEqual(
          await browseProductsPlain({ db, clock, list: await pricing.priceList('retail') }, ranked, options),
        );
      }
    } finally {
      await db.update(products).set({ isVisible: true }).where(eq(products.id, ranked[1]!));
    }
    const statements = countStatements(db, engine);
    for (const sort of ['featured', 'price-asc'] as const) {
      statements.reset();
      await catalogue.browseProducts(ranked, {
        page: 1,
        perPage: 24,
        sort,
        filters: filters({ size: values.size!.slice(0, 2) }),
      });
      expect(statements.count, sort).toBe(2);
    }
  });

  it('follows catalogue writes through the change feed', async () => {
    const [first, second, third] = rowsOf<{ id: number }>(
      await db.execute(sql`select p.id from products p join product_categories pc on pc.product_id = p.id
        where pc.category_id = ${categoryIds[1]!} and p.is_visible order by p.id limit 3`),
    ).map((row) => Number(row.id));
    // A new price and a sale, a hidden product, a product leaving the category, a new rating.
    await db.update(products).set({ priceCents: 1, salePriceCents: null }).where(eq(products.id, first!));
    await db.update(products).set({ isVisible: false }).where(eq(products.id, second!));
    await db
      .delete(productCategories)
      .where(sql`product_id = ${third!} and category_id = ${categoryIds[1]!}`);
    await db
      .insert(ratingSummaries)
      .values({ targetType: 'product', targetId: first!, score: 5, totalCount: 999 })
      .onConflictDoUpdate({
        target: [ratingSummaries.targetType, ratingSummaries.targetId],
        set: { score: 5, totalCount: 999 },
      });
    // A size that can no longer be bought, and a colour renamed.
    await db.execute(sql`update variants set purchasing_disabled = true where product_id = ${first!}`);
    await db.execute(sql`update product_option_values ov set label = 'Brand New Colour'
      from product_options po where po.id = ov.option_id and po.product_id = ${first!}
        and lower(po.display_name) = 'color'`);
    // A new product in the category, with a colour and a size.
    const id = 990_001;
    await db.insert(products).values({
      id,
      sku: String(id),
      name: 'Index Test Jacket',
      url: 'index-test-jacket',
      priceCents: 12_345,
      gender: 'Mens',
      productType: 'jacket',
    });
    await db.insert(productCategories).values({ productId: id, categoryId: categoryIds[1]!, sortOrder: -1 });
    await db.insert(productOptions).values([
      { id: id, productId: id, displayName: 'Color', sortOrder: 0 },
      { id: id + 1, productId: id, displayName: 'Size', sortOrder: 1 },
    ]);
    await db.insert(productOptionValues).values([
      { id: id, optionId: id, label: 'Brand New Colour', swatch: 'new.png', isDefault: true },
      { id: id + 1, optionId: id + 1, label: 'XXXL' },
    ]);
    await db
      .insert(variants)
      .values({ id, productId: id, sku: `${id}-NEW-XXXL`, colorValueId: id, sizeValueId: id + 1 });

    expect(await catalogue.syncListings()).toBe('applied');
    expect(await catalogue.syncListings()).toBe('current');
    for (const sort of SORTS) {
      for (const filter of [
        emptyFilters(),
        filters({ color: ['brand-new-colour'] }),
        filters({ size: ['XXXL'] }),
        filters({ price: ['0-50'] }),
      ]) {
        for (const priceList of lists) {
          await expectSame(categoryIds[1]!, { page: 1, perPage: 10, sort, filters: filter, priceList });
        }
      }
    }
    const { listing } = await catalogue.browseCategory(categoryIds[1]!, {
      page: 1,
      perPage: 100,
      sort: 'featured',
    });
    const ids = listing.products.map((product) => product.id);
    expect(ids[0]).toBe(id);
    expect(ids).toContain(first);
    expect(ids).not.toContain(second);
    expect(ids).not.toContain(third);

    // A deleted product leaves every set and order.
    await db.delete(products).where(eq(products.id, id));
    expect(await catalogue.syncListings()).toBe('applied');
    await expectSame(categoryIds[1]!, { page: 1, perPage: 10, sort: 'featured' });
    await expectSame(categoryIds[1]!, {
      page: 1,
      perPage: 10,
      sort: 'name',
      filters: filters({ size: ['XXXL'] }),
    });
  });

  it('rebuilds for a new price list, whose prices it then sorts and filters by', async () => {
    const [{ id } = { id: 0 }] = rowsOf<{ id: number }>(
      await db.execute(sql`select coalesce(max(id), 0) + 1 as id from customer_groups`),
    ).map((row) => ({ id: Number(row.id) }));
    await db
      .insert(customerGroups)
      .values({ id, name: 'Index Test Group', discountMethod: 'percent', discountAmount: 30 });
    pricing.invalidate();
    expect(await catalogue.syncListings()).toBe('rebuilt');
    for (const sort of ['price-asc', 'price-desc'] as const) {
      for (const priceList of [`g${id}`, `p${id}`] as PriceListKey[]) {
        await expectSame(categoryIds[0]!, { page: 1, perPage: 20, sort, priceList });
        await expectSame(categoryIds[0]!, {
          page: 1,
          perPage: 20,
          sort,
          priceList,
          filters: filters({ price: values.price!.slice(0, 3) }),
        });
      }
    }
  });
});
