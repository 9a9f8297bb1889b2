/**
 * Gift-card delivery (issue 26 §1, decisions 099 and 100): a scheduled job mails each issued card to its recipient on
 * its send date. The send date is a UTC calendar day (decision 089: the store counts calendar days in UTC), so a card
 * is due once the store's UTC today has reached it; a card for today goes out as soon as its order is placed.
 *
 * Exactly once: each card is claimed by a guarded update (`sent_at is null` → now) and its mail stored in the outbox
 * in the same transaction. Two servers that both see a card due race on the update and one wins; a server that stops
 * between the two steps rolls both back, and the next run sends it.
 */
import type { Database } from '../db/database.server';
import type { GiftCardService, GiftCardToSend } from '../cart/index.server';
import { formatGiftCardCode } from '../cart/index.server';
import type { MailService, OutgoingMail } from '../mail/index.server';
import { formatPrice } from '../pricing/public';

export const GIFT_CARD_DELIVERY_JOB = 'gift-card-delivery';

/** Cards claimed per run at most; the next run takes the rest. */
const BATCH = 100;

export type GiftCardDelivery = {
  /** Mails every card due on `now`'s UTC day or before and not yet mailed; answers how many this call sent. */
  sendDue(now: Date): Promise<number>;
};

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function giftCardMail(
  card: GiftCardToSend,
  brand: { siteName: string; origin: string },
): OutgoingMail {
  const amount = formatPrice(card.amountCents);
  const message = card.message.trim();
  return {
    to: card.recipientEmail,
    template: 'gift-card',
    subject: `${card.senderName} sent you a ${amount} ${brand.siteName} gift card`,
    text: [
      `Hello ${card.recipientName},`,
      '',
      `${card.senderName} sent you a ${brand.siteName} gift card worth ${amount}.`,
      ...(message ? ['', 'Their message:', message] : []),
      '',
      `Your gift card code: ${formatGiftCardCode(card.code)}`,
      '',
      'To redeem it, shop at the store below and enter the code under "Gift cards" at checkout.',
      'It pays for any order (except other gift cards) until its balance is spent.',
      '',
      `${brand.siteName}: ${brand.origin}/`,
      `Check the balance: ${brand.origin}/account/gift-cards`,
    ].join('\n'),
  };
}

export function createGiftCardDelivery(deps: {
  db: Database;
  giftCards: GiftCardService;
  mail: MailService;
  siteName: string;
  /** The store's public origin for the mail's links (`PUBLIC_URL`). */
  origin: string;
}): GiftCardDelivery {
  const { db, giftCards, mail } = deps;
  return {
    async sendDue(now) {
      const ids = await giftCards.due(utcDay(now), BATCH);
      let sent = 0;
      for (const id of ids) {
        const claimed = await db.transaction(async (tx) => {
          const card = await giftCards.claimSend(tx, id, now);
          if (!card) return false;
          await mail.enqueue(giftCardMail(card, { siteName: deps.siteName, origin: deps.origin }), tx);
          return true;
        });
        if (claimed) sent += 1;
      }
      return sent;
    },
  };
}
