/**
 * The cart context's service. For now only what every page needs: the item count of the header's cart badge
 * (decision 021: rendered into pages for shoppers without JavaScript, served by /api/personal-state to the rest).
 * The cart issue fills in the rest of the service around it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { cartGiftCertificates, cartLines } from './schema';

export type CartService = {
  /** Units in the cart (the header badge); 0 for no cart or an unknown one. One query. */
  itemCount(cartId: string | null): Promise<number>;
};

export type CartDependencies = { db: Database };

const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createCartService(deps: CartDependencies): CartService {
  const { db } = deps;
  return {
    async itemCount(cartId) {
      if (cartId === null || !CART_ID.test(cartId)) return 0;
      const [row] = await db
        .select({
          units: sql<number>`coalesce((select sum(${cartLines.quantity}) from ${cartLines} where ${cartLines.cartId} = ${cartId}), 0)::int
            + (select count(*) from ${cartGiftCertificates} where ${cartGiftCertificates.cartId} = ${cartId})::int`,
        })
        .from(sql`(select 1) as one`);
      return Number(row?.units ?? 0);
    },
  };
}
