/**
 * The cart context (SPEC §3, §4, §5, §8; issue 11): a shopper's cart, its lines and metafields. Routes reach it
 * through `context.services.cart` with the request's viewer; other contexts (checkout) through this API.
 *
 * Every change runs in one transaction that first locks the cart row (`select … for update`), so two requests on
 * one cart take turns; a line is one row per variant and warehouse (a unique index), written by an upsert that adds
 * to its quantity in the database, so concurrent adds of one variant never make a second line or lose a unit.
 * Prices are not trusted from the cart: each read prices the lines for the viewer's price list now (the cart is
 * re-priced when a customer signs in); the snapshot columns hold what the line cost when it was written.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database.server';
import { cartGiftCertificates, cartLines, cartMetafields, carts, giftCertificates } from '../db/schema';
import type { Purchasable } from '../catalogue/index.server';
import type { InventoryLevel } from '../inventory/index.server';
import { cartLinePrice, type PriceList } from '../pricing/index.server';
import type { PriceListKey, ViewerCustomer } from '../viewer/viewer';
import {
  DEFAULT_GIFT_CARD_MODEL,
  GIFT_CARD_MESSAGES,
  giftCardName,
  giftCardProblem,
  type GiftCardModel,
} from './gift-cards';
import { CART_MESSAGES, overLimitMessage } from './messages';
import type { CartGiftCertificateView, CartLineView, CartView } from './public';
import {
  CHANNEL_ID,
  mergeCartLines,
  overLimitLines,
  PRO_WAREHOUSE,
  proSplit,
  quantityAfterAdd,
  quantityChange,
  STANDARD_WAREHOUSE,
  type ProStockOf,
  type StockRecord,
} from './rules';
import { CartCountCache } from './count-cache';

export type * from './public';
export { CART_MESSAGES, overLimitMessage } from './messages';
export * from './rules';
export * from './gift-cards';

/** Who is acting on which cart: from the request's viewer. */
export type CartActor = {
  cartId: string | null;
  customer: ViewerCustomer | null;
  priceList: PriceListKey;
};

export type CartFailure = {
  ok: false;
  status: 400 | 404;
  message: string;
  /** The cart cookie names a cart this shopper cannot use: the route clears it (SPEC §4 "a cart 404"). */
  clearCookie: boolean;
};

export type CartSuccess = {
  ok: true;
  /** The cart acted on; differs from the actor's when a cart was created (the route sets the cookie). */
  cartId: string;
  created: boolean;
};

export type CartResult = CartSuccess | CartFailure;

export type AddLineInput = { variantId: number; quantity: number; productId?: number };
/** A gift card (SPEC §3 gift_certificates of the add payload): whole dollars, sent on a day. */
export type GiftCertificateInput = {
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  senderEmail: string;
  message?: string;
  amountDollars: number;
  sendOn: Date;
};
export type AddInput = {
  lineItems: readonly AddLineInput[];
  giftCertificates?: readonly GiftCertificateInput[];
  /** utm_* parameters of the visit, kept in the utm-parameters metafield. */
  utm?: Readonly<Record<string, string>>;
};

export type CartMetafield = { key: string; value: string; namespace: string; permissionSet: string };

