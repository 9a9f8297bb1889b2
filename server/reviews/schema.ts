/**
 * Tables of the reviews context: rating summaries of products and categories.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
