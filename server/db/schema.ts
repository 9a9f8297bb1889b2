/**
 * The storefront's relational schema (SPEC §3). Each table is owned by one domain context (named in the
 * comment above it); other contexts go through that context's service API, never the table.
 *
 * Money is integer cents. Timestamps are `timestamptz`. Ids of catalogue rows are integers (as the
 * commerce backend the spec describes); carts use opaque UUIDs since their id travels in a cookie.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/* ───────────────────────────── catalogue ───────────────────────────── */

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

export type ImageDescription = {
  colorName: string;
  colorCode: string;
  number: number;
  isModel: boolean;
  default: boolean;
  islifestyle: boolean;
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

/** Search terms that send the shopper straight to a page (SPEC §3 merchandising.redirect). */
export const searchRedirects = pgTable('search_redirects', {
  term: text('term').primaryKey(),
  url: text('url').notNull(),
});

/* ───────────────────────────── inventory ───────────────────────────── */

export const inventoryRecords = pgTable(
  'inventory_records',
  {
    variantSku: text('variant_sku').primaryKey(),
    standardQuantity: integer('standard_quantity').notNull().default(0),
    proQuantity: integer('pro_quantity').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('inventory_standard_nonneg', sql`${t.standardQuantity} >= 0`),
    check('inventory_pro_nonneg', sql`${t.proQuantity} >= 0`),
  ],
);

export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    variantSku: text('variant_sku').notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('back_in_stock_email_sku_key').on(t.email, t.variantSku)],
);

/* ───────────────────────────── reviews ───────────────────────────── */

export const ratingSummaries = pgTable(
  'rating_summaries',
  {
    /** product | category */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    score: numeric('score', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    totalCount: integer('total_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId] }),
    check('rating_score_range', sql`${t.score} >= 1 and ${t.score} <= 5`),
  ],
);

/* ───────────────────────────── customers ───────────────────────────── */

export const customerGroups = pgTable(
  'customer_groups',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    isGovXUser: boolean('is_govx_user').notNull().default(false),
    /** percent | fixed | price, or null for no discount. */
    discountMethod: text('discount_method'),
    /** Percent for `percent`, cents otherwise. */
    discountAmount: numeric('discount_amount', { precision: 10, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [uniqueIndex('customer_groups_name_key').on(t.name)],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    /** scrypt hash in `scrypt$N$r$p$salt$hash` form; null until a password is set. */
    passwordHash: text('password_hash'),
    isEnabled: boolean('is_enabled').notNull().default(false),
    customerGroupId: integer('customer_group_id').references(() => customerGroups.id),
    emailSubscribed: boolean('email_subscribed').notNull().default(true),
    smsSubscribed: boolean('sms_subscribed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customers_email_key').on(sql`lower(${t.email})`)],
);

export const customerFlags = pgTable('customer_flags', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  promoOrder: boolean('promo_order').notNull().default(false),
  proUser: boolean('pro_user').notNull().default(false),
  shedUser: boolean('shed_user').notNull().default(false),
  isApplicationAboutToExpire: boolean('is_application_about_to_expire').notNull().default(false),
  isShedApplicationAboutToExpire: boolean('is_shed_application_about_to_expire').notNull().default(false),
  proProgramApplicationStatus: text('pro_program_application_status'),
  shedApplicationStatus: text('shed_application_status'),
  dnsFlag: boolean('dns_flag').notNull().default(false),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    stateOrProvince: text('state_or_province').notNull(),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code').notNull().default('US'),
    phone: text('phone').notNull().default(''),
    /** Extra form fields, `{ name, value }[]`; `default_address: true` marks the default. */
    formFields: jsonb('form_fields').$type<{ name: string; value: string | boolean }[]>().notNull().default([]),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    acceptsMarketingNewsletter: boolean('accepts_marketing_newsletter').notNull().default(true),
    acceptsAbandonedCartEmails: boolean('accepts_abandoned_cart_emails').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`)],
);

/* ───────────────────────────── cart ───────────────────────────── */

export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    channelId: integer('channel_id').notNull().default(1),
    currencyCode: text('currency_code').notNull().default('USD'),
    locale: text('locale').notNull().default('en'),
    email: text('email'),
    coupons: jsonb('coupons').$type<{ code: string; discountedAmount: number }[]>().notNull().default([]),
    discountAmountCents: integer('discount_amount_cents').notNull().default(0),
    taxIncluded: boolean('tax_included').notNull().default(false),
    isPromoOrder: boolean('is_promo_order').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_customer_idx').on(t.customerId)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    /** Snapshots taken when the line is written. */
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    options: jsonb('options').$type<{ name: string; value: string }[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    listPriceCents: integer('list_price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull(),
    /** Warehouse modifier value: 02 standard stock, 03 pro stock (pro-priced). */
    warehouse: text('warehouse').notNull().default('02'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_lines_cart_idx').on(t.cartId),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 10`),
  ],
);

export const cartGiftCertificates = pgTable(
  'cart_gift_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** "{recipient} emailing on dd/mm/yyyy" */
    name: text('name').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    message: text('message').notNull().default(''),
    /** Whole dollars, stored in cents. */
    amountCents: integer('amount_cents').notNull(),
    sendOn: text('send_on').notNull(),
  },
  (t) => [index('cart_gift_certificates_cart_idx').on(t.cartId)],
);

