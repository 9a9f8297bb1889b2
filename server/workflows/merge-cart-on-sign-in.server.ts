/**
 * The merge of the cart at sign-in (issue 10 §3, issue 11 §4; decision 068), wired to `identity.onSignedIn` by
 * server/context.server.ts: in one transaction, the anonymous cart of the cart cookie is merged into the customer's
 * latest cart (lines of one variant add up, at most 10; gift cards move along) and removed, or becomes the
 * customer's when they have none; either way its lines are re-priced and re-split for the customer's price list.
 * What pricing needs is read before the transaction, as an add does (PGlite has one connection); a line added in
 * between keeps its snapshot.
 */
import type { Database } from '../db/database.server';
import type { Purchasable } from '../catalogue/index.server';
import type { InventoryLevel } from '../inventory/index.server';
import { cartLinePrice, type PriceList } from '../pricing/index.server';
import type { PriceListKey, ViewerCustomer } from '../viewer/public';
import {
  CART_ID,
  buysFromProStock,
  PRO_WAREHOUSE,
  proEligible,
  stockMap,
  type CartService,
  type ProStockOf,
} from '../cart/index.server';

export type MergeCartOnSignIn = (input: {
  customer: ViewerCustomer;
  priceList: PriceListKey;
  cartId: string | null;
}) => Promise<{ cartId: string | null }>;

export function createMergeCartOnSignIn(deps: {
  db: Database;
  cart: CartService;
  catalogue: { getPurchasables(variantIds: readonly number[]): Promise<Map<number, Purchasable>> };
  pricing: { priceList(key: PriceListKey): Promise<PriceList> };
  inventory: { getLevels(skus: readonly string[], audience: 'customer'): Promise<InventoryLevel[]> };
}): MergeCartOnSignIn {
  const { db, cart } = deps;
  return async ({ customer, priceList, cartId }) => {
    const cookieCart = cartId !== null && CART_ID.test(cartId) ? cartId.toLowerCase() : null;
    const known = await cart.mergeCandidates(customer.id, cookieCart);
    const pro = buysFromProStock(customer);
    const [found, list, levels] = await Promise.all([
      known.length > 0
        ? deps.catalogue.getPurchasables([...new Set(known.map((line) => line.variantId))])
        : Promise.resolve(new Map<number, Purchasable>()),
      deps.pricing.priceList(priceList),
      pro && known.length > 0
        ? deps.inventory.getLevels([...new Set(known.map((line) => line.sku))], 'customer')
        : Promise.resolve([]),
    ]);
    const proStock = stockMap(levels);
    const proPricing = pro && list.kind === 'pro';
    const proStockOf: ProStockOf = (variantId) => {
      const item = found.get(variantId);
      if (!proPricing || !item) return null;
      return {
        eligible: proEligible(item),
        proQuantity: proStock.get(item.sku.toUpperCase())?.proQuantity ?? 0,
      };
    };
    const merged = await cart.write([cookieCart], () =>
      db.transaction((tx) =>
        cart.merge(tx, {
          customer,
          priceList,
          cookieCart,
          proStockOf,
          snapshot(variantId, warehouse, quantity) {
            const item = found.get(variantId);
            if (!item) return null;
            const price = cartLinePrice(list, item, {
              quantity,
              proStock: warehouse === PRO_WAREHOUSE,
              bulkRules: item.bulkRules,
            });
            return {
              productId: item.productId,
              sku: item.sku,
              name: item.name,
              imageUrl: item.imageUrl,
              options: item.options,
              listPriceCents: item.listCents,
              salePriceCents: price.unitCents,
            };
          },
        }),
      ),
    );
    // The merge refuses nothing: a failure here would be a thrown error, not an answer.
    return 'ok' in merged ? { cartId: null } : merged;
  };
}
