/**
 * Gift cards end to end over a real database (PGlite and the local PostgreSQL), issue 26 §1 and decisions 099–100: a
 * card bought in an order gets a 100-bit code and its send date; the scheduled mail goes out once on that date even
 * with two schedulers running at the same time; a card pays part of an order inside the order's transaction, two
 * concurrent orders spending one card's balance leave one winner and never a negative balance; a gift card does not
 * buy another; restoring an order's redemptions is idempotent.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import {
  createGiftCardService,
  restoreGiftCardRedemptions,
  type CartResult,
  type GiftCardService,
} from '../../server/cart/index.server';
import {
  giftCardRedemptions,
  giftCertificates,
  inventoryRecords,
  jobLeases,
  mailOutbox,
  orders,
} from '../../server/db/schema';
import { createJobRunner } from '../../server/jobs/index.server';
import { createLogger } from '../../server/logger';
import { createMailService } from '../../server/mail/index.server';
import {
  createGiftCardDelivery,
  GIFT_CARD_DELIVERY_JOB,
} from '../../server/workflows/gift-card-delivery.server';
import {
  actors,
  cartServiceOver,
  checkoutServiceOver,
  insertCartFixtures,
  TEST_ADDRESS,
  V,
  type TestCart,
  type TestCheckout,
} from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

const NOW = '2026-11-23T12:00:00.000Z';

function cartIdOf(result: CartResult): string {
  if (!result.ok) throw new Error(`Expected success, got: ${result.message}`);
  return result.cartId;
}

/** An order as the checkout form sends it: `reviewedGiftCardCents` is what its page showed as paid by gift cards. */
const order = (email: string, key: string | null = null, reviewedGiftCardCents?: number) => ({
  email,
  address: TEST_ADDRESS,
  idempotencyKey: key,
  ...(reviewedGiftCardCents === undefined ? {} : { reviewedGiftCardCents }),
});

