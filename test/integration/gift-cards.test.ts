/**
 * Gift cards end to end over a real database (PGlite and the local PostgreSQL), issue 26 §1 and decisions 099–100: a
 * card bought in an order gets a 100-bit code and its send date; the scheduled mail goes out once on that date even
 * with two schedulers running at the same time; a card pays part of an order inside the order's transaction, two
 * concurrent orders spending one card's balance leave one winner and never a negative balance; a gift card does not
 * buy another; restoring an order's redemptions is idempotent.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import {
  createGiftCardService,
  restoreGiftCardRedemptions,
  type CartResult,
  type GiftCardService,
} from '../../server/cart/index.server';
import { giftCardRedemptions, giftCertificates, jobLeases, mailOutbox } from '../../server/db/schema';
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

const order = (email: string, key: string | null = null) => ({
  email,
  address: TEST_ADDRESS,
  idempotencyKey: key,
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
      checkout.placeOrder(actors.anonymous(firstCart), order('first@example.com')),
      checkout.placeOrder(actors.anonymous(secondCart), order('second@example.com')),
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
    const placed = await checkout.placeOrder(actors.anonymous(cartId), order('alex@example.com'));
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
});
