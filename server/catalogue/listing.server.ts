/**
 * Category listings: one page of product cards, filtered and sorted, with the category's facets. A page
 * costs two statements whatever its size, sort and filters, both on the listing index (`listing-index.server.ts`):
 * facet counts with the total, and the page's product rows with what their cards need (colours, default images,
 * rating). Search results (a list of ids) use the same two statements, their bitmap built from the ids' ordinals.
 * The plain query of `test/helpers/listing-queries.ts` stays as the reference both are tested against.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { PriceList } from '../pricing/index.server';
import { priceCard, pricedItem, toCard, type UnpricedCard } from './cards';
import type { CategoryTree } from './category-tree';
import { buildFacets, emptyFilters, type ListingFilters } from './facets';
import { indexedCount, indexedFacetCounts, indexedPage, indexedProductsPage } from './listing-index.server';
import {
  CARD_DETAILS,
  PRODUCT_ROW,
  toFilteredProductRow,
  type CardDetailsRecord,
  type ProductRowRecord,
} from './listing-rows.server';
import type { ProductImageRow, ProductOptionValueRow } from './queries.server';
import { MAX_PER_PAGE, type CategoryBrowse, type ListingOptions, type ProductListing } from './types';

/** `list`: the viewer's price list; prices, the price facet and price sorting follow it. */
type Deps = { db: Database; tree: CategoryTree; clock: Clock; list: PriceList };

/** One page of a category's products (no facets): count, rows, colours, images, ratings. */
export async function listCategoryProducts(
  { db, tree, clock, list }: Deps,
  categoryId: number,
  options: ListingOptions,
): Promise<ProductListing> {
  const { page, perPage, offset } = paging(options);
  const filters = options.filters ?? emptyFilters();
  const listed = tree.listingCategory(categoryId);
  if (!listed) return emptyListing(page, perPage);
  const [totalCount, cards] = await Promise.all([
    indexedCount(db, listed.id, filters, list),
    indexedCards(db, clock, listed.id, filters, list, { sort: options.sort, limit: perPage, offset }),
  ]);
  return {
    products: cards.map((card) => priceCard(card, list)),
    totalCount,
    page,
    perPage,
    pageCount: pageCount(totalCount, perPage),
  };
}

/** A listing page with the facets of the category under the active filters. */
export async function browseCategory(
  { db, tree, clock, list }: Deps,
  categoryId: number,
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const listed = tree.listingCategory(categoryId);
  if (!listed) {
    const { page, perPage } = paging(options);
    return { listing: emptyListing(page, perPage), facets: [] };
  }
  const { page, perPage, offset } = paging(options);
  const filters = options.filters ?? emptyFilters();
  const [counts, cards] = await Promise.all([
    indexedFacetCounts(db, { categoryId: listed.id }, filters, list),
    indexedCards(db, clock, listed.id, filters, list, { sort: options.sort, limit: perPage, offset }),
  ]);
  return {
    listing: {
      products: cards.map((card) => priceCard(card, list)),
      totalCount: counts.totalCount,
      page,
      perPage,
      pageCount: pageCount(counts.totalCount, perPage),
    },
    facets: buildFacets(counts.rows, filters),
  };
}

/** A page of product rows from the listing index, each with what its card needs (one statement). */
async function indexedCards(
  db: Database,
  clock: Clock,
  categoryId: number,
  filters: ListingFilters,
  list: PriceList,
  page: { sort: ListingOptions['sort']; limit: number; offset: number },
): Promise<UnpricedCard[]> {
  return recordsToCards(
    clock,
    filters.color,
    await indexedPage<ProductRowRecord & CardDetailsRecord>(
      db,
      categoryId,
      filters,
      list,
      page,
      sql`${PRODUCT_ROW}, ${CARD_DETAILS}`,
    ),
  );
}

/** `colorFilter`: the listing's colour filter, which decides the colourway each card shows (card-color.ts). */
function recordsToCards(
  clock: Clock,
  colorFilter: readonly string[],
  rows: (ProductRowRecord & CardDetailsRecord)[],
): UnpricedCard[] {
  const now = clock.now();
  return rows.map((record) => {
    const row = toFilteredProductRow(record);
    const rating =
      record.rating_score === null || record.rating_count === null
        ? null
        : { score: Number(record.rating_score), totalCount: Number(record.rating_count) };
    return toCard(
      { ...row, pricing: pricedItem(row) },
      parseJsonRows<ProductOptionValueRow>(record.color_values),
      parseJsonRows<ProductImageRow>(record.images),
      rating,
      now,
      colorFilter,
    );
  });
}

function parseJsonRows<T>(text: string | null): T[] {
  return text ? (JSON.parse(text) as T[]) : [];
}

/**
 * A listing page over the given products (search results), `featured` keeping their order, with facets
 * and counts computed over them exactly as a category's: on the listing index, their bitmap built from their
 * ordinals (two statements, as a category page).
 */
export async function browseProducts(
  { db, clock, list }: Omit<Deps, 'tree'>,
  productIds: readonly number[],
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const { page, perPage, offset } = paging(options);
  if (productIds.length === 0) return { listing: emptyListing(page, perPage), facets: [] };
  const filters = options.filters ?? emptyFilters();
  const [counts, rows] = await Promise.all([
    indexedFacetCounts(db, { productIds }, filters, list),
    indexedProductsPage<ProductRowRecord & CardDetailsRecord>(
      db,
      productIds,
      filters,
      list,
      { sort: options.sort, limit: perPage, offset },
      sql`${PRODUCT_ROW}, ${CARD_DETAILS}`,
    ),
  ]);
  return {
    listing: {
      products: recordsToCards(clock, filters.color, rows).map((card) => priceCard(card, list)),
      totalCount: counts.totalCount,
      page,
      perPage,
      pageCount: pageCount(counts.totalCount, perPage),
    },
    facets: buildFacets(counts.rows, filters),
  };
}

function paging(options: ListingOptions) {
  const perPage = clamp(Math.trunc(options.perPage), 1, MAX_PER_PAGE);
  const page = Math.max(1, Number.isNaN(options.page) ? 1 : Math.trunc(options.page));
  return { page, perPage, offset: (page - 1) * perPage };
}

const pageCount = (totalCount: number, perPage: number) => Math.max(1, Math.ceil(totalCount / perPage));

const emptyListing = (page: number, perPage: number): ProductListing => ({
  products: [],
  totalCount: 0,
  page,
  perPage,
  pageCount: 1,
});

function clamp(value: number, min: number, max: number): number {
  return Number.isNaN(value) ? min : Math.min(max, Math.max(min, value));
}