export type CartService = {
  /**
   * SPEC §4 add: into the actor's cart, or a new one (channel 1) when they have none. A cart that no longer exists,
   * or is not this shopper's, is given up (the route clears the cookie) and the add retried once into a new cart.
   */
  add(actor: CartActor, input: AddInput): Promise<CartResult>;
  /** SPEC §5: a line's quantity, 1 to 10; 0 or below removes the line. */
  updateLine(actor: CartActor, lineId: string, quantity: number): Promise<CartResult>;
  removeLine(actor: CartActor, lineId: string): Promise<CartResult>;
  /** A gift card out of the cart. */
  removeGiftCertificate(actor: CartActor, giftId: string): Promise<CartResult>;
  /** SPEC §4: the cart, emptied. */
  clear(actor: CartActor): Promise<CartResult>;
  /**
   * SPEC §4 promotional-order checkbox: flags (or unflags) the cart's order as promotional. Only promo users may
   * flag it, and not while gift cards are in the cart (SPEC §8's message).
   */
  setPromoOrder(actor: CartActor, promotional: boolean): Promise<CartResult>;
  /**
   * The cart as the viewer sees it now (priced for their price list, with the inventory check's line messages);
   * null without a cart cookie; a failure for a cart that no longer exists or is not theirs.
   */
  getCart(actor: CartActor): Promise<CartView | CartFailure | null>;
  /** Units in the cart (the header badge); 0 for no cart or an unknown one. One query. */
  itemCount(cartId: string | null): Promise<number>;
  /** SPEC §3 cart metafields (namespace cart_info). */
  metafields(cartId: string): Promise<CartMetafield[]>;
  /**
   * For checkout, inside its transaction: locks the actor's cart (refused as every other action is) and returns
   * its lines as they are now, so an order is made of exactly what the cart holds when it is placed.
   */
  lockForCheckout(tx: Tx, actor: CartActor): Promise<CheckoutLines | CartFailure>;
  /** For checkout, inside its transaction: the cart is gone once its order is placed. */
  removeCart(tx: Tx, cartId: string): Promise<void>;
  /** For checkout, inside its transaction: the cart's gift cards become redeemable certificates of the order. */
  issueGiftCertificates(tx: Tx, cartId: string, orderId: number): Promise<number>;
  /**
   * Sign-in (issue 10 §3, issue 11 §4), in one transaction: the anonymous cart of the cart cookie is merged into
   * the customer's latest cart (lines of one variant add up, at most 10; gift cards move along) and removed, or
   * becomes the customer's when they have none; either way its lines are re-priced and re-split for the
   * customer's price list. Answers the cart the cookie names afterwards (null: none).
   */
  mergeOnSignIn(input: {
    customer: ViewerCustomer;
    priceList: PriceListKey;
    cartId: string | null;
  }): Promise<{ cartId: string | null }>;
};

export type CheckoutLines = {
  ok: true;
  cartId: string;
  lines: { id: string; variantId: number; sku: string; warehouse: string; quantity: number }[];
  giftCertificateIds: string[];
};

export type CartDependencies = {
  db: Database;
  clock: Clock;
  catalogue: { getPurchasables(variantIds: readonly number[]): Promise<Map<number, Purchasable>> };
  pricing: { priceList(key: PriceListKey): Promise<PriceList> };
  inventory: { getLevels(skus: readonly string[], audience: 'customer'): Promise<InventoryLevel[]> };
  /** Whether a customer id names a customer (the customers context's answer). */
  customerExists(id: number): Promise<boolean>;
  /** The gift-card content model (SPEC §3); the default when the content has none. */
  giftCards?: GiftCardModel;
  /**
   * Keep header counts in memory (count-cache.ts): only where this process sees every cart write, the embedded
   * database (one process by its lock). Off by default.
   */
  countCache?: { maxEntries: number };
};

/** A cart line as the cart page reads it (JSON from the database: `getCart`). */
type ReadLine = Pick<
  CartLineView,
  'id' | 'productId' | 'variantId' | 'sku' | 'name' | 'imageUrl' | 'options' | 'quantity' | 'warehouse'
> & { salePriceCents: number };
type ReadGift = CartGiftCertificateView;

const fail = (status: 400 | 404, message: string, clearCookie = false): CartFailure => ({
  ok: false,
  status,
  message,
  clearCookie,
});

/** Thrown inside a transaction to roll it back with a failure the caller returns. */
class CartRejection extends Error {
  constructor(readonly failure: CartFailure) {
    super(failure.message);
  }
}

const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isProCustomer = (customer: ViewerCustomer | null) =>
  customer !== null && (customer.flags.proUser || customer.flags.shedUser);

function stockMap(levels: readonly InventoryLevel[]): Map<string, StockRecord> {
  return new Map(
    levels.map((level) => [
      level.variant_sku.toUpperCase(),
      { standardQuantity: level.standard_quantity ?? 0, proQuantity: level.pro_quantity ?? 0 },
    ]),
  );
}

