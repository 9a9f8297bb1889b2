/**
 * The product page of one colour. Two statements find the product and its options (enough to redirect an
 * unknown colour); four more, run together, load the colour's variants with stock, the images, the custom
 * fields and the categories.
 */
import type { Database } from '../db/database.server';
import { categoryBreadcrumbs } from './category-page';
import type { CategoryTree } from './category-tree';
import { defaultColor, findColorBySlug, toColorSwatches } from './colors';
import { customFieldMap, parseTechnologyBadges } from './custom-fields';
import { colorGallery } from './images';
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
  url: string,
  colorSlug: string | undefined,
): Promise<ProductPageResult> {
  const product = await selectProductByUrl(db, url);
  if (!product) return null;
  const optionValues = await selectOptionValues(db, [product.id]);
  const colors = toColorSwatches(product.url, valuesOf(optionValues, COLOR_OPTION));
  const selectedColor = colorSlug === undefined ? undefined : findColorBySlug(colors, colorSlug);
  if (!selectedColor) {
    const fallback = defaultColor(colors);
    return fallback ? { kind: 'redirect', path: fallback.href } : null;
  }

  const [variantRows, images, customFieldRows, categoryIds] = await Promise.all([
    selectColorVariants(db, product.id, selectedColor.id),
    selectImages(db, [product.id], { defaultsOnly: false }),
    selectCustomFields(db, product.id),
    selectCategoryIds(db, product.id),
  ]);
  const variants = toVariants(variantRows, valuesOf(optionValues, SIZE_OPTION), product);
  const customFields = customFieldMap(customFieldRows);
  const deepest = tree.deepestShown(categoryIds);

  return {
    kind: 'page',
    page: {
      product: {
        id: product.id,
        sku: product.sku,
        name: product.name,
        url: product.url,
        description: product.description,
        priceCents: product.priceCents,
        salePriceCents: product.salePriceCents,
      },
      selectedColor,
      colors,
      variants,
      images: colorGallery(product.name, images, imageColor(selectedColor, variants)),
      customFields,
      technologyBadges: parseTechnologyBadges(customFields.technology_badges),
      rating:
        product.ratingScore === null || product.ratingCount === null
          ? null
          : { score: product.ratingScore, totalCount: product.ratingCount },
      breadcrumbs: deepest ? categoryBreadcrumbs(tree, deepest.id) : [],
    },
  };
}

/** In size order; price and sale price not set on a variant are the product's. */
function toVariants(
  rows: ColorVariantRow[],
  sizes: ProductOptionValueRow[],
  inherited: { priceCents: number; salePriceCents: number | null },
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
      priceCents: row.priceCents ?? inherited.priceCents,
      salePriceCents: row.salePriceCents ?? inherited.salePriceCents,
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
