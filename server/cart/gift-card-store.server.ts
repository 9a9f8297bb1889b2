/**
 * Issued gift cards (issue 26 §1, decision 099): applied to a cart by code, spent inside the order's transaction by
 * guarded decrements (never below zero; a card spent by a concurrent order is refused), mailed once on their send
 * date (claimed by a guarded update), listed for the customer who bought them, and put back when an order is
 * cancelled or refunded (`restoreGiftCardRedemptions`, idempotent).
 */
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database.server';
import { cartGiftCards, giftCardRedemptions, giftCertificates } from './schema';
import { CartRejection, fail, lockCart } from './store.server';
import {
  GIFT_CARD_CODE_MESSAGES,
  giftCardCodeEnding,
  giftCardName,
  MAX_GIFT_CARDS_PER_ORDER,
  normalizeGiftCardCode,
  splitAcrossGiftCards,
} from './gift-cards';
import type { CartActor, CartFailure } from './types';

/** A gift card applied to a cart, as checkout shows it: never its whole code. */
export type AppliedGiftCard = { id: number; ending: string; balanceCents: number };

/** A card the customer bought, for the account (decision 099). */
export type BoughtGiftCard = {
  id: number;
  recipientName: string;
  recipientEmail: string;
  amountCents: number;
  balanceCents: number;
  sendOn: string | null;
  sentAt: Date | null;
  ending: string;
};

/** A card whose mail is due, claimed for sending: everything the mail says. */
export type GiftCardToSend = {
  id: number;
  code: string;
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
};

export type GiftCardSpend =
  | { ok: true; paidCents: number; cards: { id: number; ending: string; amountCents: number }[] }
  | { ok: false; message: string };

export type GiftCardService = {
  /** Applies a typed code to the actor's cart; one generic refusal for any code that cannot be used. */
  apply(actor: CartActor, typedCode: string): Promise<{ ok: true } | CartFailure>;
  /** Takes an applied card off the actor's cart. */
  remove(actor: CartActor, giftCardId: number): Promise<{ ok: true } | CartFailure>;
  /** The cards applied to a cart, in the order they were applied, with their balances now. */
  applied(cartId: string | null): Promise<AppliedGiftCard[]>;
  /**
   * In the order's transaction: spends the cart's applied cards on `dueCents`, in order, each with a guarded
   * decrement. A card emptied meanwhile by another order refuses the whole order (the caller rolls back).
   */
  spend(tx: Tx, cartId: string, dueCents: number): Promise<GiftCardSpend>;
  /** In the same transaction, once the order is written: what each card paid of it (`gift_card_redemptions`). */
  recordRedemptions(
    tx: Tx,
    orderId: number,
    cards: readonly { id: number; amountCents: number }[],
  ): Promise<void>;
  /** The balance of a typed code (null: not a card; the same answer for every unusable code). */
  balance(typedCode: string): Promise<{ balanceCents: number; amountCents: number; ending: string } | null>;
  /** The cards an order issued, as its cart named them ("{recipient} emailing on dd/mm/yyyy"), for its recap. */
  issuedBy(orderId: number): Promise<{ id: number; name: string; amountCents: number }[]>;
  /** The cards this customer bought, newest first. */
  bought(customerId: number): Promise<BoughtGiftCard[]>;
  /** Ids of unsent cards whose send date (a UTC day `YYYY-MM-DD`) is `today` or before. */
  due(today: string, limit: number): Promise<number[]>;
  /** Claims a card's mail (`sent_at is null` → now) in `tx`: the card when this caller won, null otherwise. */
  claimSend(tx: Tx, id: number, now: Date): Promise<GiftCardToSend | null>;
};

/**
 * Puts back what an order spent of its gift cards (an order cancelled or refunded). Idempotent: each redemption is
 * restored once (`restored_at` claimed by a guarded update). Answers the cents restored by this call.
 */