export function createCartService(deps: CartDependencies): CartService {
  const { db, clock } = deps;
  const giftModel = deps.giftCards ?? DEFAULT_GIFT_CARD_MODEL;

  const counts = deps.countCache ? new CartCountCache(deps.countCache.maxEntries) : null;

  /** Units in a cart: its lines' quantities and one per gift certificate. One statement. */
  async function countItems(cartId: string): Promise<number> {
    const [row] = await db
      .select({
        units: sql<number>`coalesce((select sum(${cartLines.quantity}) from ${cartLines} where ${cartLines.cartId} = ${cartId}), 0)::int
            + (select count(*) from ${cartGiftCertificates} where ${cartGiftCertificates.cartId} = ${cartId})::int`,
      })
      .from(sql`(select 1) as one`);
    return Number(row?.units ?? 0);
  }

  /** A cart write, told to the count cache: it drops the touched carts' counts once the write has ended. */
  async function counted<T>(touched: (string | null)[], work: () => Promise<T>): Promise<T> {
    if (!counts) return work();
    const end = counts.begin();
    let result: T | undefined;
    try {
      result = await work();
      return result;
    } finally {
      const answered = result as { cartId?: unknown } | undefined;
      end([...touched, typeof answered?.cartId === 'string' ? answered.cartId : null]);
    }
  }

  /** One cart write in a transaction; `cartId` is the cart it may touch (a new cart is the result's). */
  async function run(cartId: string | null, work: (tx: Tx) => Promise<CartSuccess>): Promise<CartResult> {
    return counted([cartId], async () => {
      try {
        return await db.transaction(work);
      } catch (error) {
        if (error instanceof CartRejection) return error.failure;
        throw error;
      }
    });
  }

  /** Locks the actor's cart row for the transaction, or rejects: no cookie, gone, or another customer's. */
  async function lockCart(tx: Tx, actor: CartActor, cartId: string | null) {
    if (cartId === null) throw new CartRejection(fail(404, CART_MESSAGES.cartNotCreated));
    if (!CART_ID.test(cartId)) throw new CartRejection(fail(404, CART_MESSAGES.cartIdNotFound, true));
    const [cart] = await tx
      .select({ id: carts.id, customerId: carts.customerId })
      .from(carts)
      .where(eq(carts.id, cartId))
      .for('update');
    if (!cart) throw new CartRejection(fail(404, CART_MESSAGES.cartIdNotFound, true));
    if (cart.customerId !== null && cart.customerId !== (actor.customer?.id ?? null)) {
      throw new CartRejection(fail(404, CART_MESSAGES.customerIdNotFound, true));
    }
    if (cart.customerId === null && actor.customer !== null) {
      // An anonymous cart becomes the customer's once they act on it signed in.
      await tx.update(carts).set({ customerId: actor.customer.id }).where(eq(carts.id, cart.id));
    }
    return cart;
  }

  async function touch(tx: Tx, cartId: string, actor: CartActor, utm?: Readonly<Record<string, string>>) {
    await tx.update(carts).set({ updatedAt: clock.now() }).where(eq(carts.id, cartId));
    await syncMetafields(tx, cartId, actor, utm);
  }

  /** SPEC §3 metafields (namespace cart_info), rewritten in the transaction of every change. */
  async function syncMetafields(
    tx: Tx,
    cartId: string,
    actor: CartActor,
    utm?: Readonly<Record<string, string>>,
  ) {
    const lines = await tx
      .select({ sku: cartLines.sku, quantity: cartLines.quantity, warehouse: cartLines.warehouse })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId))
      .orderBy(asc(cartLines.sku), asc(cartLines.warehouse));
    const flags = actor.customer?.flags;
    const values: Record<string, string> = {
      'cart-items': JSON.stringify(lines),
      'customer-group': actor.customer?.groupName ?? '',
      'pro-status': flags?.proUser ? 'pro' : flags?.shedUser ? 'shed' : 'none',
      dns_flag: String(flags?.dnsFlag ?? false),
    };
    if (utm && Object.keys(utm).length > 0) values['utm-parameters'] = JSON.stringify(utm);
    await tx
      .insert(cartMetafields)
      .values(Object.entries(values).map(([key, value]) => ({ cartId, key, value })))
      .onConflictDoUpdate({
        target: [cartMetafields.cartId, cartMetafields.namespace, cartMetafields.key],
        set: { value: sql`excluded.value` },
      });
  }

  async function addOnce(
    actor: CartActor,
    cartId: string | null,
    wanted: Map<number, number>,
    found: Map<number, Purchasable>,
    proStock: Map<string, StockRecord>,
    list: PriceList,
    utm: AddInput['utm'],
    gifts: readonly GiftCertificateInput[],
  ): Promise<CartResult> {
    return run(cartId, async (tx) => {
      let id: string;
      let created = false;
      if (cartId === null) {
        const [cart] = await tx
          .insert(carts)
          .values({ customerId: actor.customer?.id ?? null, channelId: CHANNEL_ID, createdAt: clock.now() })
          .returning({ id: carts.id });
        id = cart!.id;
        created = true;
      } else {
        id = (await lockCart(tx, actor, cartId)).id;
      }
      const existing = await tx
        .select({
          variantId: cartLines.variantId,
          warehouse: cartLines.warehouse,
          quantity: cartLines.quantity,
        })
        .from(cartLines)
        .where(eq(cartLines.cartId, id));
      const pro = isProCustomer(actor.customer) && list.kind === 'pro';
      for (const [variantId, quantity] of wanted) {
        const item = found.get(variantId)!;
        const inCart = (warehouse: string) =>
          existing.find((line) => line.variantId === variantId && line.warehouse === warehouse)?.quantity ??
          0;
        const split = proSplit({
          requested: quantity,
          proCustomer: pro,
          proEligible: !item.excludeProDiscount && item.productType !== 'wader',
          proQuantity: proStock.get(item.sku.toUpperCase())?.proQuantity ?? 0,
          proAlreadyInCart: inCart(PRO_WAREHOUSE),
        });
        for (const [warehouse, units] of [
          [PRO_WAREHOUSE, split.pro],
          [STANDARD_WAREHOUSE, split.standard],
        ] as const) {
          if (units <= 0) continue;
          const price = cartLinePrice(list, item, {
            quantity: quantityAfterAdd(inCart(warehouse), units),
            proStock: warehouse === PRO_WAREHOUSE,
            bulkRules: item.bulkRules,
          });
          await tx
            .insert(cartLines)
            .values({
              cartId: id,
              productId: item.productId,
              variantId,
              sku: item.sku,
              name: item.name,
              imageUrl: item.imageUrl,
              options:
                warehouse === PRO_WAREHOUSE
                  ? [...item.options, { name: 'Warehouse', value: '03' }]
                  : item.options,
              quantity: quantityAfterAdd(0, units),
              listPriceCents: item.listCents ?? 0,
              salePriceCents: price.unitCents ?? 0,
              warehouse,
            })
            .onConflictDoUpdate({
              target: [cartLines.cartId, cartLines.variantId, cartLines.warehouse],
              // Added in the database, capped at 10 (SPEC §9): concurrent adds each count.
              set: {
                quantity: sql`least(${cartLines.quantity} + excluded.quantity, 10)`,
                listPriceCents: sql`excluded.list_price_cents`,
                salePriceCents: sql`excluded.sale_price_cents`,
              },
            });
        }
      }
      if (gifts.length > 0) {
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(cartGiftCertificates)
          .where(eq(cartGiftCertificates.cartId, id));
        let inCart = Number(held?.count ?? 0);
        for (const gift of gifts) {
          const name = giftCardName(gift.recipientName, gift.sendOn);
          const problem = giftCardProblem(giftModel, { name, amountDollars: gift.amountDollars }, inCart);
          if (problem) throw new CartRejection(fail(400, GIFT_CARD_MESSAGES[problem](giftModel)));
          await tx.insert(cartGiftCertificates).values({
            cartId: id,
            name,
            recipientName: gift.recipientName.trim(),
            recipientEmail: gift.recipientEmail.trim().toLowerCase(),
            senderName: gift.senderName.trim(),
            senderEmail: gift.senderEmail.trim().toLowerCase(),
            message: gift.message ?? '',
            amountCents: gift.amountDollars * 100,
            sendOn: gift.sendOn.toISOString().slice(0, 10),
          });
          inCart += 1;
        }
        // SPEC §8: a promotional order cannot hold gift cards.
        await tx.update(carts).set({ isPromoOrder: false }).where(eq(carts.id, id));
      }
      await touch(tx, id, actor, utm);
      return { ok: true, cartId: id, created };
    });
  }

  async function mutate(
    actor: CartActor,
    work: (tx: Tx, cartId: string) => Promise<void>,
  ): Promise<CartResult> {
    return run(actor.cartId, async (tx) => {
      const cart = await lockCart(tx, actor, actor.cartId);
      await work(tx, cart.id);
      await touch(tx, cart.id, actor);
      return { ok: true, cartId: cart.id, created: false };
    });
  }

  const findLine = async (tx: Tx, cartId: string, lineId: string) => {
    if (!CART_ID.test(lineId)) throw new CartRejection(fail(404, CART_MESSAGES.lineNotFound));
    const [line] = await tx
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)));
    if (!line) throw new CartRejection(fail(404, CART_MESSAGES.lineNotFound));
    return line;
  };

  return {
    async add(actor, input) {
      const wanted = new Map<number, number>();
      for (const line of input.lineItems) {
        if (!Number.isSafeInteger(line.variantId) || !Number.isSafeInteger(line.quantity)) continue;
        if (line.quantity < 1) continue;
        wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
      }
      if (wanted.size === 0 && (input.giftCertificates?.length ?? 0) === 0) {
        return fail(400, CART_MESSAGES.lineItemsEmpty);
      }
      if (actor.customer !== null && !(await deps.customerExists(actor.customer.id))) {
        return fail(404, CART_MESSAGES.customerIdNotFound, true);
      }
      const found = await deps.catalogue.getPurchasables([...wanted.keys()]);
      for (const line of input.lineItems) {
        const item = found.get(line.variantId);
        if (!wanted.has(line.variantId)) continue;
        if (
          !item ||
          !item.purchasable ||
          item.listCents === null ||
          (line.productId !== undefined && line.productId !== item.productId)
        ) {
          return fail(400, CART_MESSAGES.itemUnavailable);
        }
      }
      const [list, levels] = await Promise.all([
        deps.pricing.priceList(actor.priceList),
        isProCustomer(actor.customer)
          ? deps.inventory.getLevels(
              [...found.values()].map((item) => item.sku),
              'customer',
            )
          : Promise.resolve([]),
      ]);
      const proStock = stockMap(levels);
      const gifts = input.giftCertificates ?? [];
      const first = await addOnce(actor, actor.cartId, wanted, found, proStock, list, input.utm, gifts);
      if (first.ok || !first.clearCookie || actor.cartId === null) return first;
      // SPEC §4: a failed add gives up the cart cookie and retries once, into a new cart.
      return addOnce(actor, null, wanted, found, proStock, list, input.utm, gifts);
    },

    async updateLine(actor, lineId, quantity) {
      const change = quantityChange(quantity);
      return mutate(actor, async (tx, cartId) => {
        const line = await findLine(tx, cartId, lineId);
        if (change.kind === 'remove') {
          await tx.delete(cartLines).where(eq(cartLines.id, line.id));
        } else {
          await tx.update(cartLines).set({ quantity: change.quantity }).where(eq(cartLines.id, line.id));
        }
      });
    },

    async removeLine(actor, lineId) {
      return mutate(actor, async (tx, cartId) => {
        const line = await findLine(tx, cartId, lineId);
        await tx.delete(cartLines).where(eq(cartLines.id, line.id));
      });
    },

    async removeGiftCertificate(actor, giftId) {
      return mutate(actor, async (tx, cartId) => {
        if (!CART_ID.test(giftId)) throw new CartRejection(fail(404, CART_MESSAGES.lineNotFound));
        const removed = await tx
          .delete(cartGiftCertificates)
          .where(and(eq(cartGiftCertificates.cartId, cartId), eq(cartGiftCertificates.id, giftId)))
          .returning({ id: cartGiftCertificates.id });
        if (removed.length === 0) throw new CartRejection(fail(404, CART_MESSAGES.lineNotFound));
      });
    },

    async clear(actor) {
      return mutate(actor, async (tx, cartId) => {
        await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
        await tx.delete(cartGiftCertificates).where(eq(cartGiftCertificates.cartId, cartId));
        await tx
          .update(carts)
          .set({ isPromoOrder: false, discountAmountCents: 0, coupons: [] })
          .where(eq(carts.id, cartId));
      });
    },

    async setPromoOrder(actor, promotional) {
      if (promotional && !actor.customer?.flags.promoOrder) {
        return fail(400, CART_MESSAGES.promoUsersOnly);
      }
      return mutate(actor, async (tx, cartId) => {
        if (promotional) {
          const [held] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(cartGiftCertificates)
            .where(eq(cartGiftCertificates.cartId, cartId));
          if (Number(held?.count ?? 0) > 0) {
            throw new CartRejection(fail(400, CART_MESSAGES.giftCardsBlockPromo));
          }
        }
        await tx.update(carts).set({ isPromoOrder: promotional }).where(eq(carts.id, cartId));
      });
    },

    async getCart(actor) {
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
        views.reduce((sum, line) => sum + (line.compareAtCents ?? line.unitCents) * line.quantity, 0) +
        giftCents;
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
        isPromoOrder:
          cart.isPromoOrder && (actor.customer?.flags.promoOrder ?? false) && giftViews.length === 0,
        checkoutBlocked: views.some((line) => line.problem !== null),
      };
    },

    async itemCount(cartId) {
      if (cartId === null || !CART_ID.test(cartId)) return 0;
      return counts ? counts.get(cartId, () => countItems(cartId)) : countItems(cartId);
    },

    async lockForCheckout(tx, actor) {
      try {
        const cart = await lockCart(tx, actor, actor.cartId);
        const [lines, gifts] = await Promise.all([
          tx
            .select({
              id: cartLines.id,
              variantId: cartLines.variantId,
              sku: cartLines.sku,
              warehouse: cartLines.warehouse,
              quantity: cartLines.quantity,
            })
            .from(cartLines)
            .where(eq(cartLines.cartId, cart.id)),
          tx
            .select({ id: cartGiftCertificates.id })
            .from(cartGiftCertificates)
            .where(eq(cartGiftCertificates.cartId, cart.id)),
        ]);
        return { ok: true, cartId: cart.id, lines, giftCertificateIds: gifts.map((gift) => gift.id) };
      } catch (error) {
        if (error instanceof CartRejection) return error.failure;
        throw error;
      }
    },

    async issueGiftCertificates(tx, cartId, orderId) {
      const gifts = await tx
        .select()
        .from(cartGiftCertificates)
        .where(eq(cartGiftCertificates.cartId, cartId));
      if (gifts.length === 0) return 0;
      await tx.insert(giftCertificates).values(
        gifts.map((gift) => ({
          code: crypto.randomBytes(12).toString('base64url').toUpperCase(),
          amountCents: gift.amountCents,
          balanceCents: gift.amountCents,
          recipientName: gift.recipientName,
          recipientEmail: gift.recipientEmail,
          senderName: gift.senderName,
          senderEmail: gift.senderEmail,
          message: gift.message,
          orderId,
        })),
      );
      return gifts.length;
    },

    async removeCart(tx, cartId) {
      counts?.forget(cartId);
      await tx.delete(carts).where(eq(carts.id, cartId));
    },

    async mergeOnSignIn({ customer, priceList, cartId }) {
      const cookieCart = cartId !== null && CART_ID.test(cartId) ? cartId.toLowerCase() : null;
      // What pricing needs is read before the transaction, as an add does (PGlite has one connection, and the
      // catalogue and inventory read outside the transaction). A line added in between keeps its snapshot.
      const known = await db
        .selectDistinct({ variantId: cartLines.variantId, sku: cartLines.sku })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .where(
          cookieCart === null
            ? eq(carts.customerId, customer.id)
            : or(eq(carts.customerId, customer.id), eq(carts.id, cookieCart)),
        );
      const pro = isProCustomer(customer);
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
          eligible: !item.excludeProDiscount && item.productType !== 'wader',
          proQuantity: proStock.get(item.sku.toUpperCase())?.proQuantity ?? 0,
        };
      };

      return counted([cookieCart], () =>
        db.transaction(async (tx) => {
          // The cookie's cart first, then the customer's: every sign-in locks in this order.
          let anonymous: string | null = null;
          if (cookieCart !== null) {
            const [row] = await tx
              .select({ id: carts.id, customerId: carts.customerId })
              .from(carts)
              .where(eq(carts.id, cookieCart))
              .for('update');
            if (row && row.customerId === customer.id) return { cartId: row.id };
            // Another customer's cart (a shared browser) is not theirs to take: it is left alone.
            if (row && row.customerId === null) anonymous = row.id;
          }
          const [own] = await tx
            .select({ id: carts.id })
            .from(carts)
            .where(eq(carts.customerId, customer.id))
            .orderBy(desc(carts.updatedAt), desc(carts.createdAt))
            .limit(1)
            .for('update');
          if (anonymous === null) return { cartId: own?.id ?? null };

          const linesOf = (id: string) =>
            tx
              .select()
              .from(cartLines)
              .where(eq(cartLines.cartId, id))
              .orderBy(asc(cartLines.createdAt), asc(cartLines.sku), asc(cartLines.warehouse));
          const targetId = own?.id ?? anonymous;
          const targetLines = own ? await linesOf(own.id) : [];
          const incoming = await linesOf(anonymous);
          const merged = mergeCartLines({ target: targetLines, incoming, proStockOf });

          let utm: Record<string, string> | undefined;
          if (own) {
            const moved = await tx
              .update(cartGiftCertificates)
              .set({ cartId: own.id })
              .where(eq(cartGiftCertificates.cartId, anonymous))
              .returning({ id: cartGiftCertificates.id });
            // SPEC §8: a promotional order cannot hold gift cards.
            if (moved.length > 0)
              await tx.update(carts).set({ isPromoOrder: false }).where(eq(carts.id, own.id));
            const [visit] = await tx
              .select({ value: cartMetafields.value })
              .from(cartMetafields)
              .where(and(eq(cartMetafields.cartId, anonymous), eq(cartMetafields.key, 'utm-parameters')));
            if (visit) utm = JSON.parse(visit.value) as Record<string, string>;
            await tx.delete(carts).where(eq(carts.id, anonymous));
          } else {
            // No cart of their own: the anonymous cart becomes theirs, its lines written afresh below.
            await tx.update(carts).set({ customerId: customer.id }).where(eq(carts.id, anonymous));
            await tx.delete(cartLines).where(eq(cartLines.cartId, anonymous));
          }

          for (const line of merged) {
            const sameKey = targetLines.find(
              (row) => row.variantId === line.variantId && row.warehouse === line.warehouse,
            );
            const source =
              sameKey ??
              targetLines.find((row) => row.variantId === line.variantId) ??
              incoming.find((row) => row.variantId === line.variantId)!;
            const firstIn = incoming.find((row) => row.variantId === line.variantId);
            const item = found.get(line.variantId);
            const proLine = line.warehouse === PRO_WAREHOUSE;
            const price = item
              ? cartLinePrice(list, item, {
                  quantity: line.quantity,
                  proStock: proLine,
                  bulkRules: item.bulkRules,
                })
              : null;
            const baseOptions =
              item?.options ?? source.options.filter((option) => option.name !== 'Warehouse');
            await tx
              .insert(cartLines)
              .values({
                cartId: targetId,
                productId: item?.productId ?? source.productId,
                variantId: line.variantId,
                sku: item?.sku ?? source.sku,
                name: item?.name ?? source.name,
                imageUrl: item ? item.imageUrl : source.imageUrl,
                options: proLine
                  ? [...baseOptions, { name: 'Warehouse', value: PRO_WAREHOUSE }]
                  : baseOptions,
                quantity: line.quantity,
                listPriceCents: item?.listCents ?? source.listPriceCents,
                salePriceCents: price?.unitCents ?? source.salePriceCents,
                warehouse: line.warehouse,
                createdAt: sameKey?.createdAt ?? firstIn?.createdAt ?? clock.now(),
              })
              .onConflictDoUpdate({
                target: [cartLines.cartId, cartLines.variantId, cartLines.warehouse],
                set: {
                  quantity: sql`excluded.quantity`,
                  listPriceCents: sql`excluded.list_price_cents`,
                  salePriceCents: sql`excluded.sale_price_cents`,
                },
              });
          }
          await touch(tx, targetId, { cartId: targetId, customer, priceList }, utm);
          return { cartId: targetId };
        }),
      );
    },

    async metafields(cartId) {
      if (!CART_ID.test(cartId)) return [];
      return db
        .select({
          key: cartMetafields.key,
          value: cartMetafields.value,
          namespace: cartMetafields.namespace,
          permissionSet: cartMetafields.permissionSet,
        })
        .from(cartMetafields)
        .where(eq(cartMetafields.cartId, cartId))
        .orderBy(asc(cartMetafields.key));
    },
  };
}
