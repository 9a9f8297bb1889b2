/**
 * Tables of the cart context: carts, their lines, gift certificates and metafields.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

/**
 * The customers table as this context's foreign keys name it: its key only (issue 22: a context never imports
 * another's tables). Not exported, so drizzle-kit sees the customers context's own definition of the table.
 */
const customers = pgTable('customers', { id: serial('id').primaryKey() });

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
    // One line per variant and warehouse: concurrent adds of one variant meet in one row (an upsert), never two.
    uniqueIndex('cart_lines_variant_key').on(t.cartId, t.variantId, t.warehouse),
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
    /** The customer who bought it (null: a guest), for the account's "cards bought" (decision 099). */
    purchaserCustomerId: integer('purchaser_customer_id'),
    /** The send date, a UTC calendar day `YYYY-MM-DD` (decision 089); null for cards issued before issue 26. */
    sendOn: text('send_on'),
    /** When the recipient's mail was queued: claimed once by a guarded update (`sent_at is null`, decision 099). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_certificates_code_key').on(t.code),
    index('gift_certificates_due_idx')
      .on(t.sendOn)
      .where(sql`${t.sentAt} is null`),
    index('gift_certificates_purchaser_idx').on(t.purchaserCustomerId),
    // Spent by guarded decrements only: never below zero (decision 099).
    check('gift_certificates_balance_range', sql`${t.balanceCents} >= 0`),
  ],
);

/** Gift cards a cart will pay with, applied by code at checkout (decision 099). */
export const cartGiftCards = pgTable(
  'cart_gift_cards',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    giftCertificateId: integer('gift_certificate_id')
      .notNull()
      .references(() => giftCertificates.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.giftCertificateId] })],
);

/** What an order spent of each gift card; `restored_at` once a cancel or refund put it back (decision 099). */
export const giftCardRedemptions = pgTable(
  'gift_card_redemptions',
  {
    id: serial('id').primaryKey(),
    giftCertificateId: integer('gift_certificate_id')
      .notNull()
      .references(() => giftCertificates.id),
    orderId: integer('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_card_redemptions_card_order_key').on(t.giftCertificateId, t.orderId),
    index('gift_card_redemptions_order_idx').on(t.orderId),
    check('gift_card_redemptions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
