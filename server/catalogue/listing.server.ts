/**
 * Category listings: one page of product cards, filtered and sorted, with the category's facets. A page
 * costs two statements whatever its size, sort and filters, both on the listing index (`listing-index.server.ts`):
 * facet counts with the total, and the page's product rows with what their cards need (colours, default images,
 * rating). Search results (a list of ids) use the same two statements, their bitmap built from the ids' ordinals.
 * The plain query of `listing-queries.server.ts` stays as the reference both are tested against.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { PriceList } from '../pricing/price-rules';
import { badgesBeside } from '../pricing/badge-claims';
import { merchandisingBadges } from './badges';
import type { CategoryTree } from './category-tree';
import { cardColor } from './card-color';
import { toColorSwatches } from './colors';
import { displayPrice, type PricedItem } from './display-price';
import { buildFacets, emptyFilters, type ListingFilters } from './facets';
import { colorGallery } from './images';
import { indexedCount, indexedFacetCounts, indexedPage, indexedProductsPage } from './listing-index.server';
import {
  CARD_DETAILS,
  PRODUCT_ROW,
  selectFacetCounts,
  selectFilteredProducts,
  toFilteredProductRow,
  type FacetCounts,
  type FilteredProductRow,
  type ListingScope,
  type CardDetailsRecord,
  type ProductRowRecord,
} from './listing-queries.server';
import {
  COLOR_OPTION,
  selectImages,
  selectOptionValues,
  selectRatings,
  type ProductImageRow,
  type ProductOptionValueRow,
} from './queries.server';
import {
  MAX_PER_PAGE,
  type CategoryBrowse,
  type ListingOptions,
  type ProductCard,
  type ProductListing,
  type RatingSummary,
} from './types';

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

/** The same page by the plain query over the catalogue's tables: the reference the listing index is tested against. */
export async function browseCategoryPlain(
  { db, tree, clock, list }: Deps,
  categoryId: number,
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const listed = tree.listingCategory(categoryId);
  if (!listed) {
    const { page, perPage } = paging(options);
    return { listing: emptyListing(page, perPage), facets: [] };
  }
  return browseScope({ db, clock, list }, { categoryId: listed.id }, options);
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

/** The same page by the plain query over the catalogue's tables (the reference the index is tested against). */
export async function browseProductsPlain(
  deps: Omit<Deps, 'tree'>,
  productIds: readonly number[],
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const { page, perPage } = paging(options);
  if (productIds.length === 0) return { listing: emptyListing(page, perPage), facets: [] };
  return browseScope(deps, { productIds }, options);
}

async function browseScope(
  { db, clock, list }: Omit<Deps, 'tree'>,
  scope: ListingScope,
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const { page, perPage, offset } = paging(options);
  const filters = options.filters ?? emptyFilters();
  const [counts, rows] = await Promise.all([
    selectFacetCounts(db, scope, filters, list),
    selectFilteredProducts(db, scope, filters, { sort: options.sort, limit: perPage, offset }, list),
  ]);
  return browseResult(db, clock, list, { page, perPage, filters }, counts, rows);
}

async function browseResult(
  db: Database,
  clock: Clock,
  list: PriceList,
  { page, perPage, filters }: { page: number; perPage: number; filters: ListingFilters },
  counts: FacetCounts,
  rows: FilteredProductRow[],
): Promise<CategoryBrowse> {
  return {
    listing: {
      products: (await toCards(db, clock, rows, filters.color)).map((card) => priceCard(card, list)),
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

async function toCards(
  db: Database,
  clock: Clock,
  rows: FilteredProductRow[],
  colorFilter: readonly string[],
): Promise<UnpricedCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [colorValues, images, ratings] = await Promise.all([
    selectOptionValues(db, ids, COLOR_OPTION),
    selectImages(db, ids, { defaultsOnly: true }),
    selectRatings(db, ids),
  ]);
  const colorsByProduct = groupByProduct(colorValues);
  const imagesByProduct = groupByProduct(images);
  const now = clock.now();
  return rows.map((row) =>
    toCard(
      { ...row, pricing: pricedItem(row) },
      colorsByProduct.get(row.id) ?? [],
      imagesByProduct.get(row.id) ?? [],
      ratings.get(row.id) ?? null,
      now,
      colorFilter,
    ),
  );
}

/** A product row's pricing inputs (the pricing module's `PricedItem`). */
export function pricedItem(row: {
  priceCents: number;
  salePriceCents: number | null;
  productType: string;
  excludeProDiscount: boolean;
  groupPercents: Record<string, number>;
}): PricedItem {
  return {
    listCents: row.priceCents,
    saleCents: row.salePriceCents,
    productType: row.productType,
    excludeProDiscount: row.excludeProDiscount,
    groupPercents: row.groupPercents,
  };
}

/** The fields a product card needs from the product row itself. */
export type CardRow = Pick<FilteredProductRow, 'id' | 'name' | 'url' | 'badgeFields'> & {
  pricing: PricedItem;
};

/**
 * A card as every viewer shares it (kept in caches): its price inputs and merchandising badges, not yet priced for
 * a price list. `priceCard` finishes it for one viewer.
 */
export type UnpricedCard = Omit<ProductCard, 'price' | 'badges'> & {
  pricing: PricedItem;
  merchandisingBadges: string[];
};

/**
 * One product card (listings and the product page's strips share it), before pricing. It shows one colourway: the
 * default, or under a listing's colour filter (`colorFilter`, the filter's slugs) the product's first colour the
 * filter names (card-color.ts); its image, link, marked swatch and colour-limited badges are that colourway's.
 * `images` holds each colour's default image (and the thumbnail), so any colourway's is at hand.
 */
export function toCard(
  row: CardRow,
  colorValues: ProductOptionValueRow[],
  images: ProductImageRow[],
  rating: RatingSummary | null,
  now: Date,
  colorFilter: readonly string[] = [],
): UnpricedCard {
  const colors = toColorSwatches(row.url, colorValues);
  const { color: shown, matchesFilter } = cardColor(colors, colorFilter);
  const [image] = shown ? colorGallery(row.name, images, { label: shown.label, code: null }) : [];
  // A badge limited to some colours ("New Color") speaks of the colourway the card shows (issue 9 §1).
  const colorCodes = [
    ...new Set(
      images
        .filter(
          (item) =>
            shown !== undefined && item.description.colorName.toLowerCase() === shown.label.toLowerCase(),
        )
        .map((item) => item.description.colorCode)
        .filter(Boolean),
    ),
  ];
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    href: shown?.href ?? `/products/${encodeURIComponent(row.url)}`,
    shownColor: shown ? { id: shown.id, slug: shown.slug, matchesFilter } : null,
    image: image ?? null,
    swatches: colors,
    rating,
    pricing: row.pricing,
    merchandisingBadges: merchandisingBadges({ customFields: row.badgeFields, colorCodes, now }).map(
      (badge) => badge.label,
    ),
  };
}

/** The card as a viewer on `list` sees it: their price, and the sale badge that price earns first. */
export function priceCard(card: UnpricedCard, list: PriceList): ProductCard {
  const { pricing, merchandisingBadges: merchandising, ...rest } = card;
  const price = displayPrice(list, pricing);
  const shown = badgesBeside(price, merchandising, (badge) => badge);
  return { ...rest, price, badges: [...(shown.sale ? [shown.sale] : []), ...shown.badges] };
}

function groupByProduct<T extends { productId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.productId);
    if (group) group.push(row);
    else groups.set(row.productId, [row]);
  }
  return groups;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isNaN(value) ? min : Math.min(max, Math.max(min, value));
}