export async function restoreGiftCardRedemptions(tx: Tx, orderId: number): Promise<number> {
  const restored = await tx
    .update(giftCardRedemptions)
    .set({ restoredAt: sql`now()` })
    .where(and(eq(giftCardRedemptions.orderId, orderId), isNull(giftCardRedemptions.restoredAt)))
    .returning({
      cardId: giftCardRedemptions.giftCertificateId,
      amountCents: giftCardRedemptions.amountCents,
    });
  let total = 0;
  for (const row of restored) {
    await tx
      .update(giftCertificates)
      .set({ balanceCents: sql`${giftCertificates.balanceCents} + ${row.amountCents}` })
      .where(eq(giftCertificates.id, row.cardId));
    total += row.amountCents;
  }
  return total;
}

const invalid = () => new CartRejection(fail(400, GIFT_CARD_CODE_MESSAGES.invalid));

export function createGiftCardService(deps: { db: Database; clock: Clock }): GiftCardService {
  const { db, clock } = deps;

  async function usableCard(typedCode: string) {
    const code = normalizeGiftCardCode(typedCode);
    if (!code) return null;
    const [card] = await db
      .select({
        id: giftCertificates.id,
        code: giftCertificates.code,
        balanceCents: giftCertificates.balanceCents,
        amountCents: giftCertificates.amountCents,
      })
      .from(giftCertificates)
      .where(eq(giftCertificates.code, code));
    return card ?? null;
  }

  async function inCart<T>(work: () => Promise<T>): Promise<T | CartFailure> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CartRejection) return error.failure;
      throw error;
    }
  }

  const appliedColumns = {
    id: giftCertificates.id,
    code: giftCertificates.code,
    balanceCents: giftCertificates.balanceCents,
  };

  return {
    async apply(actor, typedCode) {
      return inCart(async () => {
        const card = await usableCard(typedCode);
        if (!card || card.balanceCents <= 0) throw invalid();
        return db.transaction(async (tx) => {
          const cart = await lockCart(tx, actor, actor.cartId);
          const [count] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(cartGiftCards)
            .where(eq(cartGiftCards.cartId, cart.id));
          const inserted = await tx
            .insert(cartGiftCards)
            .values({ cartId: cart.id, giftCertificateId: card.id, createdAt: clock.now() })
            .onConflictDoNothing()
            .returning({ id: cartGiftCards.giftCertificateId });
          if (inserted.length === 0) throw new CartRejection(fail(400, GIFT_CARD_CODE_MESSAGES.already));
          if (Number(count?.n ?? 0) >= MAX_GIFT_CARDS_PER_ORDER)
            throw new CartRejection(fail(400, GIFT_CARD_CODE_MESSAGES.tooMany));
          return { ok: true as const };
        });
      });
    },

    async remove(actor, giftCardId) {
      return inCart(() =>
        db.transaction(async (tx) => {
          const cart = await lockCart(tx, actor, actor.cartId);
          await tx
            .delete(cartGiftCards)
            .where(and(eq(cartGiftCards.cartId, cart.id), eq(cartGiftCards.giftCertificateId, giftCardId)));
          return { ok: true as const };
        }),
      );
    },

    async applied(cartId) {
      if (!cartId) return [];
      const rows = await db
        .select(appliedColumns)
        .from(cartGiftCards)
        .innerJoin(giftCertificates, eq(giftCertificates.id, cartGiftCards.giftCertificateId))
        .where(eq(cartGiftCards.cartId, cartId))
        .orderBy(asc(cartGiftCards.createdAt), asc(giftCertificates.id));
      return rows.map((row) => ({
        id: row.id,
        ending: giftCardCodeEnding(row.code),
        balanceCents: row.balanceCents,
      }));
    },

    async spend(tx, cartId, dueCents) {
      const rows = await tx
        .select(appliedColumns)
        .from(cartGiftCards)
        .innerJoin(giftCertificates, eq(giftCertificates.id, cartGiftCards.giftCertificateId))
        .where(eq(cartGiftCards.cartId, cartId))
        .orderBy(asc(cartGiftCards.createdAt), asc(giftCertificates.id));
      if (rows.length === 0) return { ok: true, paidCents: 0, cards: [] };
      // A card the shopper applied that has nothing left was spent by another order since: they review again.
      if (rows.some((row) => row.balanceCents <= 0))
        return { ok: false, message: GIFT_CARD_CODE_MESSAGES.spentElsewhere };
      const { paid } = splitAcrossGiftCards(dueCents, rows);
      const cards: { id: number; ending: string; amountCents: number }[] = [];
      for (const card of paid) {
        // The guard is the rule: a concurrent order that spent this balance first leaves no row to update.
        const updated = await tx
          .update(giftCertificates)
          .set({ balanceCents: sql`${giftCertificates.balanceCents} - ${card.amountCents}` })
          .where(
            and(
              eq(giftCertificates.id, card.id),
              sql`${giftCertificates.balanceCents} >= ${card.amountCents}`,
            ),
          )
          .returning({ id: giftCertificates.id });
        if (updated.length === 0) return { ok: false, message: GIFT_CARD_CODE_MESSAGES.spentElsewhere };
        cards.push({ id: card.id, ending: giftCardCodeEnding(card.code), amountCents: card.amountCents });
      }
      return { ok: true, paidCents: cards.reduce((sum, card) => sum + card.amountCents, 0), cards };
    },

    async recordRedemptions(tx, orderId, cards) {
      if (cards.length === 0) return;
      await tx.insert(giftCardRedemptions).values(
        cards.map((card) => ({
          giftCertificateId: card.id,
          orderId,
          amountCents: card.amountCents,
          createdAt: clock.now(),
        })),
      );
    },

    async balance(typedCode) {
      const card = await usableCard(typedCode);
      if (!card) return null;
      return {
        balanceCents: card.balanceCents,
        amountCents: card.amountCents,
        ending: giftCardCodeEnding(card.code),
      };
    },

    async issuedBy(orderId) {
      const rows = await db
        .select({
          id: giftCertificates.id,
          recipientName: giftCertificates.recipientName,
          sendOn: giftCertificates.sendOn,
          amountCents: giftCertificates.amountCents,
        })
        .from(giftCertificates)
        .where(eq(giftCertificates.orderId, orderId))
        .orderBy(asc(giftCertificates.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.sendOn
          ? giftCardName(row.recipientName, new Date(`${row.sendOn}T00:00:00Z`))
          : row.recipientName,
        amountCents: row.amountCents,
      }));
    },

    async bought(customerId) {
      const rows = await db
        .select({
          id: giftCertificates.id,
          code: giftCertificates.code,
          recipientName: giftCertificates.recipientName,
          recipientEmail: giftCertificates.recipientEmail,
          amountCents: giftCertificates.amountCents,
          balanceCents: giftCertificates.balanceCents,
          sendOn: giftCertificates.sendOn,
          sentAt: giftCertificates.sentAt,
        })
        .from(giftCertificates)
        .where(eq(giftCertificates.purchaserCustomerId, customerId))
        .orderBy(desc(giftCertificates.createdAt), desc(giftCertificates.id))
        .limit(200);
      return rows.map(({ code, ...row }) => ({ ...row, ending: giftCardCodeEnding(code) }));
    },

    async due(today, limit) {
      const rows = await db
        .select({ id: giftCertificates.id })
        .from(giftCertificates)
        .where(
          and(
            isNull(giftCertificates.sentAt),
            lte(giftCertificates.sendOn, today),
            gt(giftCertificates.amountCents, 0),
          ),
        )
        .orderBy(asc(giftCertificates.sendOn), asc(giftCertificates.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async claimSend(tx, id, now) {
      const [card] = await tx
        .update(giftCertificates)
        .set({ sentAt: now })
        .where(and(eq(giftCertificates.id, id), isNull(giftCertificates.sentAt)))
        .returning({
          id: giftCertificates.id,
          code: giftCertificates.code,
          amountCents: giftCertificates.amountCents,
          recipientName: giftCertificates.recipientName,
          recipientEmail: giftCertificates.recipientEmail,
          senderName: giftCertificates.senderName,
          message: giftCertificates.message,
        });
      return card ?? null;
    },
  };
}
