/**
 * The embedded checkout over a real database (PGlite and the local PostgreSQL), issue 11 §8–9: an order is
 * placed from the cart in one transaction (stock taken with guarded decrements, order and lines written, cart
 * removed), an over-limit line blocks it, a repeated submit with the same key yields one order, and 50 simultaneous
 * checkouts for the last 3 units place exactly 3 orders and leave the stock at 0.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { CartResult } from '../../server/cart/index.server';
import type { PlaceOrderInput } from '../../server/checkout/index.server';
import { inventoryRecords, mailOutbox, orderLines, orders } from '../../server/db/schema';
import { createPlaceOrder } from '../../server/workflows/place-order.server';
import {
  actors,
  cartServiceOver,
  insertCartFixtures,
  V,
  type TestCart,
  type TestCheckout,
  checkoutServiceOver,
} from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

const address = {
  firstName: 'Casey',
  lastName: 'Shopper',
  address1: '1 Trail Road',
  address2: '',
  city: 'Bozeman',
  countryCode: 'US',
  stateOrProvince: 'MT',
  postalCode: '59715',
};
const input = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  email: 'Casey@Example.com',
  address,
  idempotencyKey: null,
  ...over,
});

function cartIdOf(result: CartResult): string {
  if (!result.ok) throw new Error(`Expected success, got: ${result.message}`);
  return result.cartId;
}

describeEachEngine('checkout', ({ database }) => {
  let cart: TestCart;
  let checkout: TestCheckout;

  beforeAll(async () => {
    const { db } = database();
    await insertCartFixtures(db);
    cart = cartServiceOver(db);
    checkout = checkoutServiceOver(db, cart, '2026-11-23T12:00:00.000Z');
  });

  const stockOf = async (sku: string) => {
    const [row] = await database()
      .db.select()
      .from(inventoryRecords)
      .where(eq(inventoryRecords.variantSku, sku));
    return { standard: row!.standardQuantity, pro: row!.proQuantity };
  };

  it('places an order: stock taken, prices snapshotted, the cart removed, a confirmation mail queued', async () => {
    const id = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.jacketM, quantity: 2 }] }),
    );
    expect(await checkout.checkoutUrl(actors.consumer(id))).toEqual({ ok: true, url: '/checkout' });
    const placed = await checkout.placeOrder(actors.consumer(id), input());
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.replayed).toBe(false);
    expect(placed.order).toMatchObject({
      status: 'awaiting_payment',
      email: 'casey@example.com',
      subtotalCents: 40_000,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 40_000,
      lines: [{ sku: '10-SUB-M', name: 'Alpha Jacket', quantity: 2, unitCents: 20_000 }],
    });
    expect(await stockOf('10-SUB-M')).toEqual({ standard: 3, pro: 2 });
    expect(await cart.itemCount(id)).toBe(0);
    expect(await cart.getCart(actors.consumer(id))).toMatchObject({
      ok: false,
      message: 'Cart id not found. Please clear your cookie and try again.',
    });
    const mails = await database().db.select().from(mailOutbox).where(eq(mailOutbox.to, 'casey@example.com'));
    expect(mails.map((mail) => [mail.template, mail.subject])).toEqual([
      ['order-confirmation', `Your Cairn Outdoor order #${placed.order.id}`],
    ]);
    expect(await checkout.ordersOf(1)).toEqual([placed.order]);
    expect(await checkout.order(placed.order.id, 1)).toEqual(placed.order);
    expect(await checkout.order(placed.order.id, 2)).toBeNull();
  });

  it('lists the gift cards in the confirmation mail beside the lines its total counts (issue 24 §4)', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), {
        lineItems: [{ variantId: V.jacketM, quantity: 1 }],
        giftCertificates: [
          {
            recipientName: 'Sam Hunter',
            recipientEmail: 'Sam@Example.com',
            senderName: 'Casey',
            senderEmail: 'casey@example.com',
            amountDollars: 50,
            sendOn: new Date('2026-12-24T00:00:00Z'),
          },
        ],
      }),
    );
    const placed = await checkout.placeOrder(actors.anonymous(id), input({ email: 'gifts@example.com' }));
    if (!placed.ok) throw new Error(placed.message);
    const [mail] = await database()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'gifts@example.com'));
    expect(mail!.text.split('\n').slice(2, 10)).toEqual([
      '1 × Alpha Jacket (10-SUB-M) $200.00',
      '1 × Gift card: Sam Hunter emailing on 24/12/2026 (to sam@example.com) $50.00',
      '',
      'Subtotal: $250.00',
      'Shipping: FREE',
      'Tax: $0.00',
      'Total: $250.00',
      'Payment: we will contact you to arrange payment (manual payment).',
    ]);
    expect(mail!.html).toContain(
      '<li>1 × Gift card: Sam Hunter emailing on 24/12/2026 (to sam@example.com) $50.00</li>',
    );
  });

  it('records the payment provider and the amounts the ports gave; a second set of adapters plugs in (decisions 069–071)', async () => {
    const wader = () => ({ lineItems: [{ variantId: V.wader, quantity: 1 }] });
    const first = cartIdOf(await cart.add(actors.consumer(), wader()));
    const placed = await checkout.placeOrder(actors.consumer(first), input({ email: 'ports@example.com' }));
    expect(placed).toMatchObject({
      ok: true,
      order: {
        status: 'awaiting_payment',
        paymentProvider: 'manual',
        taxIncluded: true,
        subtotalCents: 30_000,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 30_000,
      },
    });
    const other = createPlaceOrder({
      db: database().db,
      cart,
      checkout,
      payment: {
        id: 'card',
        collect: async () => ({
          status: 'awaiting_fulfillment',
          reference: 'ch_1',
          instructions: 'Paid by card.',
        }),
        refund: async () => ({ reference: 're_1', instructions: 'Refunded to your card.' }),
      },
      tax: {
        id: 'sales-tax',
        quote: async ({ itemsCents }) => ({ taxCents: itemsCents * 0.08, included: false }),
      },
      shipping: { id: 'flat', quote: async ({ units }) => ({ shippingCents: units > 0 ? 895 : null }) },
    });
    const second = cartIdOf(await cart.add(actors.consumer(), wader()));
    expect(
      await other.placeOrder(actors.consumer(second), input({ email: 'card@example.com' })),
    ).toMatchObject({
      ok: true,
      order: {
        status: 'awaiting_fulfillment',
        paymentProvider: 'card',
        taxIncluded: false,
        subtotalCents: 30_000,
        shippingCents: 895,
        taxCents: 2_400,
        totalCents: 33_295,
      },
    });
    const [mail] = await database().db.select().from(mailOutbox).where(eq(mailOutbox.to, 'card@example.com'));
    expect(mail!.text).toContain('Total: $332.95\nPaid by card.');
  });

  it('a pro customer’s order takes pro stock for "03" lines and standard stock for the rest', async () => {
    const before = await stockOf('10-SUB-M');
    const id = cartIdOf(await cart.add(actors.pro(), { lineItems: [{ variantId: V.jacketM, quantity: 3 }] }));
    const placed = await checkout.placeOrder(actors.pro(id), input({ email: 'pro@example.com' }));
    expect(placed.ok && placed.order.lines.map((line) => [line.quantity, line.unitCents])).toEqual([
      [1, 20_000],
      [2, 14_000],
    ]);
    expect(await stockOf('10-SUB-M')).toEqual({ standard: before.standard - 1, pro: before.pro - 2 });
  });

  it('an over-limit line blocks checkout with its message; nothing is taken', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.pantM, quantity: 2 }] }),
    );
    const [line] = ((await cart.getCart(actors.anonymous(id))) as { lines: { id: string }[] }).lines;
    const expected = {
      ok: false,
      status: 409,
      message: 'Only 1 available. Lower the quantity to check out.',
      lineProblems: { [line!.id]: 'Only 1 available. Lower the quantity to check out.' },
    };
    expect(await checkout.checkoutUrl(actors.anonymous(id))).toEqual(expected);
    expect(await checkout.placeOrder(actors.anonymous(id), input())).toEqual(expected);
    expect(await stockOf('12-BLK-M')).toEqual({ standard: 1, pro: 0 });
    expect(await checkout.placeOrder(actors.anonymous(), input())).toMatchObject({
      ok: false,
      message: 'Cart not created',
    });
  });

  it('a checkout repeated with the same key yields one order, also when the repeats run at once', async () => {
    const key = `key-${Math.random().toString(36).slice(2)}`;
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketL, quantity: 1 }] }),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        checkout.placeOrder(actors.anonymous(id), input({ idempotencyKey: key })),
      ),
    );
    const ids = results.map((result) => (result.ok ? result.order.id : result.message));
    expect(new Set(ids).size).toBe(1);
    expect(typeof ids[0]).toBe('number');
    expect(results.filter((result) => result.ok && !result.replayed)).toHaveLength(1);
    const again = await checkout.placeOrder(actors.anonymous(id), input({ idempotencyKey: key }));
    expect(again).toMatchObject({ ok: true, replayed: true, order: { id: ids[0] } });
    expect(await database().db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect(await stockOf('10-SUB-L')).toEqual({ standard: 2, pro: 0 });
  });

  it('50 simultaneous checkouts for the last 3 units place exactly 3 orders and leave the stock at 0', async () => {
    const carts: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      carts.push(
        cartIdOf(await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.tee, quantity: 1 }] })),
      );
    }
    const results = await Promise.all(
      carts.map((id, i) =>
        checkout.placeOrder(actors.anonymous(id), input({ idempotencyKey: `tee-${i}-${id}` })),
      ),
    );
    const placed = results.filter((result) => result.ok);
    expect(placed).toHaveLength(3);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.message)).toEqual(
      Array.from({ length: 47 }, () => 'Out of stock. Remove this item to check out.'),
    );
    expect(await stockOf('14-BLK-M')).toEqual({ standard: 0, pro: 0 });
    const teeLines = await database().db.select().from(orderLines).where(eq(orderLines.sku, '14-BLK-M'));
    expect(teeLines.reduce((sum, line) => sum + line.quantity, 0)).toBe(3);
  });
});
