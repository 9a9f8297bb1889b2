/**
 * Generates the seed catalogue: products with their options, variants, images, custom fields, modifiers,
 * bulk pricing rules, inventory and ratings, and their category assignments. Pure: the same options give
 * deep-equal rows, with no database and no clock (dates are relative to SEED_REFERENCE_DATE).
 * What a product is gets decided in product-plan.ts; its fields in product-fields.ts; its categories in
 * category-assignment.ts.
 *
 * Each product draws from its own random stream (`random.fork(index)`), so product N is the same
 * whatever the total count; only ids handed out by running counters (option values, variants) and
 * name de-duplication depend on the products before it.
 */
import { pricingFields } from '../../pricing/price-rules';
import type {
  bulkPricingRules,
  inventoryRecords,
  productCustomFields,
  productImages,
  productOptions,
  productOptionValues,
  products,
  variants,
} from '../schema';
import {
  assignCategories,
  categoryRatings,
  productTags,
  type ProductCategoryRow,
  type RatingRow,
} from './category-assignment';
import { slugify, type CategoryDefinition, type ProductTag } from './categories';
import { colourByCode, swatchFileName, type ColourCode } from './colours';
import {
  artKindFor,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  isSceneView,
  lifestyleScenes,
  productImageUrl,
  sceneLabel,
  type ArtKind,
  type ImageView,
} from './product-art';
import { customFields, modifiers, type ProductModifierRow } from './product-fields';
import { describeProduct } from './product-copy';
import { planProduct, productBriefs, salePrice, type ProductPlan } from './product-plan';
import { GEAR_TYPES, sizesFor } from './product-types';
import { createRandom, type Random } from './random';

export type ProductRow = typeof products.$inferSelect;
export type ProductOptionRow = typeof productOptions.$inferSelect;
export type ProductOptionValueRow = typeof productOptionValues.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type ProductImageRow = Omit<typeof productImages.$inferSelect, 'id'>;
export type ProductCustomFieldRow = Omit<typeof productCustomFields.$inferSelect, 'id'>;
export type BulkPricingRuleRow = Omit<typeof bulkPricingRules.$inferSelect, 'id'>;
export type InventoryRow = Omit<typeof inventoryRecords.$inferSelect, 'updatedAt'>;

export type CatalogueRows = {
  products: ProductRow[];
  productOptions: ProductOptionRow[];
  productOptionValues: ProductOptionValueRow[];
  variants: VariantRow[];
  productImages: ProductImageRow[];
  productCustomFields: ProductCustomFieldRow[];
  productModifiers: ProductModifierRow[];
  bulkPricingRules: BulkPricingRuleRow[];
  productCategories: ProductCategoryRow[];
  inventoryRecords: InventoryRow[];
  ratingSummaries: RatingRow[];
};

type IdCounters = {
  optionValue: number;
  variant: number;
  modifierValue: number;
  /** Products of each art kind in each colour so far (`kind|code`): the next one's lifestyle scenes. */
  artKinds: Map<`${ArtKind}|${string}`, number>;
};

export function generateCatalogue(options: {
  products: number;
  seed: number;
  categories: readonly CategoryDefinition[];
}): CatalogueRows {
  if (!Number.isInteger(options.products) || options.products < 1 || options.products > 100_000) {
    throw new Error(`products must be a whole number from 1 to 100000 (got ${options.products})`);
  }
  const random = createRandom(options.seed);
  const rows: CatalogueRows = {
    products: [],
    productOptions: [],
    productOptionValues: [],
    variants: [],
    productImages: [],
    productCustomFields: [],
    productModifiers: [],
    bulkPricingRules: [],
    productCategories: [],
    inventoryRecords: [],
    ratingSummaries: [],
  };
  const counters: IdCounters = { optionValue: 1, variant: 1, modifierValue: 1, artKinds: new Map() };
  const usedNames = new Set<string>();
  const usedUrls = new Set<string>();
  const tagsByProduct = new Map<number, Set<ProductTag>>();

  const briefs = productBriefs(random.fork('assortment'));
  for (let index = 0; index < options.products; index++) {
    const productRandom = random.fork(`product:${index}`);
    const plan = planProduct(index, briefs[index] ?? {}, productRandom, usedNames);
    const url = uniqueUrl(slugify(plan.name), plan.sku, usedUrls);
    appendProductRows(rows, plan, url, productRandom, counters);
    tagsByProduct.set(plan.id, productTags(plan, productRandom));
  }
  rows.productCategories = assignCategories(options.categories, rows.products, tagsByProduct);
  rows.ratingSummaries.push(
    ...categoryRatings(options.categories, rows.productCategories, rows.ratingSummaries),
  );
  return rows;
}

