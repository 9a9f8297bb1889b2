/**
 * Tables of the inventory context: per-variant warehouse stock (standard and pro) and back-in-stock requests.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

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
    // SKUs are looked up without regard to case (the cart's and checkout's inventory check, the warehouse API):
    // without this index every such lookup read the whole table (decision 054). `text_pattern_ops` lets the
    // warehouse API's base-SKU prefix (`upper(sku) like 'BASE-%'`) use it too, whatever the database's collation;
    // the operator class serves equality as well.
    index('inventory_records_upper_sku_pattern_idx').on(sql`upper(${t.variantSku}) text_pattern_ops`),
  ],
);

/**
 * Back-in-stock requests. A request counts (is mailed when the size is back) only once its address confirmed it
 * through the single-use link of the confirmation mail: `confirmedAt` set, the token hash cleared.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    variantSku: text('variant_sku').notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** SHA-256 (hex) of the confirmation link's token; null once used or before one was sent. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    /** When the last confirmation mail was queued (a repeat within a minute sends none). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Set, in the transaction that brought the variant's standard stock from 0 back above 0, on each confirmed
     * request waiting for it: the notice is due. The row is deleted in the transaction that queues its mail
     * (decision 098), so a due request is mailed once whichever server or restock gets to it.
     */
    noticeDueAt: timestamp('notice_due_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('back_in_stock_email_sku_key').on(t.email, t.variantSku),
    uniqueIndex('back_in_stock_token_key').on(t.confirmTokenHash),
    index('back_in_stock_sku_idx').on(t.variantSku),
    index('back_in_stock_due_idx')
      .on(t.noticeDueAt, t.id)
      .where(sql`${t.noticeDueAt} is not null`),
  ],
);

/**
 * Every change of one SKU's stock made at the stock desk (`/staff/stock`): who, when, the quantities before and
 * after, and the reason given (issue 25 §4).
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: serial('id').primaryKey(),
    variantSku: text('variant_sku').notNull(),
    /** The staff user (server/staff) who made it, and their e-mail as it was then. */
    staffUserId: integer('staff_user_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    standardBefore: integer('standard_before').notNull(),
    standardAfter: integer('standard_after').notNull(),
    proBefore: integer('pro_before').notNull(),
    proAfter: integer('pro_after').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_adjustments_sku_idx').on(t.variantSku, t.id)],
);

/**
 * API tokens of the stock feed (`POST /api/stock/feed`, decision 097): one per warehouse integration. Only the
 * SHA-256 of the token's secret is kept; a revoked token stays listed.
 */
export const stockFeedTokens = pgTable('stock_feed_tokens', {
  id: serial('id').primaryKey(),
  /** The integration's name ("warehouse-east"); batch ids are unique per name. */
  integration: text('integration').notNull(),
  secretHash: text('secret_hash').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Stock feed batches applied, by integration and batch id: a replay answers the stored summary and changes
 * nothing (decision 097). `payloadHash` tells a replay from a different batch sent under a used id.
 */
export const stockFeedBatches = pgTable(
  'stock_feed_batches',
  {
    integration: text('integration').notNull(),
    batchId: text('batch_id').notNull(),
    payloadHash: text('payload_hash').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    tokenId: integer('token_id').notNull(),
    appliedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.integration, t.batchId] })],
);
