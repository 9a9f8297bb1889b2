/**
 * Tables of the inventory context: per-variant warehouse stock (standard and pro) and back-in-stock requests.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    uniqueIndex('back_in_stock_email_sku_key').on(t.email, t.variantSku),
    uniqueIndex('back_in_stock_token_key').on(t.confirmTokenHash),
  ],
);
