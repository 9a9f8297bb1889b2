/**
 * Sign-in merges the anonymous cart into the customer's (issue 10 §3) and re-prices it for the customer's price
 * list (issue 11 §4), in one transaction, over PGlite and the local PostgreSQL. Prices and stock come from the
 * fixtures (test/helpers/cart-fixtures.ts): Alpha Jacket M lists at $200.00 with 2 pro units, GovX Military gets
 * 20 % off it, the Pro Program group 30 %.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { CartActor, CartResult, CartView } from '../../server/cart/index.server';
import { cartGiftCertificates, cartLines, cartMetafields, carts } from '../../server/db/schema';
import { describeEachEngine } from '../helpers/database';
import {
  actors,
  cartServiceOver,
  CUSTOMERS,
  insertCartFixtures,
  V,
  type TestCart,
} from '../helpers/cart-fixtures';

function cartIdOf(result: CartResult): string {
  if (!result.ok) throw new Error(`Expected success, got: ${result.message}`);
  return result.cartId;
}

describeEachEngine('cart merged at sign-in', ({ database }) => {
  let cart: TestCart;

  beforeAll(async () => {
    await insertCartFixtures(database().db);
    cart = cartServiceOver(database().db);
  });
  beforeEach(async () => {
    await database().db.delete(carts);
  });

  const view = async (actor: CartActor): Promise<CartView> => {
    const got = await cart.getCart(actor);
    if (got === null || 'ok' in got) throw new Error(`Expected a cart, got ${JSON.stringify(got)}`);
    return got;
  };
  const anonymousCart = async (lines: { variantId: number; quantity: number }[]) =>
    cartIdOf(await cart.add(actors.anonymous(), { lineItems: lines }));
  /** What sign-in hands the cart: the customer of that actor, their price list, the cookie's cart. */
  const signIn = (actor: (cartId?: string | null) => CartActor, cartId: string | null) => {
    const { customer, priceList } = actor();
    return cart.mergeOnSignIn({ customer: customer!, priceList, cartId });
  };
  const linesOf = (actor: CartActor) =>
    view(actor).then((got) => got.lines.map((line) => [line.sku, line.warehouse, line.quantity]));
  const cartRow = async (id: string) => (await database().db.select().from(carts).where(eq(carts.id, id)))[0];

  it('gives the anonymous cart to a customer without one: same cart, now theirs', async () => {
    const anonymous = await anonymousCart([{ variantId: V.jacketL, quantity: 2 }]);
    expect(await signIn(actors.consumer, anonymous)).toEqual({ cartId: anonymous });
    expect(await cartRow(anonymous)).toMatchObject({ customerId: CUSTOMERS.consumer });
    expect(await linesOf(actors.consumer(anonymous))).toEqual([['10-SUB-L', '02', 2]]);
    // Nobody else may use it any more.
    expect(await cart.getCart(actors.anonymous(anonymous))).toMatchObject({ ok: false, status: 404 });
  });

  it("adds the anonymous lines to the customer's cart: one variant's lines add up; the anonymous cart is gone", async () => {
    const own = cartIdOf(
      await cart.add(actors.consumer(), {
        lineItems: [
          { variantId: V.jacketM, quantity: 2 },
          { variantId: V.pantM, quantity: 1 },
        ],
      }),
    );
    const anonymous = await anonymousCart([
      { variantId: V.jacketM, quantity: 3 },
      { variantId: V.tee, quantity: 1 },
    ]);
    expect(await signIn(actors.consumer, anonymous)).toEqual({ cartId: own });
    expect(await linesOf(actors.consumer(own))).toEqual([
      ['10-SUB-M', '02', 5],
      ['12-BLK-M', '02', 1],
      ['14-BLK-M', '02', 1],
    ]);
    expect(await cartRow(anonymous)).toBeUndefined();
    expect(await cart.itemCount(own)).toBe(7);
    // The metafields follow the merged lines.
    const [items] = await database()
      .db.select({ value: cartMetafields.value })
      .from(cartMetafields)
      .where(eq(cartMetafields.cartId, own))
      .then((rows) => rows.filter((row) => row.value.startsWith('[')));
    expect(JSON.parse(items!.value)).toEqual([
      { sku: '10-SUB-M', quantity: 5, warehouse: '02' },
      { sku: '12-BLK-M', quantity: 1, warehouse: '02' },
      { sku: '14-BLK-M', quantity: 1, warehouse: '02' },
    ]);
  });

  it('caps a merged line at 10 units', async () => {
    const own = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.jacketL, quantity: 7 }] }),
    );
    const anonymous = await anonymousCart([{ variantId: V.jacketL, quantity: 6 }]);
    await signIn(actors.consumer, anonymous);
    expect(await linesOf(actors.consumer(own))).toEqual([['10-SUB-L', '02', 10]]);
  });

  it("re-prices the lines for the customer's group: a GovX purchaser sees the group price, struck-through list", async () => {
    const anonymous = await anonymousCart([{ variantId: V.jacketM, quantity: 1 }]);
    expect((await view(actors.anonymous(anonymous))).lines[0]).toMatchObject({
      unitCents: 20_000,
      compareAtCents: null,
    });
    await signIn(actors.govx, anonymous);
    const got = await view(actors.govx(anonymous));
    expect(got.lines[0]).toMatchObject({ unitCents: 16_000, compareAtCents: 20_000 });
    expect(got.cartAmountCents).toBe(16_000);
    // The line's snapshot is the customer's price too.
    const [row] = await database().db.select().from(cartLines).where(eq(cartLines.cartId, anonymous));
    expect(row).toMatchObject({ salePriceCents: 16_000, listPriceCents: 20_000 });
    const metafield = await database()
      .db.select({ key: cartMetafields.key, value: cartMetafields.value })
      .from(cartMetafields)
      .where(eq(cartMetafields.cartId, anonymous));
    expect(metafield).toEqual(
      expect.arrayContaining([
        { key: 'customer-group', value: 'GovX Military' },
        { key: 'dns_flag', value: 'true' },
      ]),
    );
  });

  it('splits the lines afresh for a pro customer: pro stock ("03", Pro Discount Applied) first, the excess standard', async () => {
    const anonymous = await anonymousCart([
      { variantId: V.jacketM, quantity: 3 },
      { variantId: V.wader, quantity: 1 },
    ]);
    await signIn(actors.pro, anonymous);
    const got = await view(actors.pro(anonymous));
    expect(
      got.lines.map((line) => [
        line.sku,
        line.warehouse,
        line.quantity,
        line.unitCents,
        line.proDiscountApplied,
      ]),
    ).toEqual([
      ['10-SUB-M', '02', 1, 20_000, false],
      ['10-SUB-M', '03', 2, 14_000, true],
      ['11-BLK-M', '02', 1, 30_000, false],
    ]);
    expect(got.lines.find((line) => line.warehouse === '03')?.options).toContainEqual({
      name: 'Warehouse',
      value: '03',
    });
  });

  it("counts the pro units the customer's cart holds already against pro stock", async () => {
    const own = cartIdOf(
      await cart.add(actors.pro(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] }),
    );
    const anonymous = await anonymousCart([{ variantId: V.jacketM, quantity: 3 }]);
    expect(await signIn(actors.pro, anonymous)).toEqual({ cartId: own });
    expect(await linesOf(actors.pro(own))).toEqual(
      expect.arrayContaining([
        ['10-SUB-M', '03', 2],
        ['10-SUB-M', '02', 2],
      ]),
    );
    expect(await cart.itemCount(own)).toBe(4);
  });

  it('moves gift cards along', async () => {
    const own = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.tee, quantity: 1 }] }),
    );
    const anonymous = cartIdOf(
      await cart.add(actors.anonymous(), {
        lineItems: [],
        giftCertificates: [
          {
            recipientName: 'Sam Hunter',
            recipientEmail: 'sam@example.com',
            senderName: 'Casey',
            senderEmail: 'casey@example.com',
            amountDollars: 50,
            sendOn: new Date('2026-12-24T00:00:00Z'),
          },
        ],
      }),
    );
    await signIn(actors.consumer, anonymous);
    const gifts = await database()
      .db.select({ cartId: cartGiftCertificates.cartId })
      .from(cartGiftCertificates);
    expect(gifts).toEqual([{ cartId: own }]);
    expect((await view(actors.consumer(own))).totalItems).toBe(2);
  });

  it("names the customer's latest cart when the browser has none, and nothing when they have none", async () => {
    expect(await signIn(actors.consumer, null)).toEqual({ cartId: null });
    const own = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.tee, quantity: 1 }] }),
    );
    expect(await signIn(actors.consumer, null)).toEqual({ cartId: own });
    // A cookie naming a cart that no longer exists changes nothing either.
    expect(await signIn(actors.consumer, '00000000-0000-4000-8000-000000000000')).toEqual({ cartId: own });
  });

  it("keeps a cart that is the customer's already, and leaves another customer's cart alone", async () => {
    const own = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.tee, quantity: 1 }] }),
    );
    expect(await signIn(actors.consumer, own)).toEqual({ cartId: own });
    expect(await linesOf(actors.consumer(own))).toEqual([['14-BLK-M', '02', 1]]);

    const theirs = cartIdOf(
      await cart.add(actors.govx(), { lineItems: [{ variantId: V.jacketL, quantity: 1 }] }),
    );
    expect(await signIn(actors.consumer, theirs)).toEqual({ cartId: own });
    expect(await cartRow(theirs)).toMatchObject({ customerId: CUSTOMERS.govx });
    expect(await linesOf(actors.govx(theirs))).toEqual([['10-SUB-L', '02', 1]]);
    expect(await linesOf(actors.consumer(own))).toEqual([['14-BLK-M', '02', 1]]);
  });

  it('merges once when two sign-ins race with the same anonymous cart', async () => {
    const own = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] }),
    );
    const anonymous = await anonymousCart([{ variantId: V.jacketM, quantity: 2 }]);
    const results = await Promise.all([
      signIn(actors.consumer, anonymous),
      signIn(actors.consumer, anonymous),
    ]);
    expect(results).toEqual([{ cartId: own }, { cartId: own }]);
    expect(await linesOf(actors.consumer(own))).toEqual([['10-SUB-M', '02', 3]]);
  });
});