function uniqueUrl(slug: string, sku: string, usedUrls: Set<string>): string {
  const url = usedUrls.has(slug) ? `${slug}-${sku}` : slug;
  usedUrls.add(url);
  return url;
}

/** The rows of one product: product, options and values, images, variants and their stock, fields. */
function appendProductRows(
  rows: CatalogueRows,
  plan: ProductPlan,
  url: string,
  random: Random,
  counters: IdCounters,
): void {
  rows.products.push({
    id: plan.id,
    sku: plan.sku,
    name: plan.name,
    brandId: plan.brandId,
    url,
    // Written once the technology badges are known (below).
    description: '',
    priceCents: plan.priceCents,
    salePriceCents: plan.salePriceCents,
    gender: plan.gender,
    productType: plan.type,
    // Filled from the custom fields below.
    excludeProDiscount: false,
    groupPercents: {},
    isVisible: true,
    featuredRank: plan.featuredRank,
    createdAt: plan.createdAt,
  });

  const colorOptionId = plan.id * 2 - 1;
  const sizeOptionId = plan.id * 2;
  rows.productOptions.push(
    { id: colorOptionId, productId: plan.id, displayName: 'Color', sortOrder: 0 },
    { id: sizeOptionId, productId: plan.id, displayName: 'Size', sortOrder: 1 },
  );
  const colourValues = plan.colours.map((code, index): ProductOptionValueRow => {
    const colour = colourByCode(code);
    return {
      id: counters.optionValue++,
      optionId: colorOptionId,
      label: colour.name,
      sortOrder: index,
      isDefault: index === 0,
      swatch: swatchFileName(code),
      colorHex: colour.hex,
      isPattern: colour.isPattern,
    };
  });
  const sizes = sizesFor(plan.type, plan.gender);
  const sizeValues = sizes.map((size, index): ProductOptionValueRow => ({
    id: counters.optionValue++,
    optionId: sizeOptionId,
    label: size.label,
    sortOrder: index,
    isDefault: false,
    swatch: null,
    colorHex: null,
    isPattern: false,
  }));
  rows.productOptionValues.push(...colourValues, ...sizeValues);

  const kind = artKindFor(plan.type, plan.style.id, plan.name);
  const studioView = random.chance(0.6) ? 'back' : 'detail';
  const images = plan.colours.flatMap((code, colourIndex) =>
    imageViews(kind, code, studioView, counters).map((view, viewIndex, views): ProductImageRow => ({
      productId: plan.id,
      url: productImageUrl(kind, code, view),
      sortOrder: colourIndex * views.length + viewIndex,
      isThumbnail: colourIndex === 0 && viewIndex === 0,
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      description: {
        colorName: colourByCode(code).name,
        colorCode: `${plan.sku}-${code}`,
        number: viewIndex + 1,
        isModel: isSceneView(view) && !GEAR_TYPES.includes(plan.type),
        default: view === 'front',
        islifestyle: isSceneView(view),
        ...(isSceneView(view) ? { scene: sceneLabel(view) } : {}),
      },
    })),
  );
  rows.productImages.push(...images);

  plan.colours.forEach((code, colourIndex) => {
    const colourValue = colourValues[colourIndex] as ProductOptionValueRow;
    sizes.forEach((size, sizeIndex) => {
      const variantSku = `${plan.sku}-${code}-${size.code}`;
      // 3XL costs $10 more, which exercises the variant price override.
      const upcharge = size.label === '3XL' ? 1000 : null;
      const id = counters.variant++;
      rows.variants.push({
        id,
        productId: plan.id,
        sku: variantSku,
        priceCents: upcharge === null ? null : plan.priceCents + upcharge,
        // The upcharged size is on sale by the same percentage as the product (its badge claims hold).
        salePriceCents:
          upcharge === null || plan.salePercent === null
            ? null
            : salePrice(plan.priceCents + upcharge, plan.salePercent),
        upc: upc(id),
        imageUrl: productImageUrl(kind, code, 'front'),
        // A coming-soon product cannot be bought yet (issue 9 §1).
        purchasingDisabled: random.chance(0.015) || plan.comingSoon,
        colorValueId: colourValue.id,
        sizeValueId: (sizeValues[sizeIndex] as ProductOptionValueRow).id,
      });
      const stock = stockLevels(random);
      rows.inventoryRecords.push(
        plan.comingSoon ? { variantSku, standardQuantity: 0, proQuantity: 0 } : { variantSku, ...stock },
      );
    });
  });

  const fields = customFields(plan, random);
  // Pricing reads these two from columns (server/pricing price-sql.ts), denormalised like gender and type.
  const product = rows.products[rows.products.length - 1]!;
  Object.assign(product, pricingFields(Object.fromEntries(fields)));
  const technologies = fields.find(([name]) => name === 'technology_badges')?.[1].split(',') ?? [];
  // Its own stream: the copy draws nothing from the product's, so it changes no price, stock or field.
  product.description = describeProduct(plan, technologies, random.fork('copy'));
  rows.productCustomFields.push(...fields.map(([name, value]) => ({ productId: plan.id, name, value })));
  rows.productModifiers.push(...modifiers(plan, () => counters.modifierValue++));
  if (random.chance(GEAR_TYPES.includes(plan.type) || plan.type === 'baselayer' ? 0.2 : 0.03)) {
    rows.bulkPricingRules.push(
      { productId: plan.id, quantityMin: 3, quantityMax: 5, type: 'percent', amount: 500 },
      { productId: plan.id, quantityMin: 6, quantityMax: null, type: 'percent', amount: 1000 },
    );
  }
  if (plan.rating) rows.ratingSummaries.push({ targetType: 'product', targetId: plan.id, ...plan.rating });
}

