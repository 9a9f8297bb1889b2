/**
 * Tables of the catalogue context: categories, products, their options, variants, images, modifiers, bulk pricing rules and dated
 * merchandising rules.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  bigint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** Category tree; `parentId` null is a top-level category (exposed as parent_id 0). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Full path with leading and trailing slash, e.g. `/mens/jackets-and-vests/rain-jackets/`. */
    url: text('url').notNull(),
    depth: integer('depth').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isVisible: boolean('is_visible').notNull().default(true),
    description: text('description').notNull().default(''),
    /** A `/…/all/` listing shows its parent category's products. */
    isAllListing: boolean('is_all_listing').notNull().default(false),
  },
  (t) => [uniqueIndex('categories_url_key').on(t.url), index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    /** Parent SKU: one part, e.g. `600123`. */
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    brandId: integer('brand_id').notNull().default(1),
    /** URL slug; the product page is `/products/{url}/{color-slug}`. */
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** List price in cents. */
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents'),
    /** Denormalised from custom fields for faceting. */
    gender: text('gender').notNull(),
    productType: text('product_type').notNull(),
    /** Denormalised from custom fields for pricing (server/pricing `pricingFields`): no pro discount. */
    excludeProDiscount: boolean('exclude_pro_discount').notNull().default(false),
    /** Denormalised from the `product_discount*` custom fields: customer group name → percentage. */
    groupPercents: jsonb('group_percents').$type<Record<string, number>>().notNull().default({}),
    isVisible: boolean('is_visible').notNull().default(true),
    featuredRank: integer('featured_rank').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    uniqueIndex('products_url_key').on(t.url),
    index('products_created_idx').on(t.createdAt),
    check('products_price_nonneg', sql`${t.priceCents} >= 0`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productId] }),
    index('product_categories_product_idx').on(t.productId),
  ],
);

/** Custom fields (gender, product_type, technology_badges, badge_*, product_discount*, …). */
export const productCustomFields = pgTable(
  'product_custom_fields',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [index('product_custom_fields_product_idx').on(t.productId, t.name)],
);

/** Variant options (Color, Size). */
export const productOptions = pgTable(
  'product_options',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_options_product_idx').on(t.productId)],
);

export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: integer('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** Colour option values: the swatch image file under /swatches/ and a hex fallback. */
    swatch: text('swatch'),
    colorHex: text('color_hex'),
    /** Colour option values: camouflage patterns list first. */
    isPattern: boolean('is_pattern').notNull().default(false),
  },
  (t) => [index('product_option_values_option_idx').on(t.optionId)],
);

export const variants = pgTable(
  'variants',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Three parts: parent-color-size. */
    sku: text('sku').notNull(),
    /** Overrides of the product price, in cents; null inherits. */
    priceCents: integer('price_cents'),
    salePriceCents: integer('sale_price_cents'),
    upc: text('upc'),
    imageUrl: text('image_url'),
    purchasingDisabled: boolean('purchasing_disabled').notNull().default(false),
    colorValueId: integer('color_value_id').references(() => productOptionValues.id),
    sizeValueId: integer('size_value_id').references(() => productOptionValues.id),
  },
  (t) => [uniqueIndex('variants_sku_key').on(t.sku), index('variants_product_idx').on(t.productId)],
);

/** Image description (SPEC §3), stored as JSON on each product image. */
export type ImageDescription = {
  colorName: string;
  colorCode: string;
  number: number;
  isModel: boolean;
  default: boolean;
  islifestyle: boolean;
  /** A lifestyle image's scene ("on a mountain ridge"), for its alt text; not in SPEC §3's list, optional. */
  scene?: string;
};

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isThumbnail: boolean('is_thumbnail').notNull().default(false),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    description: jsonb('description').$type<ImageDescription>().notNull(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);

/** Modifiers: Sale (Yes/No), Warehouse (02/03), Cart data, Color code. */
export const productModifiers = pgTable(
  'product_modifiers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    values: jsonb('values').$type<{ id: number; label: string; isDefault: boolean }[]>().notNull(),
  },
  (t) => [index('product_modifiers_product_idx').on(t.productId)],
);

