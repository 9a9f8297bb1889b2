/**
 * The product page of one colour. Two statements find the product (with its categories) and its options (enough
 * to redirect an unknown colour); six more, run together, load the product's variants (the colour's sizes and one
 * SKU per colour, its colour code), the images, the custom fields, the colour-order rules, and from the reviews and
 * inventory contexts the rating and the stock of the product's SKUs (SPEC §7 `basedOnSku`: the product's SKU is the
 * base of its variants'; a variant under another base costs one more statement).
 */
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { buyableLevel, isUnderBaseSku, type InventoryLevel } from '../inventory/index.server';
import { takesProStock, type PriceList } from '../pricing/index.server';
import type { RatingSummary } from '../reviews/index.server';
import { merchandisingRules } from './schema';
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
  selectCustomFields,
  selectImages,
  selectOptionValues,
  selectProductByUrl,
  selectProductVariants,
  type ProductOptionValueRow,
  type ProductVariantRow,
} from './queries.server';
import { skuColorCode } from './sku';
import type { ColorSwatch, ProductPageResult, ProductVariant } from './types';

/** What the page asks of the reviews and inventory contexts. */
export type ProductPageSources = {
  ratings(productIds: readonly number[]): Promise<Map<number, RatingSummary>>;
  /** Levels of the SKUs under these bases (`basedOnSku`), or of these exact SKUs, with standard and pro stock. */
  stockUnder(bases: readonly string[]): Promise<InventoryLevel[]>;
  stockOf(skus: readonly string[]): Promise<InventoryLevel[]>;
};

type StockRecord = { standardQuantity: number; proQuantity: number };

export async function loadProductPage(
  db: Database,
  sources: ProductPageSources,
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

  const [allVariants, images, customFieldRows, rules, ratings, levelsUnder] = await Promise.all([
    selectProductVariants(db, product.id),
    selectImages(db, [product.id], { defaultsOnly: false }),
    selectCustomFields(db, product.id),
    selectColorOrderRules(db, product.id),
    sources.ratings([product.id]),
    sources.stockUnder([product.sku]),
  ]);
  const variantRows = allVariants.filter((row) => row.colorValueId === selectedColor.id);
  const stock = await stockBySku(sources, product.sku, variantRows, levelsUnder);
  const now = clock.now();
  const codeByColor = colorCodes(allVariants);
  const colors = applyColorOrder(
    unordered,
    (color) => codeByColor.get(color.id) ?? null,
    rules,
    product.id,
    now,
  );
  const pricing = pricedItem(product);
  // Pages are kept and shared per price list; only pro-app and shed-app customers have a pro one (price-lists.ts),
  // and only their cart lines take pro stock, of items with the pro discount (SPEC §6, issue 24 §3).
  const proStock = takesProStock(list, pricing);
  const variants = toVariants(variantRows, stock, proStock, valuesOf(optionValues, SIZE_OPTION), (own) =>
    displayPrice(list, {
      ...pricing,
      listCents: own.priceCents ?? pricing.listCents,
      saleCents: own.salePriceCents ?? pricing.saleCents,
    }),
  );
  const customFields = customFieldMap(customFieldRows);
  const deepest = tree.deepestShown(product.categoryIds);
  const rating = ratings.get(product.id) ?? null;
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
      proStock,
      images: colorGallery(product.name, images, color),
      lifestyleImages: lifestyleImages(product.name, images, color),
      colorCode: color.code,
      badges: merchandisingBadges({ customFields, colorCodes: color.code ? [color.code] : [], now }),
      customFields,
      technologyBadges: technologyBadgesByPriority(parseTechnologyBadges(customFields.technology_badges)),
      rating: rating ? { score: rating.score, totalCount: rating.totalCount } : null,
      breadcrumbs: deepest ? categoryBreadcrumbs(tree, deepest.id) : [],
    },
  };
}

const NO_STOCK: StockRecord = { standardQuantity: 0, proQuantity: 0 };

/** In size order; priced by `price` (a variant's own price and sale price, where set, stand for the product's). */
function toVariants(
  rows: ProductVariantRow[],
  stock: ReadonlyMap<string, StockRecord>,
  proStock: boolean,
  sizes: ProductOptionValueRow[],
  price: (own: { priceCents: number | null; salePriceCents: number | null }) => ProductVariant['price'],
): ProductVariant[] {
  const sizeById = new Map(sizes.map((size) => [size.id, size]));
  const sizeOf = (row: ProductVariantRow) =>
    row.sizeValueId === null ? undefined : sizeById.get(row.sizeValueId);
  const position = (row: ProductVariantRow) => sizeOf(row)?.sortOrder ?? -1;
  return [...rows]
    .sort((a, b) => position(a) - position(b) || a.id - b.id)
    .map((row) => ({
      id: row.id,
      sku: row.sku,
      size: sizeOf(row)?.label ?? null,
      price: price(row),
      purchasingDisabled: row.purchasingDisabled,
      inventoryLevel: buyableLevel(stock.get(row.sku.toUpperCase()) ?? NO_STOCK, proStock),
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

/** One SKU per colour (the lowest), which carries the colour's code ("600123-BKBO-M" → "BKBO"). */
function colorCodes(rows: readonly ProductVariantRow[]): Map<number, string | null> {
  const lowest = new Map<number, string>();
  for (const row of rows) {
    if (row.colorValueId === null) continue;
    const kept = lowest.get(row.colorValueId);
    if (kept === undefined || row.sku < kept) lowest.set(row.colorValueId, row.sku);
  }
  return new Map([...lowest].map(([colorValueId, sku]) => [colorValueId, skuColorCode(sku)]));
}

/**
 * The stock of the colour's SKUs, upper-cased: from the levels under the product's SKU, and for a SKU under another
 * base (none in the store's data, which SPEC §3's SKU shape rules out), from one more statement.
 */
async function stockBySku(
  sources: ProductPageSources,
  base: string,
  rows: readonly ProductVariantRow[],
  levelsUnder: readonly InventoryLevel[],
): Promise<Map<string, StockRecord>> {
  const stock = new Map<string, StockRecord>();
  const add = (levels: readonly InventoryLevel[]) => {
    for (const level of levels)
      stock.set(level.variant_sku.toUpperCase(), {
        standardQuantity: level.standard_quantity ?? 0,
        proQuantity: level.pro_quantity ?? 0,
      });
  };
  add(levelsUnder);
  const elsewhere = rows.map((row) => row.sku).filter((sku) => !isUnderBaseSku(sku, base));
  if (elsewhere.length > 0) add(await sources.stockOf(elsewhere));
  return stock;
}
