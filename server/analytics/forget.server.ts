/**
 * The analytics context's part of an account deletion (issue 26 §4; decision 101), in the deletion workflow's
 * transaction: the customer's events stay counted (they are the store's figures) but no longer name them.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { analyticsEvents } from './schema';

export async function forgetCustomerEvents(tx: Tx, customerId: number, email: string): Promise<void> {
  await tx
    .update(analyticsEvents)
    .set({ customerId: null, email: null })
    .where(
      or(
        eq(analyticsEvents.customerId, customerId),
        eq(sql`lower(${analyticsEvents.email})`, email.trim().toLowerCase()),
      ),
    );
}