/**
 * Four images per colorway, so the 2-up gallery fills its rows (issue 9 §10): two studio views (front and back, or
 * front and a detail) and two lifestyle scenes. The scenes are the pair that the colorway's ordinal among the
 * products of its art kind in its colour picks, so products that look alike (one kind, one colour) differ in
 * their scenes: the first twelve of them never share both.
 */
function imageViews(
  kind: ArtKind,
  code: ColourCode,
  studioView: 'back' | 'detail',
  counters: IdCounters,
): ImageView[] {
  const key = `${kind}|${code}` as const;
  const ordinal = counters.artKinds.get(key) ?? 0;
  counters.artKinds.set(key, ordinal + 1);
  return ['front', studioView, ...lifestyleScenes(ordinal)];
}

/** A 12-digit UPC-A: company prefix 84, the variant id, and the standard check digit. */
export function upc(variantId: number): string {
  const body = `84${String(variantId).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** About 5% sold out (both 0), 7% low stock (1–3 in all); pro stock is the smaller pool. */
function stockLevels(random: Random): { standardQuantity: number; proQuantity: number } {
  const roll = random.next();
  if (roll < 0.05) return { standardQuantity: 0, proQuantity: 0 };
  if (roll < 0.12) {
    const total = random.int(1, 3);
    const pro = random.int(0, total);
    return { standardQuantity: total - pro, proQuantity: pro };
  }
  return { standardQuantity: random.int(4, 80), proQuantity: random.int(0, 25) };
}
