/**
 * What a catalogue import accepts (issue 25 §3, decision 095): products in the shape of the BigCommerce v3 catalog
 * API that SPEC §3 describes (a product with its options, variants, modifiers, custom fields, images, categories
 * and bulk pricing rules), checked record by record with zod. Pure: no database, no file system. What needs the
 * database (categories that exist, URLs and SKUs other products hold) is checked in `write.server.ts`.
 *
 * Fields the store has no use for (BigCommerce's `weight`, `type`, `metafields`, source ids…) are ignored, so an
 * export passes as it is. Money is dollars with at most two decimals, as the API gives it; the store keeps cents.
 */
import { z } from 'zod';
import { slugify } from '../../db/seed/categories';
import { parseSku } from '../sku';

/** One refused record: where it is in the file, its SKU when it has one, which field and why. */
export type ImportRefusal = {
  /** `product 3` (JSON, 1-based) or `row 7` (CSV, the file's line number). */
  record: string;
  sku: string | null;
  /** The field's path in the JSON shape (`variants[1].price`), or `sku` for file-wide rules. */
  field: string;
  message: string;
};

/** Where each record came from, to name it in a refusal. */
export type RecordSource = {
  label: string;
  /** CSV: the row of each variant (its index in `variants`), so a variant's refusal names its own row. */
  variantLabels?: readonly string[];
};

export const MAX_PRICE_DOLLARS = 1_000_000;
export const MAX_NAME_LENGTH = 250;

const cents = (dollars: number) => Math.round(dollars * 100);

const money = z
  .number({ invalid_type_error: 'must be a number of dollars' })
  .finite('must be a number of dollars')
  .nonnegative('must not be negative')
  .max(MAX_PRICE_DOLLARS, `must be at most ${MAX_PRICE_DOLLARS} dollars`)
  .refine((value) => Math.abs(value * 100 - cents(value)) < 1e-6, 'must have at most two decimals');

const text = (max: number) => z.string({ invalid_type_error: 'must be text' }).trim().max(max);
const requiredText = (max: number) => text(max).min(1, 'must not be empty');
const flag = z.boolean({ invalid_type_error: 'must be true or false' });
const count = z
  .number({ invalid_type_error: 'must be a whole number' })
  .int('must be a whole number')
  .nonnegative('must not be negative')
  .max(10_000_000, 'must be at most 10000000');

