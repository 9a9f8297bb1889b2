/**
 * The cart context (SPEC §3, §4, §5, §8; issue 11): a store of carts, their lines, gift cards and metafields. Routes
 * reach it through `context.services.cart` with the request's viewer. What spans contexts is a workflow
 * (server/workflows/, decision 068): an add (price → check stock → write line), a change of quantity (the pro split
 * again), the merge at sign-in and placing an order compose this service's methods inside one transaction they open.
 *
 * Every change locks the cart row first (`select … for update`), so two requests on one cart take turns; a line is
 * one row per variant and warehouse (a unique index), written by an upsert that adds to its quantity in the
 * database, so concurrent adds of one variant never make a second line or lose a unit. Prices are not trusted from
 * the cart: each read prices the lines for the viewer's price list now (view.server.ts); the snapshot columns hold
 * what the line cost when it was written.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/database.server';
import { cartGiftCertificates, cartLines, cartMetafields, carts, giftCertificates } from './schema';
import { DEFAULT_GIFT_CARD_MODEL, type GiftCardModel } from './gift-cards';
import { CART_MESSAGES } from './messages';
import type { CartView } from './public';
import { CHANNEL_ID } from './rules';
import { CartCountCache } from './count-cache';
import {
  addGiftCertificates,
  CART_ID,
  CartRejection,
  fail,
  findLine,
  lockCart,
  syncMetafields,
  writeLine,
} from './store.server';
import { readCart, type CartReadDependencies } from './view.server';
import { mergeCandidates, mergeInto, type MergeInput } from './merge.server';
import { newGiftCardCode } from './gift-card-codes.server';

export type * from './public';
export { CART_MESSAGES, overLimitMessage } from './messages';
export * from './rules';
export * from './gift-cards';
export { stockMap } from './view.server';
export { CART_ID } from './store.server';
export type { MergeInput } from './merge.server';
export {
  createGiftCardService,
  restoreGiftCardRedemptions,
  type AppliedGiftCard,
  type BoughtGiftCard,
  type GiftCardService,
  type GiftCardSpend,
  type GiftCardToSend,
} from './gift-card-store.server';
export type * from './types';
import type {
  CartActor,
  CartFailure,
  CartMetafield,
  CartResult,
  CartSuccess,
  CheckoutLines,
  GiftCertificateInput,
  LineWrite,
  StoredLine,
} from './types';

export type CartService = {
  /** SPEC §4: a line out of the cart. */
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

  // The store, for the workflows: each runs in the workflow's transaction `tx`; a refusal is thrown and becomes a
  // `CartFailure` through `failureOf`.
  /**
   * Runs a workflow's cart write: `work` opens its transaction; the carts it touches (and the one it answers) are
   * told to the header count cache once it has ended. A refusal thrown inside answers as its failure.
   */
  write<T extends CartResult | { cartId: string | null }>(
    touched: (string | null)[],
    work: () => Promise<T>,
  ): Promise<T | CartFailure>;
  /** A new cart (channel 1) for the actor. */
  create(tx: Tx, actor: CartActor): Promise<string>;
  /** Locks the actor's cart (refused when there is none, it is gone or it is another customer's). */
  lock(tx: Tx, actor: CartActor): Promise<{ id: string }>;
  /** The cart's lines; `lineId` (refused when not in the cart) when one line is wanted. */
  lines(tx: Tx, cartId: string): Promise<StoredLine[]>;
  line(tx: Tx, cartId: string, lineId: string): Promise<StoredLine>;
  /** A line of the cart read before a workflow's transaction (null: not there), to know what to price. */
  peekLine(cartId: string | null, lineId: string): Promise<StoredLine | null>;
  /** Writes a line: `add` adds its quantity to the line's (at most 10), `set` makes it the line's quantity. */
  writeLine(tx: Tx, cartId: string, line: LineWrite, mode: 'add' | 'set'): Promise<void>;
  /** Sets a stored line's quantity (1–10), or removes it (0). */
  setQuantity(tx: Tx, lineId: string, quantity: number): Promise<void>;
  addGiftCertificates(tx: Tx, cartId: string, gifts: readonly GiftCertificateInput[]): Promise<void>;
  /** The end of every change: the cart's time and its metafields (and the visit's utm parameters). */
  touch(tx: Tx, cartId: string, actor: CartActor, utm?: Readonly<Record<string, string>>): Promise<void>;
  /** For the merge at sign-in, before its transaction: the variants of the carts it may merge. */
  mergeCandidates(customerId: number, cartId: string | null): Promise<{ variantId: number; sku: string }[]>;
  /** The merge at sign-in (merge.server.ts); answers the cart the cookie names afterwards. */
  merge(tx: Tx, input: MergeInput): Promise<{ cartId: string | null }>;
  /**
   * For checkout: locks the actor's cart (refused as every other action is) and returns its lines as they are now,
   * so an order is made of exactly what the cart holds when it is placed.
   */
  lockForCheckout(tx: Tx, actor: CartActor): Promise<CheckoutLines | CartFailure>;
  /** For checkout: the cart is gone once its order is placed. */
  removeCart(tx: Tx, cartId: string): Promise<void>;
  /**
   * For checkout: the cart's gift cards become redeemable certificates of the order, each with a new code
   * (decision 099), its send date and the customer who bought it (null: a guest).
   */
  issueGiftCertificates(
    tx: Tx,
    cartId: string,
    orderId: number,
    purchaserCustomerId?: number | null,
  ): Promise<number>;
};