export const bulkPricingRules = pgTable(
  'bulk_pricing_rules',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantityMin: integer('quantity_min').notNull(),
    quantityMax: integer('quantity_max'),
    /** percent | fixed | price */
    type: text('type').notNull(),
    /** Percent in hundredths for `percent`, cents otherwise. */
    amount: integer('amount').notNull(),
  },
  (t) => [index('bulk_pricing_rules_product_idx').on(t.productId)],
);

/** Data-driven merchandising rules, e.g. a dated colour order for one product (SPEC §9). */
export const merchandisingRules = pgTable('merchandising_rules', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
});

/**
 * The catalogue's change feed: a row per product whose searchable data changed (its row, categories, custom
 * fields, options, variants, images, stock or rating), written by triggers (migration 0002_search) whatever the writer,
 * so that readers of `changesSince` (the search index) stay current. `productId` null: every product.
 */
export const catalogueChanges = pgTable('catalogue_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: integer('product_id'),
  createdAt: createdAt(),
});

/* ─────────────── the listing index (decision 024) ─────────────── */

/** PostgreSQL `bit varying`: a bitmap over the listing index's product ordinals, as a '0'/'1' string. */
const varbit = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });

/**
 * Structures built for category listings (issue 7 §5), maintained from `catalogue_changes` by
 * `listing-index-sync.server.ts`: each visible product gets a small ordinal; `listing_sets` holds one bitmap over the
 * ordinals per category membership, per facet value (per price list for the price ranges), so facet counts are
 * bit operations; `listing_order_entries` holds each sort order as index rows, so a page is an index range scan
 * filtered by the listing's bitmap.
 */
export const listingProducts = pgTable('listing_products', {
  productId: integer('product_id').primaryKey(),
  ord: integer('ord').notNull().unique('listing_products_ord_key'),
  /** Keys of the `listing_sets` this product is in (what to clear when it changes). */
  sets: text('sets').array().notNull(),
  /**
   * The product's rating summary as the reviews service gave it at the last sync (decision 072): the catalogue's
   * copy, for the top-rated order, listing cards and the best-rated article block. Null: no rating.
   */
  ratingScore: doublePrecision('rating_score'),
  ratingCount: integer('rating_count'),
});

export const listingSets = pgTable(
  'listing_sets',
  {
    key: text('key').primaryKey(),
    /** `_cat` (value: the category id), a facet key (size, color, gender, type, tech) or `price`. */
    facet: text('facet').notNull(),
    /** The price list of a price range set, '' otherwise. */
    listKey: text('list_key').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    swatch: text('swatch'),
    hex: text('hex'),
    isPattern: boolean('is_pattern').notNull(),
    bits: varbit('bits').notNull(),
  },
  (t) => [index('listing_sets_value_idx').on(t.facet, t.listKey, t.value)],
);

/**
 * One row per product per sort order: `order_id` a category id (its merchandised order) or a negative id of a
 * global or per-price-list order; the sort keys (k0, k1, k2, ktext, product_id) ascending give the order.
 */
export const listingOrderEntries = pgTable(
  'listing_order_entries',
  {
    orderId: integer('order_id').notNull(),
    k0: bigint('k0', { mode: 'number' }).notNull(),
    k1: doublePrecision('k1').notNull(),
    k2: doublePrecision('k2').notNull(),
    ktext: text('ktext').notNull(),
    productId: integer('product_id').notNull(),
    ord: integer('ord').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.k0, t.k1, t.k2, t.ktext, t.productId] }),
    index('listing_order_entries_product_idx').on(t.productId),
  ],
);

/** The index's state: the change-feed cursor it reflects, the bitmap length, the price lists it was built for. */
export const listingState = pgTable('listing_state', {
  id: integer('id').primaryKey(),
  cursor: bigint('cursor', { mode: 'number' }).notNull(),
  capacity: integer('capacity').notNull(),
  priceLists: text('price_lists').notNull(),
});

/** PostgreSQL `bytea` (drizzle has no column type of its own for it; the repairs context declares its own). */
const imageBytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Pictures a catalogue import took from local files (decision 096): named by their content's hash, so a name never
 * changes meaning and a second import of the same file stores nothing. In the database, not on one server's disk,
 * so every app server behind the CDN serves them (the same reason as repair photos, decision 084).
 */
export const importedImages = pgTable('imported_images', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: imageBytes('bytes').notNull(),
  createdAt: createdAt(),
});
