/**
 * Tables of the forms context: the outcome of each form submission that carried an idempotency key, so that a
 * repeated submit (a double click, a retried request) answers the first outcome instead of doing the work twice.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const formSubmissions = pgTable(
  'form_submissions',
  {
    /** The form definition's id (`back-in-stock`, `cookie-settings`, …). */
    formId: text('form_id').notNull(),
    /** The idempotency key the form carried (random, made per rendered form). */
    key: text('key').notNull(),
    /** A hash of the parsed submission: the same key with other values is not a repeat. */
    fingerprint: text('fingerprint').notNull(),
    /** What the first submission answered; null while it is still being handled. */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.key] }), index('form_submissions_created_idx').on(t.createdAt)],
);