const optionValueSchema = z.object({
  label: requiredText(100),
  sort_order: count.optional(),
  is_default: flag.optional(),
  /** BigCommerce swatch data: a colour (`colors[0]`) and/or a swatch image file name. */
  value_data: z
    .object({
      colors: z.array(z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c')).optional(),
      image_url: text(200).optional(),
      is_pattern: flag.optional(),
    })
    .nullable()
    .optional(),
});

const optionSchema = z.object({
  display_name: requiredText(100),
  sort_order: count.optional(),
  option_values: z.array(optionValueSchema).min(1, 'must list at least one value'),
});

const variantOptionValueSchema = z.object({
  option_display_name: requiredText(100),
  label: requiredText(100),
});

const variantSchema = z.object({
  sku: requiredText(100),
  /** Null (or absent): the product's price. */
  price: money.nullable().optional(),
  /** Null, absent or 0 (BigCommerce's "none"): no sale price of its own. */
  sale_price: money.nullable().optional(),
  upc: z
    .string({ invalid_type_error: 'must be text' })
    .trim()
    .regex(/^(?:\d{8}|\d{12,14})?$/, 'must be 8 or 12 to 14 digits')
    .nullable()
    .optional(),
  image_url: text(2000).nullable().optional(),
  /** The combined level (SPEC §3: standard plus pro); absent leaves the stock as it is. */
  inventory_level: count.optional(),
  /** The pro warehouse's share of `inventory_level` (default 0). */
  pro_quantity: count.optional(),
  purchasing_disabled: flag.optional(),
  option_values: z.array(variantOptionValueSchema),
});

const modifierSchema = z.object({
  display_name: requiredText(100),
  type: requiredText(50),
  required: flag.optional(),
  option_values: z.array(z.object({ label: requiredText(100), is_default: flag.optional() })).default([]),
});

const customFieldSchema = z.object({ name: requiredText(250), value: text(10_000) });

/** SPEC §3's image description, stored as JSON (BigCommerce keeps it as a string). */
const imageDescriptionSchema = z.object({
  colorName: requiredText(100),
  colorCode: text(100).default(''),
  number: count.optional(),
  isModel: flag.default(false),
  default: flag.default(false),
  islifestyle: flag.default(false),
  scene: text(200).optional(),
});

const imageSchema = z.object({
  /** A local file, relative to the import file: copied into the store's image folder (decision 096). */
  image_file: text(1000).optional(),
  /** A URL (http, https, or a path on this site) kept as given: nothing is downloaded. */
  url_standard: text(2000).optional(),
  is_thumbnail: flag.optional(),
  sort_order: count.optional(),
  description: z.union([z.string(), z.record(z.unknown())], {
    errorMap: () => ({ message: 'must be the image description JSON' }),
  }),
  width: count.optional(),
  height: count.optional(),
});

const bulkRuleSchema = z.object({
  quantity_min: count.min(1, 'must be at least 1'),
  /** Null or 0 (BigCommerce's "no maximum"). */
  quantity_max: count.nullable().optional(),
  type: z.enum(['percent', 'fixed', 'price'], {
    errorMap: () => ({ message: 'must be percent, fixed or price' }),
  }),
  amount: money,
});

const categoryRefSchema = z.union(
  [
    z.number().int().positive(),
    z
      .string()
      .trim()
      .regex(/^\/(?:[a-z0-9-]+\/)+$/, 'must be a category id or a path like /mens/jackets-and-vests/'),
  ],
  { errorMap: () => ({ message: 'must be a category id or a path like /mens/jackets-and-vests/' }) },
);

const productSchema = z.object({
  sku: requiredText(100),
  name: requiredText(MAX_NAME_LENGTH),
  description: text(65_535).default(''),
  price: money,
  sale_price: money.nullable().optional(),
  brand_id: count.min(1, 'must be at least 1').default(1),
  is_visible: flag.default(true),
  custom_url: z
    .object({ url: requiredText(250) })
    .nullable()
    .optional(),
  categories: z.array(categoryRefSchema).default([]),
  options: z.array(optionSchema),
  variants: z.array(variantSchema).min(1, 'must list at least one variant'),
  modifiers: z.array(modifierSchema).default([]),
  custom_fields: z.array(customFieldSchema).default([]),
  images: z.array(imageSchema).default([]),
  bulk_pricing_rules: z.array(bulkRuleSchema).default([]),
});

type RawProduct = z.infer<typeof productSchema>;

/* ─────────────── what the store writes ─────────────── */

export type ImportImage = {
  /** Local file (relative to the import file) or URL kept as given. */
  source: { kind: 'file'; path: string } | { kind: 'url'; url: string };
  isThumbnail: boolean;
  sortOrder: number;
  width: number | null;
  height: number | null;
  description: {
    colorName: string;
    colorCode: string;
    number: number;
    isModel: boolean;
    default: boolean;
    islifestyle: boolean;
    scene?: string;
  };
};

export type ImportOptionValue = {
  label: string;
  sortOrder: number;
  isDefault: boolean;
  swatch: string | null;
  colorHex: string | null;
  isPattern: boolean;
};

export type ImportVariant = {
  sku: string;
  priceCents: number | null;
  salePriceCents: number | null;
  upc: string | null;
  imageUrl: string | null;
  purchasingDisabled: boolean;
  color: string;
  size: string;
  /** Absent: stock is left as it is. */
  stock: { standardQuantity: number; proQuantity: number } | null;
};

export type ImportProduct = {
  /** Where the record was (for refusals found later, against the database). */
  source: RecordSource;
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  salePriceCents: number | null;
  brandId: number;
  isVisible: boolean;
  /** The slug asked for by `custom_url` (already slugified), or null: the name's. */
  customSlug: string | null;
  categories: (number | string)[];
  /** Color first, then Size, each with its values in display order. */
  colors: ImportOptionValue[];
  sizes: ImportOptionValue[];
  variants: ImportVariant[];
  modifiers: {
    displayName: string;
    type: string;
    required: boolean;
    values: { label: string; isDefault: boolean }[];
  }[];
  customFields: { name: string; value: string }[];
  images: ImportImage[];
  bulkPricingRules: { quantityMin: number; quantityMax: number | null; type: string; amount: number }[];
};

export type ValidationResult = { products: ImportProduct[]; refusals: ImportRefusal[] };

/** The custom fields the store denormalises into its product rows (facets): each product must have them. */
export const REQUIRED_CUSTOM_FIELDS = ['gender', 'product_type'] as const;
export const VARIANT_OPTIONS = ['Color', 'Size'] as const;

/** A missing field says so ("is required"), instead of zod's bare "Required". */
const requiredMessage: z.ZodErrorMap = (issue, context) =>
  issue.code === 'invalid_type' && issue.received === 'undefined'
    ? { message: 'is required' }
    : { message: context.defaultError };

const pathOf = (path: readonly (string | number)[]) =>
  path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );

