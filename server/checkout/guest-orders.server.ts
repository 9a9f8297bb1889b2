/**
 * Guest orders follow the customer (issue 26 §3): once an account's e-mail address is proven (its verification
 * link, or a password reset, which proves the mailbox as well), the orders placed as a guest with that address
 * (any case) join the account. Only then: an unverified sign-up claims nothing, so no one sees another's orders by
 * signing up with their address. The checkout context owns the orders; the workflow that calls this is
 * `server/workflows/account-verified.server.ts`.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { orders } from './schema';

/** Moves the guest orders of `email` to the customer; answers how many moved. Idempotent. */
export async function claimGuestOrders(db: Database, customerId: number, email: string): Promise<number> {
  const moved = await db
    .update(orders)
    .set({ customerId })
    .where(and(isNull(orders.customerId), eq(sql`lower(${orders.email})`, email.trim().toLowerCase())))
    .returning({ id: orders.id });
  return moved.length;
}