describeEachEngine('gift cards', ({ database }) => {
  let cart: TestCart;
  let checkout: TestCheckout;
  let giftCards: GiftCardService;

  beforeAll(async () => {
    const { db } = database();
    await insertCartFixtures(db);
    cart = cartServiceOver(db, NOW);
    giftCards = createGiftCardService({ db, clock: fixedClock(NOW) });
    checkout = checkoutServiceOver(db, cart, NOW, { giftCards });
  });

  /** Buys a card of `dollars` for `recipientEmail`, sent on `sendOn`, as the consumer; answers its stored row. */
  async function buyCard(dollars: number, recipientEmail: string, sendOn: string) {
    const cartId = cartIdOf(
      await cart.add(actors.consumer(), {
        lineItems: [],
        giftCertificates: [
          {
            recipientName: 'Riley',
            recipientEmail,
            senderName: 'Morgan',
            senderEmail: 'morgan@example.com',
            message: 'Happy trails!',
            amountDollars: dollars,
            sendOn: new Date(`${sendOn}T00:00:00Z`),
          },
        ],
      }),
    );
    const placed = await checkout.placeOrder(actors.consumer(cartId), order('morgan@example.com'));
    if (!placed.ok) throw new Error(placed.message);
    const [card] = await database()
      .db.select()
      .from(giftCertificates)
      .where(eq(giftCertificates.orderId, placed.order.id));
    return card!;
  }

  const mailsTo = (to: string) => database().db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  const balanceOf = async (id: number) => {
    const [row] = await database()
      .db.select({ balance: giftCertificates.balanceCents })
      .from(giftCertificates)
      .where(eq(giftCertificates.id, id));
    return row!.balance;
  };

  /** An anonymous cart holding one Alpha Jacket M ($200.00) with `code` applied. */
  async function jacketCartWith(code: string) {
    const cartId = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] }),
    );
    expect(await giftCards.apply(actors.anonymous(cartId), code)).toEqual({ ok: true });
    return cartId;
  }

  it('issues a card with a 20-symbol code, its send date and its buyer', async () => {
    const card = await buyCard(50, 'issued@example.com', '2026-11-30');
    expect(card.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(card).toMatchObject({
      amountCents: 5000,
      balanceCents: 5000,
      sendOn: '2026-11-30',
      sentAt: null,
      purchaserCustomerId: 1,
    });
    expect((await giftCards.bought(1)).map((one) => one.recipientEmail)).toContain('issued@example.com');
    // The order's recap names it as the cart did (SPEC §5).
    expect(await giftCards.issuedBy(card.orderId!)).toEqual([
      { id: card.id, name: 'Riley emailing on 30/11/2026', amountCents: 5000 },
    ]);
  });

  it('mails a card once on its send date, with two schedulers running at the same time', async () => {
    const { db } = database();
    const card = await buyCard(75, 'riley@example.com', '2026-11-25');
    const clock = fixedClock('2026-11-24T23:59:00.000Z');
    const delivery = createGiftCardDelivery({
      db,
      giftCards,
      mail: createMailService({ db }),
      siteName: 'Cairn Outdoor',
      origin: 'https://shop.example.com',
    });
    const logger = createLogger({ level: 'error' });
    const runner = (holder: string) =>
      createJobRunner({
        db,
        clock,
        logger,
        holder,
        jobs: [
          {
            name: GIFT_CARD_DELIVERY_JOB,
            everyMs: 60_000,
            leaseMs: 300_000,
            run: async (now) => void (await delivery.sendDue(now)),
          },
        ],
      });
    const first = runner('server-a');
    const second = runner('server-b');

    // The day before: nothing is due.
    await Promise.all([first.runNow(GIFT_CARD_DELIVERY_JOB), second.runNow(GIFT_CARD_DELIVERY_JOB)]);
    expect(await mailsTo('riley@example.com')).toHaveLength(0);

    // On the day (UTC), both servers at once, several times over, and the work itself twice outside the lease.
    clock.set('2026-11-25T00:01:00.000Z');
    await Promise.all([
      first.runNow(GIFT_CARD_DELIVERY_JOB),
      second.runNow(GIFT_CARD_DELIVERY_JOB),
      first.runNow(GIFT_CARD_DELIVERY_JOB),
      second.runNow(GIFT_CARD_DELIVERY_JOB),
      delivery.sendDue(clock.now()),
      delivery.sendDue(clock.now()),
    ]);
    const mails = await mailsTo('riley@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Morgan sent you a $75.00 Cairn Outdoor gift card');
    expect(mail.template).toBe('gift-card');
    const grouped = card.code.match(/.{5}/g)!.join('-');
    expect(mail.text).toContain(`Your gift card code: ${grouped}`);
    expect(mail.text).toContain('Hello Riley,');
    expect(mail.text).toContain('Happy trails!');
    expect(mail.text).toContain('Cairn Outdoor: https://shop.example.com/');
    const [sent] = await db.select().from(giftCertificates).where(eq(giftCertificates.id, card.id));
    expect(sent!.sentAt).not.toBeNull();

    // A later run sends nothing again.
    clock.set('2026-11-26T09:00:00.000Z');
    await first.runNow(GIFT_CARD_DELIVERY_JOB);
    expect(await mailsTo('riley@example.com')).toHaveLength(1);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('runs a job only while it holds the lease; a crashed holder’s lease expires', async () => {
    const { db } = database();
    const clock = fixedClock('2026-11-23T12:00:00.000Z');
    let runs = 0;
    const runner = createJobRunner({
      db,
      clock,
      logger: createLogger({ level: 'error' }),
      holder: 'server-live',
      jobs: [{ name: 'lease-test', everyMs: 60_000, leaseMs: 60_000, run: async () => void (runs += 1) }],
    });
    // Another server took the lease and crashed: it holds it until 12:05.
    await db.insert(jobLeases).values({
      name: 'lease-test',
      holder: 'server-crashed',
      expiresAt: new Date('2026-11-23T12:05:00.000Z'),
    });
    expect(await runner.runNow('lease-test')).toBe(false);
    expect(runs).toBe(0);
    clock.set('2026-11-23T12:05:00.000Z');
    expect(await runner.runNow('lease-test')).toBe(true);
    expect(runs).toBe(1);
    const [lease] = await db.select().from(jobLeases).where(eq(jobLeases.name, 'lease-test'));
    // Given back after the run: the next period may run anywhere.
    expect(lease).toMatchObject({ holder: 'server-live' });
    expect(lease!.expiresAt.toISOString()).toBe('2026-11-23T12:05:00.000Z');
    await runner.stop();
  });

  it('refuses a code that cannot be used with one message, whatever the reason', async () => {
    const cartId = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.tee, quantity: 1 }] }),
    );
    const message = 'That gift card code cannot be used. Check the code and try again.';
    for (const typed of ['nonsense', '00000-00000-00000-00000', '']) {
      expect(await giftCards.apply(actors.anonymous(cartId), typed)).toMatchObject({
        ok: false,
        status: 400,
        message,
      });
    }
  });

  it('pays part of an order; two concurrent orders on one card: one wins, the balance never below zero', async () => {
    const { db } = database();
    const card = await buyCard(50, 'spend@example.com', '2026-11-23');
    const grouped = card.code.match(/.{5}/g)!.join('-').toLowerCase();
    // Typed in lower case with its dashes: read all the same.
    const firstCart = await jacketCartWith(grouped);
    const secondCart = await jacketCartWith(card.code);
    expect(await giftCards.applied(firstCart)).toEqual([
      { id: card.id, ending: card.code.slice(-4), balanceCents: 5000 },
    ]);

    const [one, two] = await Promise.all([
      checkout.placeOrder(actors.anonymous(firstCart), order('first@example.com', null, 5000)),
      checkout.placeOrder(actors.anonymous(secondCart), order('second@example.com', null, 5000)),
    ]);
    const outcomes = [one, two];
    const won = outcomes.filter((outcome) => outcome.ok);
    const lost = outcomes.filter((outcome) => !outcome.ok);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([
      {
        ok: false,
        status: 409,
        message:
          'A gift card you applied was used by another order meanwhile. Please review your order and try again.',
      },
    ]);
    expect(await balanceOf(card.id)).toBe(0);
    const winner = won[0]!;
    if (!winner.ok) throw new Error('unreachable');
    expect(winner.order.totalCents).toBe(20_000);
    const redemptions = await db
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.giftCertificateId, card.id));
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]).toMatchObject({ orderId: winner.order.id, amountCents: 5000, restoredAt: null });
    // The confirmation says what the card paid and what is left.
    const [confirmation] = await mailsTo(winner.order.email);
    expect(confirmation!.text).toContain(`Paid by gift card ending ${card.code.slice(-4)}: −$50.00`);
    expect(confirmation!.text).toContain('Left to pay: $150.00');

    // Restoring the winner's redemptions puts the $50.00 back once, however often it is asked.
    expect(await db.transaction((tx) => restoreGiftCardRedemptions(tx, winner.order.id))).toBe(5000);
    expect(await db.transaction((tx) => restoreGiftCardRedemptions(tx, winner.order.id))).toBe(0);
    await Promise.all([
      db.transaction((tx) => restoreGiftCardRedemptions(tx, winner.order.id)),
      db.transaction((tx) => restoreGiftCardRedemptions(tx, winner.order.id)),
    ]);
    expect(await balanceOf(card.id)).toBe(5000);
  });

  it('does not let a gift card buy another gift card', async () => {
    const { db } = database();
    const card = await buyCard(50, 'payer@example.com', '2026-11-23');
    const cartId = cartIdOf(
      await cart.add(actors.anonymous(), {
        lineItems: [{ variantId: V.tee, quantity: 1 }],
        giftCertificates: [
          {
            recipientName: 'Sam',
            recipientEmail: 'sam@example.com',
            senderName: 'Alex',
            senderEmail: 'alex@example.com',
            amountDollars: 100,
            sendOn: new Date('2026-11-30T00:00:00Z'),
          },
        ],
      }),
    );
    expect(await giftCards.apply(actors.anonymous(cartId), card.code)).toEqual({ ok: true });
    // The checkout page showed the card paying $40.00 of it.
    const placed = await checkout.placeOrder(actors.anonymous(cartId), order('alex@example.com', null, 4000));
    if (!placed.ok) throw new Error(placed.message);
    // $140.00 in all, of which the $50.00 card may pay only the $40.00 tee: $10.00 stays on it.
    expect(placed.order.totalCents).toBe(14_000);
    const [redemption] = await db
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.orderId, placed.order.id));
    expect(redemption).toMatchObject({ amountCents: 4000 });
    expect(await balanceOf(card.id)).toBe(1000);
  });

  describe('the amount the shopper reviewed (decision 114)', () => {
    const BALANCE_CHANGED = 'Your gift card balance changed. Please review your order and try again.';

    const jacketStock = async () => {
      const [row] = await database()
        .db.select({ standard: inventoryRecords.standardQuantity })
        .from(inventoryRecords)
        .where(eq(inventoryRecords.variantSku, '10-SUB-M'));
      return row!.standard;
    };
    const ordersTo = (email: string) => database().db.select().from(orders).where(eq(orders.email, email));
    const redemptionsOf = (cardId: number) =>
      database()
        .db.select()
        .from(giftCardRedemptions)
        .where(eq(giftCardRedemptions.giftCertificateId, cardId));

    it('reviewed $50.00 of a card, $40.00 of it spent by another order since: refused, nothing taken', async () => {
      const card = await buyCard(50, 'race-card@example.com', '2026-11-23');
      // This tab: a jacket ($200.00) with the card, which the page shows paying $50.00 of it.
      const reviewedCart = await jacketCartWith(card.code);
      expect(await giftCards.applied(reviewedCart)).toEqual([
        { id: card.id, ending: card.code.slice(-4), balanceCents: 5000 },
      ]);
      // Another tab: a tee ($40.00) paid by the same card, placed first.
      const otherCart = cartIdOf(
        await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.tee, quantity: 1 }] }),
      );
      expect(await giftCards.apply(actors.anonymous(otherCart), card.code)).toEqual({ ok: true });
      const other = await checkout.placeOrder(
        actors.anonymous(otherCart),
        order('other-tab@example.com', null, 4000),
      );
      expect(other).toMatchObject({ ok: true });
      expect(await balanceOf(card.id)).toBe(1000);
      const stockBefore = await jacketStock();

      // Place order with what the first page showed: the card can pay $10.00 only, so the provider would be asked
      // for $190.00 instead of the $150.00 reviewed. Refused.
      const refused = await checkout.placeOrder(
        actors.anonymous(reviewedCart),
        order('reviewed@example.com', 'reviewed-race-key-0001', 5000),
      );
      expect(refused).toEqual({ ok: false, status: 409, message: BALANCE_CHANGED });
      expect(await balanceOf(card.id)).toBe(1000);
      expect(await ordersTo('reviewed@example.com')).toEqual([]);
      expect(await jacketStock()).toBe(stockBefore);
      expect((await redemptionsOf(card.id)).map((one) => one.amountCents)).toEqual([4000]);
      // The cart is still there, with its card: the page shows the new balance to review.
      expect(await giftCards.applied(reviewedCart)).toEqual([
        { id: card.id, ending: card.code.slice(-4), balanceCents: 1000 },
      ]);

      // Reviewed again ($10.00 by the card, $190.00 left to pay), the same form's key places it.
      const placed = await checkout.placeOrder(
        actors.anonymous(reviewedCart),
        order('reviewed@example.com', 'reviewed-race-key-0001', 1000),
      );
      if (!placed.ok) throw new Error(placed.message);
      expect(placed.order.totalCents).toBe(20_000);
      expect(await balanceOf(card.id)).toBe(0);
      expect(await jacketStock()).toBe(stockBefore - 1);
      const [confirmation] = await mailsTo('reviewed@example.com');
      expect(confirmation!.text).toContain(`Paid by gift card ending ${card.code.slice(-4)}: −$10.00`);
      expect(confirmation!.text).toContain('Left to pay: $190.00');
    });

    it('a card applied in another tab after the page showed none: refused, the card untouched', async () => {
      const card = await buyCard(25, 'late-card-recipient@example.com', '2026-11-23');
      const cartId = cartIdOf(
        await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] }),
      );
      // The page was loaded with no card (it showed nothing paid by gift cards); then a card went on the cart.
      expect(await giftCards.apply(actors.anonymous(cartId), card.code)).toEqual({ ok: true });
      const refused = await checkout.placeOrder(
        actors.anonymous(cartId),
        order('late-card@example.com', null, 0),
      );
      expect(refused).toEqual({ ok: false, status: 409, message: BALANCE_CHANGED });
      expect(await balanceOf(card.id)).toBe(2500);
      expect(await ordersTo('late-card@example.com')).toEqual([]);
    });

    it('the cards paying what was reviewed: placed as before, the card spent by that much', async () => {
      const card = await buyCard(30, 'as-reviewed-recipient@example.com', '2026-11-23');
      const cartId = await jacketCartWith(card.code);
      const placed = await checkout.placeOrder(
        actors.anonymous(cartId),
        order('as-reviewed@example.com', null, 3000),
      );
      if (!placed.ok) throw new Error(placed.message);
      expect(placed.order.totalCents).toBe(20_000);
      expect(await balanceOf(card.id)).toBe(0);
      expect((await redemptionsOf(card.id)).map((one) => [one.orderId, one.amountCents])).toEqual([
        [placed.order.id, 3000],
      ]);
    });
  });
});
