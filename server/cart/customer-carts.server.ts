/**
 * The cart context's part of two account changes that span contexts (issue 26 §4; decisions 101 and 102): the
 * do-not-sell choice reaches the metafields of the customer's carts now (SPEC §3 key `dns_flag`, namespace
 * `cart_info`, as `syncMetafields` writes it at every cart change), and a deleted account's carts go (with their
 * lines, gift cards and metafields: the foreign keys cascade).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { cartMetafields, carts } from './schema';

/** Writes `dns_flag` on every cart of the customer; answers how many carts carry it. */
export async function setCustomerCartsDnsFlag(
  tx: Tx,
  customerId: number,
  doNotSell: boolean,
): Promise<number> {
  const owned = await tx.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId));
  if (owned.length === 0) return 0;
  await tx
    .insert(cartMetafields)
    .values(owned.map(({ id }) => ({ cartId: id, key: 'dns_flag', value: String(doNotSell) })))
    .onConflictDoUpdate({
      target: [cartMetafields.cartId, cartMetafields.namespace, cartMetafields.key],
      set: { value: sql`excluded.value` },
    });
  await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(
      inArray(
        carts.id,
        owned.map(({ id }) => id),
      ),
    );
  return owned.length;
}

/** Removes the customer's carts; answers the ids removed (for the header count cache). */
export async function removeCustomerCarts(tx: Tx, customerId: number): Promise<string[]> {
  const removed = await tx.delete(carts).where(eq(carts.customerId, customerId)).returning({ id: carts.id });
  return removed.map(({ id }) => id);
}