export type CartDependencies = CartReadDependencies & {
  clock: Clock;
  /** The gift-card content model (SPEC §3); the default when the content has none. */
  giftCards?: GiftCardModel;
  /**
   * Keep header counts in memory (count-cache.ts): only where this process sees every cart write, the embedded
   * database (one process by its lock). Off by default.
   */
  countCache?: { maxEntries: number };
};

/** A refusal thrown by a store method inside a workflow's transaction, as the failure it answers; else rethrown. */
export function failureOf(error: unknown): CartFailure {
  if (error instanceof CartRejection) return error.failure;
  throw error;
}

/** A refusal a workflow throws inside its transaction (rolled back, answered as the failure). */
export function rejectCart(status: 400 | 404, message: string, clearCookie = false): never {
  throw new CartRejection(fail(status, message, clearCookie));
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

  async function touch(tx: Tx, cartId: string, actor: CartActor, utm?: Readonly<Record<string, string>>) {
    await tx.update(carts).set({ updatedAt: clock.now() }).where(eq(carts.id, cartId));
    await syncMetafields(tx, cartId, actor, utm);
  }

  /** A change of the actor's cart in its own transaction. */
  async function mutate(
    actor: CartActor,
    work: (tx: Tx, cartId: string) => Promise<void>,
  ): Promise<CartResult> {
    return counted([actor.cartId], async () => {
      try {
        return await db.transaction(async (tx): Promise<CartSuccess> => {
          const cart = await lockCart(tx, actor, actor.cartId);
          await work(tx, cart.id);
          await touch(tx, cart.id, actor);
          return { ok: true, cartId: cart.id, created: false };
        });
      } catch (error) {
        return failureOf(error);
      }
    });
  }

  const storedLine = {
    id: cartLines.id,
    variantId: cartLines.variantId,
    sku: cartLines.sku,
    warehouse: cartLines.warehouse,
    quantity: cartLines.quantity,
  };

  return {
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

    getCart: (actor) => readCart(deps, actor),

    async itemCount(cartId) {
      if (cartId === null || !CART_ID.test(cartId)) return 0;
      return counts ? counts.get(cartId, () => countItems(cartId)) : countItems(cartId);
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

    async write(touched, work) {
      return counted(touched, async () => {
        try {
          return await work();
        } catch (error) {
          return failureOf(error);
        }
      });
    },

    async create(tx, actor) {
      const [cart] = await tx
        .insert(carts)
        .values({ customerId: actor.customer?.id ?? null, channelId: CHANNEL_ID, createdAt: clock.now() })
        .returning({ id: carts.id });
      return cart!.id;
    },

    lock: (tx, actor) => lockCart(tx, actor, actor.cartId),

    lines: (tx, cartId) => tx.select(storedLine).from(cartLines).where(eq(cartLines.cartId, cartId)),

    async line(tx, cartId, lineId) {
      const line = await findLine(tx, cartId, lineId);
      return {
        id: line.id,
        variantId: line.variantId,
        sku: line.sku,
        warehouse: line.warehouse,
        quantity: line.quantity,
      };
    },

    async peekLine(cartId, lineId) {
      if (cartId === null || !CART_ID.test(cartId) || !CART_ID.test(lineId)) return null;
      const [line] = await db
        .select(storedLine)
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)));
      return line ?? null;
    },

    writeLine,

    async setQuantity(tx, lineId, quantity) {
      if (quantity <= 0) await tx.delete(cartLines).where(eq(cartLines.id, lineId));
      else await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, lineId));
    },

    addGiftCertificates: (tx, cartId, gifts) =>
      addGiftCertificates(tx, cartId, giftModel, gifts, clock.now()),

    touch,

    mergeCandidates: (customerId, cartId) => mergeCandidates(db, customerId, cartId),

    merge: (tx, input) => mergeInto(tx, clock, input),

    async lockForCheckout(tx, actor) {
      try {
        const cart = await lockCart(tx, actor, actor.cartId);
        const [lines, gifts] = await Promise.all([
          tx.select(storedLine).from(cartLines).where(eq(cartLines.cartId, cart.id)),
          tx
            .select({ id: cartGiftCertificates.id })
            .from(cartGiftCertificates)
            .where(eq(cartGiftCertificates.cartId, cart.id)),
        ]);
        return { ok: true, cartId: cart.id, lines, giftCertificateIds: gifts.map((gift) => gift.id) };
      } catch (error) {
        return failureOf(error);
      }
    },

    async issueGiftCertificates(tx, cartId, orderId, purchaserCustomerId = null) {
      const gifts = await tx
        .select()
        .from(cartGiftCertificates)
        .where(eq(cartGiftCertificates.cartId, cartId));
      if (gifts.length === 0) return 0;
      await tx.insert(giftCertificates).values(
        gifts.map((gift) => ({
          code: newGiftCardCode(),
          amountCents: gift.amountCents,
          balanceCents: gift.amountCents,
          recipientName: gift.recipientName,
          recipientEmail: gift.recipientEmail,
          senderName: gift.senderName,
          senderEmail: gift.senderEmail,
          message: gift.message,
          orderId,
          purchaserCustomerId,
          sendOn: gift.sendOn,
        })),
      );
      return gifts.length;
    },

    async removeCart(tx, cartId) {
      counts?.forget(cartId);
      await tx.delete(carts).where(eq(carts.id, cartId));
    },
  };
}

/** What routes need around the service: the request's cart actor and the cart cookie (http.server.ts). */
export { cartActor, cartCookieHeaders, cookieHeadersAfter } from './http.server';
export { removeCustomerCarts, setCustomerCartsDnsFlag } from './customer-carts.server';
