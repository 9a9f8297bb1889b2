/**
 * The catalogue's reads, each one statement batched over a set of products (no query per product).
 * Only the Drizzle query builder is used so that results have the same shape on PGlite and PostgreSQL.
 */
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import {
  categories,
  productCategories,
  productCustomFields,
  productImages,
  productOptions,
  productOptionValues,
  products,
  variants,
} from './schema';
import type { CategoryRecord } from './category-tree';
import type { ColorValueRecord } from './colors';
import type { ImageRecord } from './images';

export const COLOR_OPTION = 'Color';
export const SIZE_OPTION = 'Size';

export function selectCategories(db: Database): Promise<CategoryRecord[]> {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      slug: categories.slug,
      url: categories.url,
      depth: categories.depth,
      sortOrder: categories.sortOrder,
      isVisible: categories.isVisible,
      description: categories.description,
      isAllListing: categories.isAllListing,
    })
    .from(categories);
}

/* Listing reads (filters, facets, paging) live on the listing index (listing-index.server.ts). */

/* ─────────────── per-product details, batched ─────────────── */

export type ProductOptionValueRow = ColorValueRecord & { productId: number; optionName: string };

/** Option values of the products; `optionName` narrows to one option (case-insensitive). */
export function selectOptionValues(
  db: Database,
  productIds: number[],
  optionName?: string,
): Promise<ProductOptionValueRow[]> {
  return db
    .select({
      productId: productOptions.productId,
      optionName: productOptions.displayName,
      id: productOptionValues.id,
      label: productOptionValues.label,
      sortOrder: productOptionValues.sortOrder,
      isDefault: productOptionValues.isDefault,
      swatch: productOptionValues.swatch,
      colorHex: productOptionValues.colorHex,
      isPattern: productOptionValues.isPattern,
    })
    .from(productOptionValues)
    .innerJoin(productOptions, eq(productOptionValues.optionId, productOptions.id))
    .where(
      and(
        inArray(productOptions.productId, productIds),
        optionName === undefined ? undefined : ilike(productOptions.displayName, optionName),
      ),
    );
}

export type ProductImageRow = ImageRecord & { productId: number };

/** Images of the products; `defaultsOnly` keeps each colour's default image and the thumbnail (cards). */
export function selectImages(
  db: Database,
  productIds: number[],
  options: { defaultsOnly: boolean },
): Promise<ProductImageRow[]> {
  const isDefault = sql`${productImages.description}->>'default' = 'true'`;
  return db
    .select({
      productId: productImages.productId,
      url: productImages.url,
      width: productImages.width,
      height: productImages.height,
      sortOrder: productImages.sortOrder,
      isThumbnail: productImages.isThumbnail,
      description: productImages.description,
    })
    .from(productImages)
    .where(
      and(
        inArray(productImages.productId, productIds),
        options.defaultsOnly ? sql`(${productImages.isThumbnail} or ${isDefault})` : undefined,
      ),
    )
    .orderBy(asc(productImages.productId), asc(productImages.sortOrder));
}

/* ─────────────── one product ─────────────── */

/** The visible product at `url`, with the ids of the categories it is in. */
export async function selectProductByUrl(db: Database, url: string) {
  const [row] = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      url: products.url,
      description: products.description,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      productType: products.productType,
      excludeProDiscount: products.excludeProDiscount,
      groupPercents: products.groupPercents,
      categoryIds: sql<number[]>`coalesce((select array_agg(${productCategories.categoryId})
        from ${productCategories} where ${productCategories.productId} = ${products.id}), '{}')`,
    })
    .from(products)
    .where(and(eq(products.url, url), eq(products.isVisible, true)))
    .limit(1);
  return row ? { ...row, categoryIds: row.categoryIds.map(Number) } : undefined;
}

export type ProductVariantRow = {
  id: number;
  sku: string;
  colorValueId: number | null;
  priceCents: number | null;
  salePriceCents: number | null;
  purchasingDisabled: boolean;
  sizeValueId: number | null;
};

/** Every variant of a product, every colour (stock is the inventory context's: the page asks it). */
export function selectProductVariants(db: Database, productId: number): Promise<ProductVariantRow[]> {
  return db
    .select({
      id: variants.id,
      sku: variants.sku,
      colorValueId: variants.colorValueId,
      priceCents: variants.priceCents,
      salePriceCents: variants.salePriceCents,
      purchasingDisabled: variants.purchasingDisabled,
      sizeValueId: variants.sizeValueId,
    })
    .from(variants)
    .where(eq(variants.productId, productId));
}

export function selectCustomFields(db: Database, productId: number) {
  return db
    .select({ name: productCustomFields.name, value: productCustomFields.value })
    .from(productCustomFields)
    .where(eq(productCustomFields.productId, productId))
    .orderBy(asc(productCustomFields.id));
}
