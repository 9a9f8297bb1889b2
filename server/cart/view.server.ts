/**
 * The cart as a viewer sees it now (internal to the cart context, the service's `getCart`): the stored lines priced
 * for the viewer's price list (prices are not trusted from the cart; the snapshot columns hold what a line cost when
 * it was written) and the inventory check's line messages (SPEC §5). The catalogue, pricing and inventory answers
 * come in as functions.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import type { Purchasable } from '../catalogue/index.server';
import type { InventoryLevel } from '../inventory/index.server';
import { cartLinePrice, type PriceList } from '../pricing/index.server';
import type { PriceListKey } from '../viewer/public';
import { cartGiftCertificates, cartLines, carts } from './schema';
import { CART_MESSAGES, overLimitMessage } from './messages';
import type { CartGiftCertificateView, CartLineView, CartView } from './public';
import type { CartActor, CartFailure } from './types';
import { overLimitLines, PRO_WAREHOUSE, type StockRecord } from './rules';
import { CART_ID, fail } from './store.server';

export type CartReadDependencies = {
  db: Database;
  catalogue: { getPurchasables(variantIds: readonly number[]): Promise<Map<number, Purchasable>> };
  pricing: { priceList(key: PriceListKey): Promise<PriceList> };
  inventory: { getLevels(skus: readonly string[], audience: 'customer'): Promise<InventoryLevel[]> };
};

/** A cart line as the cart page reads it (JSON from the database). */
type ReadLine = Pick<
  CartLineView,
  'id' | 'productId' | 'variantId' | 'sku' | 'name' | 'imageUrl' | 'options' | 'quantity' | 'warehouse'
> & { salePriceCents: number };
type ReadGift = CartGiftCertificateView;

export function stockMap(levels: readonly InventoryLevel[]): Map<string, StockRecord> {
  return new Map(
    levels.map((level) => [
      level.variant_sku.toUpperCase(),
      { standardQuantity: level.standard_quantity ?? 0, proQuantity: level.pro_quantity ?? 0 },
    ]),
  );
}

export async function readCart(
  deps: CartReadDependencies,
  actor: CartActor,
): Promise<CartView | CartFailure | null> {
  const { db } = deps;
  if (actor.cartId === null) return null;
  if (!CART_ID.test(actor.cartId)) return fail(404, CART_MESSAGES.cartIdNotFound, true);
  // The cart, its lines and its gift cards in one statement (decision 054): on the embedded engine every
  // statement waits its turn on the one thread all requests share.
  const [cart] = await db
    .select({
      id: carts.id,
      customerId: carts.customerId,
      channelId: carts.channelId,
      currencyCode: carts.currencyCode,
      createdAt: carts.createdAt,
      discountAmountCents: carts.discountAmountCents,
      taxIncluded: carts.taxIncluded,
      isPromoOrder: carts.isPromoOrder,
      lines: sql<ReadLine[]>`coalesce((select json_agg(json_build_object(
            'id', l.id, 'productId', l.product_id, 'variantId', l.variant_id, 'sku', l.sku, 'name', l.name,
            'imageUrl', l.image_url, 'options', l.options, 'quantity', l.quantity,
            'salePriceCents', l.sale_price_cents, 'warehouse', l.warehouse)
          order by l.created_at, l.sku, l.warehouse)
          from ${cartLines} l where l.cart_id = ${carts}.id), '[]'::json)`,
      gifts: sql<ReadGift[]>`coalesce((select json_agg(json_build_object(
            'id', g.id, 'name', g.name, 'recipientEmail', g.recipient_email, 'amountCents', g.amount_cents))
          from ${cartGiftCertificates} g where g.cart_id = ${carts}.id), '[]'::json)`,
    })
    .from(carts)
    .where(eq(carts.id, actor.cartId));
  if (!cart) return fail(404, CART_MESSAGES.cartIdNotFound, true);
  if (cart.customerId !== null && cart.customerId !== (actor.customer?.id ?? null)) {
    return fail(404, CART_MESSAGES.customerIdNotFound, true);
  }
  const { lines, gifts } = cart;
  const [found, list, levels] = await Promise.all([
    deps.catalogue.getPurchasables(lines.map((line) => line.variantId)),
    deps.pricing.priceList(actor.priceList),
    lines.length > 0
      ? deps.inventory.getLevels([...new Set(lines.map((line) => line.sku))], 'customer')
      : Promise.resolve([]),
  ]);
  const problems = overLimitLines(lines, stockMap(levels));
  const views: CartLineView[] = lines.map((line) => {
    const item = found.get(line.variantId);
    const price = item
      ? cartLinePrice(list, item, {
          quantity: line.quantity,
          proStock: line.warehouse === PRO_WAREHOUSE,
          bulkRules: item.bulkRules,
        })
      : null;
    // A variant gone from the catalogue keeps its snapshot price and cannot be checked out.
    const unitCents = price?.unitCents ?? line.salePriceCents;
    const available = problems.get(line.id);
    const unavailable = !item || !item.purchasable || price?.unitCents === null;
    return {
      id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      name: item?.name ?? line.name,
      imageUrl: item?.imageUrl ?? line.imageUrl,
      path: item?.path ?? '/',
      options: line.options,
      quantity: line.quantity,
      warehouse: line.warehouse,
      proDiscountApplied: price?.proDiscountApplied ?? false,
      unitCents,
      compareAtCents: price?.compareAtCents ?? null,
      extendedCents: unitCents * line.quantity,
      problem: unavailable
        ? CART_MESSAGES.itemUnavailable
        : available !== undefined
          ? overLimitMessage(available)
          : null,
    };
  });
  const giftViews = gifts.map((gift) => ({
    id: gift.id,
    name: gift.name,
    recipientEmail: gift.recipientEmail,
    amountCents: gift.amountCents,
  }));
  const giftCents = giftViews.reduce((sum, gift) => sum + gift.amountCents, 0);
  const itemsCents = views.reduce((sum, line) => sum + line.extendedCents, 0);
  const baseCents =
    views.reduce((sum, line) => sum + (line.compareAtCents ?? line.unitCents) * line.quantity, 0) + giftCents;
  const cartAmountCents = Math.max(0, itemsCents + giftCents - cart.discountAmountCents);
  return {
    id: cart.id,
    customerId: cart.customerId,
    channelId: cart.channelId,
    currencyCode: cart.currencyCode,
    createdTime: cart.createdAt.toISOString(),
    lines: views,
    giftCertificates: giftViews,
    totalItems: views.reduce((sum, line) => sum + line.quantity, 0) + giftViews.length,
    baseAmountCents: baseCents,
    cartAmountCents,
    discountAmountTotalCents: baseCents - cartAmountCents,
    discountAmountCents: cart.discountAmountCents,
    shippingCents: views.length > 0 ? 0 : null,
    taxIncluded: cart.taxIncluded,
    promoOrderUser: actor.customer?.flags.promoOrder ?? false,
    // The flag counts only for a promo user and a cart without gift cards (both can change after it was set).
    isPromoOrder: cart.isPromoOrder && (actor.customer?.flags.promoOrder ?? false) && giftViews.length === 0,
    checkoutBlocked: views.some((line) => line.problem !== null),
  };
}