/**
 * Checks every record and turns the good ones into what the store writes. A file-wide rule (a product SKU listed twice) is
 * reported on the later record. Refusals are in file order.
 */
export function validateRecords(
  records: readonly unknown[],
  sources: readonly RecordSource[],
): ValidationResult {
  const refusals: ImportRefusal[] = [];
  const products: ImportProduct[] = [];
  const productBySku = new Map<string, string>();
  records.forEach((record, index) => {
    const source = sources[index] ?? { label: `product ${index + 1}` };
    const skuOf = (value: unknown) =>
      typeof value === 'object' && value !== null && typeof (value as { sku?: unknown }).sku === 'string'
        ? (value as { sku: string }).sku.trim() || null
        : null;
    const refuse = (field: string, message: string) => {
      const variantIndex = /^variants\[(\d+)\]/.exec(field)?.[1];
      const label =
        variantIndex !== undefined
          ? (source.variantLabels?.[Number(variantIndex)] ?? source.label)
          : source.label;
      refusals.push({ record: label, sku: skuOf(record), field, message });
    };
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      refuse('', 'must be a product object');
      return;
    }
    const parsed = productSchema.safeParse(record, { errorMap: requiredMessage });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) refuse(pathOf(issue.path), issue.message);
      return;
    }
    const before = refusals.length;
    const product = toImportProduct(parsed.data, source, refuse);
    if (refusals.length > before || !product) return;
    const earlier = productBySku.get(product.sku);
    if (earlier) {
      refuse('sku', `is listed twice (also ${earlier})`);
      return;
    }
    // Variant SKUs start with their product's SKU (checked above), so unique products make them unique too.
    productBySku.set(product.sku, source.label);
    products.push(product);
  });
  return { products, refusals };
}

