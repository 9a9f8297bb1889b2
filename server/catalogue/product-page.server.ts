/**
 * The product page of one colour. Two statements find the product and its options (enough to redirect an
 * unknown colour); six more, run together, load the colour's variants with stock, the images, the custom
 * fields, the categories, the product's colour-order rules and one SKU per colour (its colour code).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { PriceList } from '../pricing/price-rules';
import { merchandisingRules, variants as variantTable } from '../db/schema';
import { merchandisingBadges, technologyBadgesByPriority } from './badges';
import { categoryBreadcrumbs } from './category-page';
import { applyColorOrder, COLOR_ORDER_RULE } from './color-order';
import type { CategoryTree } from './category-tree';
import { defaultColor, findColorBySlug, toColorSwatches } from './colors';
import { customFieldMap, parseTechnologyBadges } from './custom-fields';
import { displayPrice } from './display-price';
import { pricedItem } from './cards';
import { colorGallery, lifestyleImages } from './images';
import {
  COLOR_OPTION,
  SIZE_OPTION,
  selectCategoryIds,
  selectColorVariants,
  selectCustomFields,
  selectImages,
  selectOptionValues,
  selectProductByUrl,
  type ColorVariantRow,
  type ProductOptionValueRow,
} from './queries.server';
import { skuColorCode } from './sku';
import type { ColorSwatch, ProductPageResult, ProductVariant } from './types';

export async function loadProductPage(
  db: Database,
  tree: CategoryTree,
  clock: Clock,
  url: string,
  colorSlug: string | undefined,
  list: PriceList,
): Promise<ProductPageResult> {
  const product = await selectProductByUrl(db, url);
  if (!product) return null;
  const optionValues = await selectOptionValues(db, [product.id]);
  const unordered = toColorSwatches(product.url, valuesOf(optionValues, COLOR_OPTION));
  const selectedColor = colorSlug === undefined ? undefined : findColorBySlug(unordered, colorSlug);
  if (!selectedColor) {
    const fallback = defaultColor(unordered);
    return fallback ? { kind: 'redirect', path: fallback.href } : null;
  }

  const [variantRows, images, customFieldRows, categoryIds, rules, colorSkus] = await Promise.all([
    selectColorVariants(db, product.id, selectedColor.id),
    selectImages(db, [product.id], { defaultsOnly: false }),
    selectCustomFields(db, product.id),
    selectCategoryIds(db, product.id),
    selectColorOrderRules(db, product.id),
    selectColorSkus(db, product.id),
  ]);
  const now = clock.now();
  const codeByColor = new Map(colorSkus.map((row) => [row.colorValueId, skuColorCode(row.sku)]));
  const colors = applyColorOrder(
    unordered,
    (color) => codeByColor.get(color.id) ?? null,
    rules,
    product.id,
    now,
  );
  const pricing = pricedItem(product);
  const variants = toVariants(variantRows, valuesOf(optionValues, SIZE_OPTION), (own) =>
    displayPrice(list, {
      ...pricing,
      listCents: own.priceCents ?? pricing.listCents,
      saleCents: own.salePriceCents ?? pricing.saleCents,
    }),
  );
  const customFields = customFieldMap(customFieldRows);
  const deepest = tree.deepestShown(categoryIds);
  const color = imageColor(selectedColor, variants);

  return {
    kind: 'page',
    page: {
      product: {
        id: product.id,
        sku: product.sku,
        name: product.name,
        url: product.url,
        description: product.description,
        price: displayPrice(list, pricing),
      },
      selectedColor,
      colors,
      variants,
      images: colorGallery(product.name, images, color),
      lifestyleImages: lifestyleImages(product.name, images, color),
      colorCode: color.code,
      badges: merchandisingBadges({ customFields, colorCodes: color.code ? [color.code] : [], now }),
      customFields,
      technologyBadges: technologyBadgesByPriority(parseTechnologyBadges(customFields.technology_badges)),
      rating:
        product.ratingScore === null || product.ratingCount === null
          ? null
          : { score: product.ratingScore, totalCount: product.ratingCount },
      breadcrumbs: deepest ? categoryBreadcrumbs(tree, deepest.id) : [],
    },
  };
}

/** In size order; priced by `price` (a variant's own price and sale price, where set, stand for the product's). */
function toVariants(
  rows: ColorVariantRow[],
  sizes: ProductOptionValueRow[],
  price: (own: { priceCents: number | null; salePriceCents: number | null }) => ProductVariant['price'],
): ProductVariant[] {
  const sizeById = new Map(sizes.map((size) => [size.id, size]));
  const sizeOf = (row: ColorVariantRow) =>
    row.sizeValueId === null ? undefined : sizeById.get(row.sizeValueId);
  const position = (row: ColorVariantRow) => sizeOf(row)?.sortOrder ?? -1;
  return [...rows]
    .sort((a, b) => position(a) - position(b) || a.id - b.id)
    .map((row) => ({
      id: row.id,
      sku: row.sku,
      size: sizeOf(row)?.label ?? null,
      price: price(row),
      purchasingDisabled: row.purchasingDisabled,
      inventoryLevel: row.inventoryLevel,
    }));
}

function valuesOf(values: ProductOptionValueRow[], optionName: string): ProductOptionValueRow[] {
  return values.filter((value) => value.optionName.toLowerCase() === optionName.toLowerCase());
}

/** Images name their colour by label or by the SKU colour code, which the colour's variants carry. */
function imageColor(color: ColorSwatch, variants: ProductVariant[]) {
  const code = variants.map((variant) => skuColorCode(variant.sku)).find((found) => found !== null) ?? null;
  return { label: color.label, code };
}

/** The product's colour-order rules (few: a handful of products carry one); their window is checked in code. */
function selectColorOrderRules(db: Database, productId: number) {
  return db
    .select({
      kind: merchandisingRules.kind,
      productId: merchandisingRules.productId,
      startsAt: merchandisingRules.startsAt,
      endsAt: merchandisingRules.endsAt,
      payload: merchandisingRules.payload,
    })
    .from(merchandisingRules)
    .where(and(eq(merchandisingRules.kind, COLOR_ORDER_RULE), eq(merchandisingRules.productId, productId)));
}

/** One variant SKU per colour, which carries the colour's code ("600123-BKBO-M" → "BKBO"). */
function selectColorSkus(db: Database, productId: number) {
  return db
    .selectDistinctOn([variantTable.colorValueId], {
      colorValueId: variantTable.colorValueId,
      sku: variantTable.sku,
    })
    .from(variantTable)
    .where(and(eq(variantTable.productId, productId), isNotNull(variantTable.colorValueId)))
    .orderBy(variantTable.colorValueId, variantTable.sku);
}
