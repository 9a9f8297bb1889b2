/** Category listings: one page of product cards (five statements whatever the page size). */
import type { Database } from '../db/database.server';
import type { CategoryTree } from './category-tree';
import { defaultColor, toColorSwatches } from './colors';
import { colorGallery } from './images';
import {
  COLOR_OPTION,
  countListedProducts,
  selectImages,
  selectListedProducts,
  selectOptionValues,
  selectRatings,
  type ListedProductRow,
  type ProductImageRow,
  type ProductOptionValueRow,
} from './queries.server';
import {
  MAX_PER_PAGE,
  type ListingOptions,
  type ProductCard,
  type ProductListing,
  type RatingSummary,
} from './types';

export async function listCategoryProducts(
  db: Database,
  tree: CategoryTree,
  categoryId: number,
  options: ListingOptions,
): Promise<ProductListing> {
  const perPage = clamp(Math.trunc(options.perPage), 1, MAX_PER_PAGE);
  const page = Math.max(1, Math.trunc(options.page));
  const listed = tree.listingCategory(categoryId);
  if (!listed) return { products: [], totalCount: 0, page, perPage, pageCount: 1 };

  const [totalCount, rows] = await Promise.all([
    countListedProducts(db, listed.id),
    selectListedProducts(db, listed.id, {
      sort: options.sort,
      limit: perPage,
      offset: (page - 1) * perPage,
    }),
  ]);
  const cards = await toCards(db, rows);
  return {
    products: cards,
    totalCount,
    page,
    perPage,
    pageCount: Math.max(1, Math.ceil(totalCount / perPage)),
  };
}

async function toCards(db: Database, rows: ListedProductRow[]): Promise<ProductCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [colorValues, images, ratings] = await Promise.all([
    selectOptionValues(db, ids, COLOR_OPTION),
    selectImages(db, ids, { defaultsOnly: true }),
    selectRatings(db, ids),
  ]);
  const colorsByProduct = groupByProduct(colorValues);
  const imagesByProduct = groupByProduct(images);
  return rows.map((row) =>
    toCard(
      row,
      colorsByProduct.get(row.id) ?? [],
      imagesByProduct.get(row.id) ?? [],
      ratings.get(row.id) ?? null,
    ),
  );
}

function toCard(
  row: ListedProductRow,
  colorValues: ProductOptionValueRow[],
  images: ProductImageRow[],
  rating: RatingSummary | null,
): ProductCard {
  const colors = toColorSwatches(row.url, colorValues);
  const shown = defaultColor(colors);
  const [image] = shown ? colorGallery(row.name, images, { label: shown.label, code: null }) : [];
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