/** The cross-field rules of one product; refuses through `refuse` and returns null when any fails. */
function toImportProduct(
  raw: RawProduct,
  source: RecordSource,
  refuse: (field: string, message: string) => void,
): ImportProduct | null {
  let ok = true;
  const fail = (field: string, message: string) => {
    ok = false;
    refuse(field, message);
  };

  const parsedSku = parseSku(raw.sku);
  if (parsedSku?.kind !== 'parent') {
    fail('sku', 'must be a parent SKU: one part of letters, digits, "_" or "."');
  }
  const salePriceCents = raw.sale_price ? cents(raw.sale_price) : null;
  const priceCents = cents(raw.price);
  if (salePriceCents !== null && salePriceCents >= priceCents) fail('sale_price', 'must be below price');

  let customSlug: string | null = null;
  if (raw.custom_url) {
    customSlug = slugify(raw.custom_url.url);
    if (!customSlug) fail('custom_url.url', 'must contain letters or digits');
  }

  // Options: Color and Size, each once; their values unique by label.
  const optionByName = new Map<string, { index: number; values: ImportOptionValue[] }>();
  raw.options.forEach((option, index) => {
    const name = VARIANT_OPTIONS.find((known) => known.toLowerCase() === option.display_name.toLowerCase());
    if (!name) {
      fail(`options[${index}].display_name`, 'must be Color or Size (the options the store sells by)');
      return;
    }
    if (optionByName.has(name)) {
      fail(`options[${index}].display_name`, `${name} is listed twice`);
      return;
    }
    const seen = new Set<string>();
    const values = option.option_values.map((value, valueIndex): ImportOptionValue => {
      const key = value.label.toLowerCase();
      if (seen.has(key))
        fail(`options[${index}].option_values[${valueIndex}].label`, `"${value.label}" is listed twice`);
      seen.add(key);
      return {
        label: value.label,
        sortOrder: value.sort_order ?? valueIndex,
        isDefault: value.is_default ?? false,
        swatch: name === 'Color' ? (value.value_data?.image_url ?? null) : null,
        colorHex: name === 'Color' ? (value.value_data?.colors?.[0]?.toLowerCase() ?? null) : null,
        isPattern: name === 'Color' ? (value.value_data?.is_pattern ?? false) : false,
      };
    });
    optionByName.set(name, { index, values });
  });
  for (const name of VARIANT_OPTIONS) {
    if (!optionByName.has(name)) fail('options', `must include a ${name} option`);
  }
  const colors = optionByName.get('Color')?.values ?? [];
  const sizes = optionByName.get('Size')?.values ?? [];
  // One default colour: the one marked, else the first in display order.
  const byOrder = (a: ImportOptionValue, b: ImportOptionValue) => a.sortOrder - b.sortOrder;
  colors.sort(byOrder);
  sizes.sort(byOrder);
  const marked = colors.filter((value) => value.isDefault);
  if (marked.length > 1) fail('options', 'Color has more than one default value');
  if (marked.length === 0 && colors[0]) colors[0].isDefault = true;

  const variants: ImportVariant[] = [];
  const variantSkus = new Set<string>();
  const combinations = new Set<string>();
  raw.variants.forEach((variant, index) => {
    const at = `variants[${index}]`;
    const shape = parseSku(variant.sku);
    if (shape?.kind !== 'variant' || shape.parent !== raw.sku) {
      fail(`${at}.sku`, `must be ${raw.sku}-{color}-{size} (the product SKU, a colour code and a size code)`);
    }
    if (variantSkus.has(variant.sku)) fail(`${at}.sku`, 'is listed twice in this product');
    variantSkus.add(variant.sku);
    const chosen: Partial<Record<(typeof VARIANT_OPTIONS)[number], string>> = {};
    const named = new Set<string>();
    variant.option_values.forEach((value, valueIndex) => {
      const name = VARIANT_OPTIONS.find(
        (known) => known.toLowerCase() === value.option_display_name.toLowerCase(),
      );
      const option = name ? optionByName.get(name) : undefined;
      const field = `${at}.option_values[${valueIndex}]`;
      if (!name || !option) {
        fail(
          `${field}.option_display_name`,
          `"${value.option_display_name}" is not an option of this product`,
        );
        return;
      }
      if (chosen[name] !== undefined) {
        fail(`${field}.option_display_name`, `${name} is given twice`);
        return;
      }
      named.add(name);
      const known = option.values.find(
        (candidate) => candidate.label.toLowerCase() === value.label.toLowerCase(),
      );
      if (!known) {
        fail(`${field}.label`, `"${value.label}" is not one of the product's ${name} values`);
        return;
      }
      chosen[name] = known.label;
    });
    for (const name of VARIANT_OPTIONS) {
      if (!named.has(name) && optionByName.has(name)) fail(`${at}.option_values`, `must give a ${name}`);
    }
    const key = `${chosen.Color ?? ''}\u0000${chosen.Size ?? ''}`;
    if (chosen.Color && chosen.Size) {
      if (combinations.has(key))
        fail(`${at}.option_values`, `${chosen.Color} / ${chosen.Size} is listed twice`);
      combinations.add(key);
    }
    const variantPrice = variant.price == null ? null : cents(variant.price);
    const variantSale = variant.sale_price ? cents(variant.sale_price) : null;
    if (variantSale !== null && variantSale >= (variantPrice ?? priceCents)) {
      fail(`${at}.sale_price`, 'must be below the price');
    }
    let stock: ImportVariant['stock'] = null;
    if (variant.inventory_level !== undefined) {
      const pro = variant.pro_quantity ?? 0;
      if (pro > variant.inventory_level) fail(`${at}.pro_quantity`, 'must not be above inventory_level');
      stock = { standardQuantity: Math.max(0, variant.inventory_level - pro), proQuantity: pro };
    } else if (variant.pro_quantity !== undefined) {
      fail(`${at}.inventory_level`, 'must be given with pro_quantity');
    }
    variants.push({
      sku: variant.sku,
      priceCents: variantPrice,
      salePriceCents: variantSale,
      upc: variant.upc || null,
      imageUrl: variant.image_url || null,
      purchasingDisabled: variant.purchasing_disabled ?? false,
      color: chosen.Color ?? '',
      size: chosen.Size ?? '',
      stock,
    });
  });

  const fieldNames = new Set(raw.custom_fields.map((field) => field.name));
  for (const name of REQUIRED_CUSTOM_FIELDS) {
    if (!fieldNames.has(name)) fail('custom_fields', `must include ${name}`);
  }
  raw.custom_fields.forEach((field, index) => {
    const at = `custom_fields[${index}].value`;
    if (REQUIRED_CUSTOM_FIELDS.includes(field.name as never) && !field.value)
      fail(at, `${field.name} must not be empty`);
    if (field.name === 'exclude_pro_discount' && !/^(?:true|false)$/i.test(field.value)) {
      fail(at, 'must be true or false');
    }
    if (field.name.startsWith('product_discount') && !isGroupPercents(field.value)) {
      fail(at, 'must be JSON mapping customer group names to percentages from 0 to 100');
    }
  });

  const images: ImportImage[] = [];
  raw.images.forEach((image, index) => {
    const at = `images[${index}]`;
    const file = image.image_file?.trim() || undefined;
    const url = image.url_standard?.trim() || undefined;
    if ((file === undefined) === (url === undefined)) {
      fail(at, 'must give either image_file (a local file) or url_standard (a URL), not both');
      return;
    }
    if (url !== undefined && !/^(?:https?:\/\/[^\s/]+|\/(?!\/))\S*$/.test(url)) {
      fail(`${at}.url_standard`, 'must be an http(s) URL or a path starting with /');
      return;
    }
    if (
      file !== undefined &&
      (/^[a-z]+:\/\//i.test(file) || !/\.(?:jpe?g|png|webp|avif|gif|svg)$/i.test(file))
    ) {
      fail(`${at}.image_file`, 'must be a local image file (.jpg, .png, .webp, .avif, .gif or .svg)');
      return;
    }
    let description: unknown = image.description;
    if (typeof description === 'string') {
      try {
        description = JSON.parse(description);
      } catch {
        fail(`${at}.description`, 'must be the image description JSON');
        return;
      }
    }
    const parsed = imageDescriptionSchema.safeParse(description);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(`${at}.description.${pathOf(issue.path)}`, issue.message);
      return;
    }
    if (!colors.some((color) => color.label.toLowerCase() === parsed.data.colorName.toLowerCase())) {
      fail(
        `${at}.description.colorName`,
        `"${parsed.data.colorName}" is not one of the product's Color values`,
      );
      return;
    }
    images.push({
      source: file !== undefined ? { kind: 'file', path: file } : { kind: 'url', url: url as string },
      isThumbnail: image.is_thumbnail ?? false,
      sortOrder: image.sort_order ?? index,
      width: image.width ?? null,
      height: image.height ?? null,
      description: { ...parsed.data, number: parsed.data.number ?? index + 1 },
    });
  });

  const bulkPricingRules = raw.bulk_pricing_rules.map((rule, index) => {
    const at = `bulk_pricing_rules[${index}]`;
    const max = rule.quantity_max ? rule.quantity_max : null;
    if (max !== null && max < rule.quantity_min) fail(`${at}.quantity_max`, 'must not be below quantity_min');
    if (rule.type === 'percent' && rule.amount > 100) fail(`${at}.amount`, 'must be at most 100 (percent)');
    return {
      quantityMin: rule.quantity_min,
      quantityMax: max,
      type: rule.type,
      // Percent in hundredths, money in cents (the store's bulk rule columns).
      amount: cents(rule.amount),
    };
  });

  if (!ok) return null;
  return {
    source,
    sku: raw.sku,
    name: raw.name,
    description: raw.description,
    priceCents,
    salePriceCents,
    brandId: raw.brand_id,
    isVisible: raw.is_visible,
    customSlug,
    categories: raw.categories,
    colors,
    sizes,
    variants,
    modifiers: raw.modifiers.map((modifier) => ({
      displayName: modifier.display_name,
      type: modifier.type,
      required: modifier.required ?? false,
      values: modifier.option_values.map((value) => ({
        label: value.label,
        isDefault: value.is_default ?? false,
      })),
    })),
    customFields: raw.custom_fields,
    images,
    bulkPricingRules,
  };
}

function isGroupPercents(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((percent) => typeof percent === 'number' && percent >= 0 && percent <= 100)
    );
  } catch {
    return false;
  }
}