export const cartMetafields = pgTable(
  'cart_metafields',
  {
    id: serial('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull().default('cart_info'),
    key: text('key').notNull(),
    value: text('value').notNull(),
    permissionSet: text('permission_set').notNull().default('write_and_sf_access'),
  },
  (t) => [uniqueIndex('cart_metafields_key').on(t.cartId, t.namespace, t.key)],
);

/** Issued gift certificates (redeemable codes), created when an order containing one is placed. */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    message: text('message').notNull().default(''),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gift_certificates_code_key').on(t.code)],
);

/* ───────────────────────────── checkout ───────────────────────────── */

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    cartId: uuid('cart_id'),
    /** awaiting_payment | approval_pending | completed | cancelled */
    status: text('status').notNull(),
    email: text('email').notNull(),
    isPromoOrder: boolean('is_promo_order').notNull().default(false),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    billingAddress: jsonb('billing_address').$type<Record<string, string>>(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    options: jsonb('options').$type<{ name: string; value: string }[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    warehouse: text('warehouse').notNull().default('02'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/* ───────────────────────────── repairs ───────────────────────────── */

export const repairs = pgTable(
  'repairs',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** draft | submitted */
    status: text('status').notNull().default('draft'),
    orderId: integer('order_id'),
    product: jsonb('product').$type<Record<string, unknown>>().notNull(),
    customerInfo: jsonb('customer_info').$type<Record<string, string>>().notNull(),
    reasonForRequest: text('reason_for_request'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [index('repairs_customer_idx').on(t.customerId, t.status)],
);

export const repairDamages = pgTable(
  'repair_damages',
  {
    id: serial('id').primaryKey(),
    repairId: integer('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id').notNull(),
    specificIssueId: integer('specific_issue_id'),
    locationId: integer('location_id'),
    description: text('description').notNull().default(''),
  },
  (t) => [index('repair_damages_repair_idx').on(t.repairId)],
);

export const repairQuestions = pgTable(
  'repair_questions',
  {
    repairId: integer('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.repairId, t.questionId] })],
);

export const repairFiles = pgTable(
  'repair_files',
  {
    id: serial('id').primaryKey(),
    repairId: integer('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('repair_files_repair_idx').on(t.repairId)],
);

/* ───────────────────────────── analytics, mail, rate limits ───────────────────────────── */

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email'),
    customerId: integer('customer_id'),
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_event_idx').on(t.event, t.createdAt)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.createdAt)],
);

/** Fixed-window counters shared by every app server (login lockout, form throttles). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Bookkeeping of the embedded store (seed version, etc.). */
export const storeMeta = pgTable('store_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
