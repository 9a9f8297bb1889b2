/**
 * Tables of the repairs context: warranty repairs, their damages, questions and files.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import {
  boolean,
  customType,
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

/**
 * The customers table as this context's foreign keys name it: its key only (issue 22: a context never imports
 * another's tables). Not exported, so drizzle-kit sees the customers context's own definition of the table.
 */
const customers = pgTable('customers', { id: serial('id').primaryKey() });

export const repairs = pgTable(
  'repairs',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** draft | submitted | received | quoted | in_repair | shipped (server/repairs/status.ts) */
    status: text('status').notNull().default('draft'),
    orderId: integer('order_id'),
    product: jsonb('product').$type<Record<string, unknown>>().notNull(),
    customerInfo: jsonb('customer_info').$type<Record<string, string>>().notNull(),
    reasonForRequest: text('reason_for_request'),
    /** The repair desk's quote in cents: 0 when the warranty covers the repair, null before any quote. */
    quoteCents: integer('quote_cents'),
    /** The staff user (server/staff) who set the quote; null before any quote. */
    quotedBy: integer('quoted_by'),
    /** The staff user who last moved the repair to a staff status; null while only the customer has acted. */
    statusChangedBy: integer('status_changed_by'),
    /** The order that paid the quote (the embedded checkout's repair payment path), once paid. */
    paymentOrderId: integer('payment_order_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
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
    /** The damage the photo shows; null for a photo of the whole product. Removing the damage removes its photos. */
    damageId: integer('damage_id').references(() => repairDamages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('repair_files_repair_idx').on(t.repairId),
    // An upload is attached once: a second attach of the same key is refused by the database.
    uniqueIndex('repair_files_storage_key').on(t.storageKey),
  ],
);

/**
 * The reason-for-request list (SPEC §7 `GET /api/reason-for-request`, issue 13 §6): why a customer asks for a
 * repair, and whether the warranty covers a repair for that reason (its quote is then $0). Seeded by migration
 * 0013; the repair desk changes the rows (retires one with `active = false`, so repairs that name it keep it).
 * A repair names its reason by `code` (`repairs.reason_for_request`).
 */
export const repairReasons = pgTable('repair_reasons', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  covered: boolean('covered').notNull(),
  sortOrder: integer('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
});

/** PostgreSQL `bytea`: drizzle 0.44 has no column type of its own for it. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Repair photos' bytes, for the database adapter of the `UploadStorage` port (decision 084): one row per storage
 * key, seen by every app server on the database. Not tied to `repair_files` by a foreign key: an upload is stored
 * before it is attached to a repair, and `repair_files.storage_key` names the row once it is. Migration 0021 stores
 * `bytes` uncompressed in TOAST (`SET STORAGE EXTERNAL`): photos are compressed already.
 */
export const repairUploads = pgTable('repair_uploads', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
