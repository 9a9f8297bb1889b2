/**
 * The inventory context's part of an account deletion (issue 26 §4; decision 101), in the deletion workflow's
 * transaction: the back-in-stock requests of the account's e-mail go (confirmed or not), so no notice is mailed to
 * the address after the account is deleted.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { backInStockRequests } from './schema';

export async function forgetBackInStockRequests(tx: Tx, email: string): Promise<number> {
  const removed = await tx
    .delete(backInStockRequests)
    .where(eq(sql`lower(${backInStockRequests.email})`, email.trim().toLowerCase()))
    .returning({ id: backInStockRequests.id });
  return removed.length;
}
