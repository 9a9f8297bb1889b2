/**
 * What the cart and checkout need to know of the variants a shopper buys (issue 11): the snapshot of a line (sku,
 * name, image, options, product page) and the product's pricing inputs (list and sale price, type,
 * `exclude_pro_discount`, per-group percentages, bulk pricing rules). One query for the variants and one for the
 * bulk rules, whatever the number of variants.
 */
import { alias } from 'drizzle-orm/pg-core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { bulkPricingRules, productImages, productOptionValues, products, variants } from './schema';
import type { BulkRule, PricedItem } from '../pricing/index.server';
import { productPath } from './slug';

export type Purchasable = PricedItem & {
  variantId: number;
  productId: number;
  sku: string;
  name: string;
  imageUrl: string | null;
  /** Color and Size, as the cart shows them. */
  options: { name: string; value: string }[];
  /** The product page of the variant's colour. */
  path: string;
  /** Not for sale: purchasing disabled or the product hidden. */
  purchasable: boolean;
  bulkRules: BulkRule[];
};

export async function selectPurchasables(
  db: Database,
  variantIds: readonly number[],
): Promise<Map<number, Purchasable>> {
  const ids = [...new Set(variantIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const found = new Map<number, Purchasable>();
  if (ids.length === 0) return found;
  const color = alias(productOptionValues, 'color_value');
  const size = alias(productOptionValues, 'size_value');
  const rows = await db
    .select({
      variantId: variants.id,
      productId: products.id,
      sku: variants.sku,
      name: products.name,
      url: products.url,
      variantImage: variants.imageUrl,
      listCents: products.priceCents,
      saleCents: products.salePriceCents,
      variantListCents: variants.priceCents,
      variantSaleCents: variants.salePriceCents,
      productType: products.productType,
      excludeProDiscount: products.excludeProDiscount,
      groupPercents: products.groupPercents,
      visible: products.isVisible,
      purchasingDisabled: variants.purchasingDisabled,
      color: color.label,
      size: size.label,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(color, eq(color.id, variants.colorValueId))
    .leftJoin(size, eq(size.id, variants.sizeValueId))
    .where(inArray(variants.id, ids));
  if (rows.length === 0) return found;
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const [rules, thumbnails] = await Promise.all([
    db
      .select()
      .from(bulkPricingRules)
      .where(inArray(bulkPricingRules.productId, productIds))
      .orderBy(asc(bulkPricingRules.quantityMin)),
    rows.some((row) => row.variantImage === null)
      ? db
          .selectDistinctOn([productImages.productId], {
            productId: productImages.productId,
            url: productImages.url,
          })
          .from(productImages)
          .where(inArray(productImages.productId, productIds))
          .orderBy(productImages.productId, productImages.sortOrder)
      : Promise.resolve([]),
  ]);
  const thumbnailOf = new Map(thumbnails.map((row) => [row.productId, row.url]));
  for (const row of rows) {
    const options = [
      ...(row.color !== null ? [{ name: 'Color', value: row.color }] : []),
      ...(row.size !== null ? [{ name: 'Size', value: row.size }] : []),
    ];
    found.set(row.variantId, {
      variantId: row.variantId,
      productId: row.productId,
      sku: row.sku,
      name: row.name,
      imageUrl: row.variantImage ?? thumbnailOf.get(row.productId) ?? null,
      options,
      path: row.color !== null ? productPath(row.url, row.color) : `/products/${encodeURIComponent(row.url)}`,
      purchasable: row.visible && !row.purchasingDisabled,
      listCents: row.variantListCents ?? row.listCents,
      // The product page's rule: a variant's own prices override the product's.
      saleCents: row.variantSaleCents ?? row.saleCents,
      productType: row.productType,
      excludeProDiscount: row.excludeProDiscount,
      groupPercents: row.groupPercents,
      bulkRules: rules
        .filter((rule) => rule.productId === row.productId)
        .map(({ quantityMin, quantityMax, type, amount }) => ({ quantityMin, quantityMax, type, amount })),
    });
  }
  return found;
}
