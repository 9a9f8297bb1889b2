/**
 * Category listings: one page of product cards, filtered and sorted, with the category's facets. A page
 * costs five statements whatever its size: facet counts (with the total), the page's rows, then the
 * colours, images and ratings of those products, each batched.
 */
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { merchandisingBadges, saleBadge } from './badges';
import type { CategoryTree } from './category-tree';
import { defaultColor, toColorSwatches } from './colors';
import { buildFacets, emptyFilters } from './facets';
import { colorGallery } from './images';
import {
  countFilteredProducts,
  selectFacetCounts,
  selectFilteredProducts,
  type FilteredProductRow,
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

type Deps = { db: Database; tree: CategoryTree; clock: Clock };

/** One page of a category's products (no facets): count, rows, colours, images, ratings. */
export async function listCategoryProducts(
  { db, tree, clock }: Deps,
  categoryId: number,
  options: ListingOptions,
): Promise<ProductListing> {
  const { page, perPage, offset } = paging(options);
  const filters = options.filters ?? emptyFilters();
  const listed = tree.listingCategory(categoryId);
  if (!listed) return emptyListing(page, perPage);
  const [totalCount, rows] = await Promise.all([
    countFilteredProducts(db, listed.id, filters),
    selectFilteredProducts(db, listed.id, filters, { sort: options.sort, limit: perPage, offset }),
  ]);
  return {
    products: await toCards(db, clock, rows),
    totalCount,
    page,
    perPage,
    pageCount: pageCount(totalCount, perPage),
  };
}

/** A listing page with the facets of the category under the active filters. */
export async function browseCategory(
  { db, tree, clock }: Deps,
  categoryId: number,
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const { page, perPage, offset } = paging(options);
  const filters = options.filters ?? emptyFilters();
  const listed = tree.listingCategory(categoryId);
  if (!listed) return { listing: emptyListing(page, perPage), facets: [] };
  const [counts, rows] = await Promise.all([
    selectFacetCounts(db, listed.id, filters),
    selectFilteredProducts(db, listed.id, filters, { sort: options.sort, limit: perPage, offset }),
  ]);
  return {
    listing: {
      products: await toCards(db, clock, rows),
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

async function toCards(db: Database, clock: Clock, rows: FilteredProductRow[]): Promise<ProductCard[]> {
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
      row,
      colorsByProduct.get(row.id) ?? [],
      imagesByProduct.get(row.id) ?? [],
      ratings.get(row.id) ?? null,
      now,
    ),
  );
}

/** The fields a product card needs from the product row itself. */
export type CardRow = Pick<
  FilteredProductRow,
  'id' | 'name' | 'url' | 'priceCents' | 'salePriceCents' | 'badgeFields'
>;

/** One product card (listings and the product page's strips share it). */
export function toCard(
  row: CardRow,
  colorValues: ProductOptionValueRow[],
  images: ProductImageRow[],
  rating: RatingSummary | null,
  now: Date,
): ProductCard {
  const colors = toColorSwatches(row.url, colorValues);
  const shown = defaultColor(colors);
  const [image] = shown ? colorGallery(row.name, images, { label: shown.label, code: null }) : [];
  // A card shows every colour, so a badge limited to some colours shows when any of them is offered.
  const colorCodes = [...new Set(images.map((item) => item.description.colorCode).filter(Boolean))];
  const sale = saleBadge(row.priceCents, row.salePriceCents);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    href: shown?.href ?? `/products/${encodeURIComponent(row.url)}`,
    priceCents: row.priceCents,
    salePriceCents: row.salePriceCents,
    defaultColorSlug: shown?.slug ?? null,
    image: image ?? null,
    swatches: colors,
    rating,
    badges: [
      ...(sale ? [sale] : []),
      ...merchandisingBadges({ customFields: row.badgeFields, colorCodes, now }).map((badge) => badge.label),
    ],
  };
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
