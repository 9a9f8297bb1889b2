/**
 * The scheduled-job runner's table (server/jobs, decision 100): one lease row per job name. A server runs a job
 * only while it holds the job's lease; a holder that crashes lets it expire.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
