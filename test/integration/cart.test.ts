/**
 * The cart service over a real database (PGlite and the local PostgreSQL), issue 11 step 1: the lifecycle of
 * SPEC §4 with every message of SPEC §8 word for word, quantities 1 to 10, clearing, pricing for the viewer's price
 * list (group, pro split), the inventory check's line messages, the cart_info metafields, and concurrent adds on one
 * line. Expectations are written down from the fixtures (test/helpers/cart-fixtures.ts), never computed.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { CartResult, CartView } from '../../server/cart/index.server';
import { cartLines, carts } from '../../server/db/schema';
import { describeEachEngine } from '../helpers/database';
import { actors, cartServiceOver, insertCartFixtures, V, type TestCart } from '../helpers/cart-fixtures';
import { countStatements } from '../helpers/statements';

const MISSING_CART = '00000000-0000-4000-8000-000000000000';

function cartIdOf(result: CartResult): string {
  if (!result.ok) throw new Error(`Expected success, got: ${result.message}`);
  return result.cartId;
}

describeEachEngine('cart service', ({ engine, database }) => {
  let cart: TestCart;

  beforeAll(async () => {
    await insertCartFixtures(database().db);
    cart = cartServiceOver(database().db);
  });

  const view = async (actor: Parameters<TestCart['getCart']>[0]): Promise<CartView> => {
    const got = await cart.getCart(actor);
    if (got === null || 'ok' in got) throw new Error(`Expected a cart, got ${JSON.stringify(got)}`);
    return got;
  };

  it('creates a cart on the first add (channel 1, a creation time) and counts its units', async () => {
    const added = await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketM, quantity: 2 }] });
    expect(added).toMatchObject({ ok: true, created: true });
    const id = cartIdOf(added);
    const [row] = await database().db.select().from(carts).where(eq(carts.id, id));
    expect(row).toMatchObject({ channelId: 1, customerId: null, currencyCode: 'USD' });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(await cart.itemCount(id)).toBe(2);

    const got = await view(actors.anonymous(id));
    expect(got.createdTime).toBe(row!.createdAt.toISOString());
    expect(got.lines).toEqual([
      expect.objectContaining({
        sku: '10-SUB-M',
        name: 'Alpha Jacket',
        quantity: 2,
        options: [
          { name: 'Color', value: 'Optifade Subalpine' },
          { name: 'Size', value: 'M' },
        ],
        path: '/products/alpha-jacket/Optifade-Subalpine',
        warehouse: '02',
        unitCents: 20_000,
        compareAtCents: null,
        extendedCents: 40_000,
        problem: null,
      }),
    ]);
    expect(got).toMatchObject({
      totalItems: 2,
      baseAmountCents: 40_000,
      cartAmountCents: 40_000,
      discountAmountTotalCents: 0,
      shippingCents: 0,
      checkoutBlocked: false,
    });
  });

  it('reads a cart with its lines and gift cards in one statement: as many statements for three lines as for one', async () => {
    const statements = countStatements(database().db, engine);
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] }),
    );
    statements.reset();
    expect((await view(actors.anonymous(id))).lines).toHaveLength(1);
    // The cart with its lines; the variants, their bulk rules and thumbnails (this catalogue keeps nothing); stock.
    expect(statements.count).toBe(5);
    await cart.add(actors.anonymous(id), {
      lineItems: [
        { variantId: V.wader, quantity: 1 },
        { variantId: V.tee, quantity: 1 },
      ],
    });
    statements.reset();
    const three = await view(actors.anonymous(id));
    expect(three.lines.map((line) => line.sku)).toEqual(['10-SUB-M', expect.any(String), expect.any(String)]);
    expect(statements.count).toBe(5);
  });

  it('adds to the existing line of a variant, one line per variant, at most 10 units', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketL, quantity: 3 }] }),
    );
    expect(
      await cart.add(actors.anonymous(id), { lineItems: [{ variantId: V.jacketL, quantity: 4 }] }),
    ).toEqual({
      ok: true,
      cartId: id,
      created: false,
    });
    await cart.add(actors.anonymous(id), { lineItems: [{ variantId: V.jacketL, quantity: 9 }] });
    const lines = await database().db.select().from(cartLines).where(eq(cartLines.cartId, id));
    expect(lines.map((line) => line.quantity)).toEqual([10]);
  });

  it("refuses an add without line items: 'lineItems is Empty. Please insert lineItems!'", async () => {
    const expected = {
      ok: false,
      status: 400,
      message: 'lineItems is Empty. Please insert lineItems!',
      clearCookie: false,
    };
    expect(await cart.add(actors.anonymous(), { lineItems: [] })).toEqual(expected);
    expect(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketM, quantity: 0 }] }),
    ).toEqual(expected);
    expect(await cart.add(actors.anonymous(), { lineItems: [], giftCertificates: [] })).toEqual(expected);
  });

  it("answers 'Cart not created' to a change without a cart cookie", async () => {
    const expected = { ok: false, status: 404, message: 'Cart not created', clearCookie: false };
    expect(await cart.updateLine(actors.anonymous(), MISSING_CART, 2)).toEqual(expected);
    expect(await cart.removeLine(actors.anonymous(), MISSING_CART)).toEqual(expected);
    expect(await cart.clear(actors.anonymous())).toEqual(expected);
    expect(await cart.getCart(actors.anonymous())).toBeNull();
  });

  it("answers 'Cart id not found. Please clear your cookie and try again.' for a cart that no longer exists", async () => {
    const expected = {
      ok: false,
      status: 404,
      message: 'Cart id not found. Please clear your cookie and try again.',
      clearCookie: true,
    };
    expect(await cart.getCart(actors.anonymous(MISSING_CART))).toEqual(expected);
    expect(await cart.updateLine(actors.anonymous(MISSING_CART), MISSING_CART, 2)).toEqual(expected);
    expect(await cart.removeLine(actors.anonymous(MISSING_CART), MISSING_CART)).toEqual(expected);
    expect(await cart.clear(actors.anonymous(MISSING_CART))).toEqual(expected);
    expect(await cart.itemCount(MISSING_CART)).toBe(0);
  });

  it('an add into a cart that no longer exists gives it up and retries once into a new cart', async () => {
    const added = await cart.add(actors.anonymous(MISSING_CART), {
      lineItems: [{ variantId: V.jacketM, quantity: 1 }],
    });
    expect(added).toMatchObject({ ok: true, created: true });
    expect(cartIdOf(added)).not.toBe(MISSING_CART);
    expect(await cart.itemCount(cartIdOf(added))).toBe(1);
  });

  it("answers 'Customer id not found. Please clear your cookie and try again.' for another customer's cart or a customer that does not exist", async () => {
    const expected = {
      ok: false,
      status: 404,
      message: 'Customer id not found. Please clear your cookie and try again.',
      clearCookie: true,
    };
    const mine = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] }),
    );
    expect((await view(actors.consumer(mine))).customerId).toBe(1);
    expect(await cart.getCart(actors.anonymous(mine))).toEqual(expected);
    expect(await cart.updateLine(actors.govx(mine), MISSING_CART, 3)).toEqual(expected);
    expect(await cart.clear(actors.anonymous(mine))).toEqual(expected);
    expect(await cart.add(actors.ghost(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] })).toEqual(
      expected,
    );
    // An add by someone else gives the cart up and starts their own; the owner's cart is untouched.
    const theirs = await cart.add(actors.anonymous(mine), {
      lineItems: [{ variantId: V.jacketL, quantity: 1 }],
    });
    expect(theirs).toMatchObject({ ok: true, created: true });
    expect(cartIdOf(theirs)).not.toBe(mine);
    expect(await cart.itemCount(mine)).toBe(1);
  });

  it('an anonymous cart becomes the customer’s when they act on it signed in', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] }),
    );
    await cart.add(actors.consumer(id), { lineItems: [{ variantId: V.jacketM, quantity: 1 }] });
    expect((await view(actors.consumer(id))).customerId).toBe(1);
    expect(await cart.getCart(actors.anonymous(id))).toMatchObject({ ok: false, clearCookie: true });
  });

  it('sets a line to 1..10; 0 or below removes it; above 10 keeps 10', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), {
        lineItems: [
          { variantId: V.jacketM, quantity: 1 },
          { variantId: V.jacketL, quantity: 1 },
        ],
      }),
    );
    const lineOf = async (variantId: number) =>
      (await view(actors.anonymous(id))).lines.find((line) => line.variantId === variantId);
    const jacketM = (await lineOf(V.jacketM))!.id;
    const jacketL = (await lineOf(V.jacketL))!.id;
    for (const [requested, expected] of [
      [4, 4],
      [10, 10],
      [11, 10],
      [1, 1],
    ] as const) {
      expect(await cart.updateLine(actors.anonymous(id), jacketM, requested)).toMatchObject({ ok: true });
      expect((await lineOf(V.jacketM))?.quantity).toBe(expected);
    }
    await cart.updateLine(actors.anonymous(id), jacketM, 0);
    expect(await lineOf(V.jacketM)).toBeUndefined();
    await cart.updateLine(actors.anonymous(id), jacketL, -3);
    expect(await lineOf(V.jacketL)).toBeUndefined();
    expect(await cart.updateLine(actors.anonymous(id), jacketL, 2)).toEqual({
      ok: false,
      status: 404,
      message: 'This item is no longer in your cart.',
      clearCookie: false,
    });
  });

  it('removes a line, and clearing empties the cart but keeps it', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), {
        lineItems: [
          { variantId: V.jacketM, quantity: 2 },
          { variantId: V.pantM, quantity: 1 },
        ],
      }),
    );
    const [first] = (await view(actors.anonymous(id))).lines;
    expect(await cart.removeLine(actors.anonymous(id), first!.id)).toMatchObject({ ok: true, cartId: id });
    expect((await view(actors.anonymous(id))).lines.map((line) => line.sku)).toEqual(['12-BLK-M']);
    expect(await cart.clear(actors.anonymous(id))).toEqual({ ok: true, cartId: id, created: false });
    expect(await view(actors.anonymous(id))).toMatchObject({
      id,
      lines: [],
      giftCertificates: [],
      totalItems: 0,
      cartAmountCents: 0,
      shippingCents: null,
    });
    expect(await cart.itemCount(id)).toBe(0);
  });

  it('refuses variants the store does not sell', async () => {
    const unavailable = {
      ok: false,
      status: 400,
      message: 'This item is no longer available.',
      clearCookie: false,
    };
    expect(await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.pantL, quantity: 1 }] })).toEqual(
      unavailable,
    );
    expect(await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.hidden, quantity: 1 }] })).toEqual(
      unavailable,
    );
    expect(await cart.add(actors.anonymous(), { lineItems: [{ variantId: 987_654, quantity: 1 }] })).toEqual(
      unavailable,
    );
    expect(
      await cart.add(actors.anonymous(), {
        lineItems: [{ variantId: V.jacketM, productId: 12, quantity: 1 }],
      }),
    ).toEqual(unavailable);
  });

  it('prices lines for the viewer: sale for everyone, a group price on products naming the group', async () => {
    const lineItems = [
      { variantId: V.jacketM, quantity: 1 },
      { variantId: V.pantM, quantity: 1 },
    ];
    const retail = await view(actors.anonymous(cartIdOf(await cart.add(actors.anonymous(), { lineItems }))));
    expect(retail.lines.map((line) => [line.sku, line.unitCents, line.compareAtCents])).toEqual([
      ['10-SUB-M', 20_000, null],
      ['12-BLK-M', 8_000, 10_000],
    ]);
    expect(retail).toMatchObject({
      baseAmountCents: 30_000,
      cartAmountCents: 28_000,
      discountAmountTotalCents: 2_000,
    });

    const govxCart = cartIdOf(await cart.add(actors.govx(), { lineItems }));
    const govx = await view(actors.govx(govxCart));
    // Alpha Jacket names GovX Military at 20 % (larger than the group's 15 %); the pant names no group: its sale.
    expect(govx.lines.map((line) => [line.sku, line.unitCents, line.compareAtCents])).toEqual([
      ['10-SUB-M', 16_000, 20_000],
      ['12-BLK-M', 8_000, 10_000],
    ]);
    expect(govx).toMatchObject({
      baseAmountCents: 30_000,
      cartAmountCents: 24_000,
      discountAmountTotalCents: 6_000,
    });
  });

  it('splits a pro customer’s add into pro stock ("03", Pro Discount Applied) and the excess as standard stock', async () => {
    const id = cartIdOf(await cart.add(actors.pro(), { lineItems: [{ variantId: V.jacketM, quantity: 3 }] }));
    const got = await view(actors.pro(id));
    expect(
      got.lines.map((line) => [
        line.warehouse,
        line.quantity,
        line.unitCents,
        line.proDiscountApplied,
        line.options.at(-1),
      ]),
    ).toEqual([
      ['02', 1, 20_000, false, { name: 'Size', value: 'M' }],
      ['03', 2, 14_000, true, { name: 'Warehouse', value: '03' }],
    ]);
    expect(got.cartAmountCents).toBe(48_000);
    // Pro stock (2) is used up by the cart: a further add is all standard.
    await cart.add(actors.pro(id), { lineItems: [{ variantId: V.jacketM, quantity: 2 }] });
    expect((await view(actors.pro(id))).lines.map((line) => [line.warehouse, line.quantity])).toEqual([
      ['02', 3],
      ['03', 2],
    ]);
    // A wader gets no pro discount: standard stock only, at its list price.
    await cart.add(actors.pro(id), { lineItems: [{ variantId: V.wader, quantity: 1 }] });
    const wader = (await view(actors.pro(id))).lines.find((line) => line.sku === '11-BLK-M');
    expect(wader).toMatchObject({
      warehouse: '02',
      quantity: 1,
      unitCents: 30_000,
      proDiscountApplied: false,
    });
  });

  it('splits a pro line again when its quantity changes: capped at the pro quantity, the excess added as standard (issue 24 §2)', async () => {
    const id = cartIdOf(await cart.add(actors.pro(), { lineItems: [{ variantId: V.jacketM, quantity: 3 }] }));
    const proLine = (await view(actors.pro(id))).lines.find((line) => line.warehouse === '03')!;
    const shown = async () =>
      (await view(actors.pro(id))).lines.map((line) => [
        line.warehouse,
        line.quantity,
        line.unitCents,
        line.proDiscountApplied,
        line.problem,
      ]);
    // The + button on the pro line (2 → 3): pro stock of 10-SUB-M is 2, so the third unit is standard.
    expect(await cart.updateLine(actors.pro(id), proLine.id, 3)).toMatchObject({ ok: true });
    expect(await shown()).toEqual([
      ['02', 2, 20_000, false, null],
      ['03', 2, 14_000, true, null],
    ]);
    // A quantity typed on the pro line: 2 stay pro, the other 2 go to the standard line.
    await cart.updateLine(actors.pro(id), proLine.id, 4);
    expect(await shown()).toEqual([
      ['02', 4, 20_000, false, null],
      ['03', 2, 14_000, true, null],
    ]);
    expect((await view(actors.pro(id))).checkoutBlocked).toBe(false);
    // Lowering the pro line only lowers it.
    await cart.updateLine(actors.pro(id), proLine.id, 1);
    expect(await shown()).toEqual([
      ['02', 4, 20_000, false, null],
      ['03', 1, 14_000, true, null],
    ]);
  });

  it('splits a shed-app customer’s add like a pro’s: pro stock at the Shed App discount ("03"), the excess standard', async () => {
    const id = cartIdOf(
      await cart.add(actors.shed(), { lineItems: [{ variantId: V.jacketM, quantity: 3 }] }),
    );
    const got = await view(actors.shed(id));
    // Pro stock of 10-SUB-M is 2: two units at 25 % off $200.00, one at the list price.
    expect(
      got.lines.map((line) => [
        line.warehouse,
        line.quantity,
        line.unitCents,
        line.proDiscountApplied,
        line.options.at(-1),
      ]),
    ).toEqual([
      ['02', 1, 20_000, false, { name: 'Size', value: 'M' }],
      ['03', 2, 15_000, true, { name: 'Warehouse', value: '03' }],
    ]);
    expect(got.cartAmountCents).toBe(50_000);
    const fields = Object.fromEntries((await cart.metafields(id)).map((field) => [field.key, field.value]));
    expect(fields).toMatchObject({ 'pro-status': 'shed', 'customer-group': 'Shed App' });
  });

  it('the inventory check puts a message on each line over its stock and blocks checkout', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), {
        lineItems: [
          { variantId: V.pantM, quantity: 2 },
          { variantId: V.jacketL, quantity: 3 },
        ],
      }),
    );
    let got = await view(actors.anonymous(id));
    expect(got.lines.map((line) => [line.sku, line.problem])).toEqual([
      ['10-SUB-L', null],
      ['12-BLK-M', 'Only 1 available. Lower the quantity to check out.'],
    ]);
    expect(got.checkoutBlocked).toBe(true);
    const pant = got.lines.find((line) => line.sku === '12-BLK-M')!;
    await cart.updateLine(actors.anonymous(id), pant.id, 1);
    got = await view(actors.anonymous(id));
    expect(got.lines.map((line) => line.problem)).toEqual([null, null]);
    expect(got.checkoutBlocked).toBe(false);
  });

  it('keeps the cart_info metafields in step with the cart', async () => {
    const id = cartIdOf(
      await cart.add(actors.govx(), {
        lineItems: [{ variantId: V.jacketM, quantity: 2 }],
        utm: { utm_source: 'newsletter', utm_campaign: 'fall' },
      }),
    );
    const values = async () =>
      Object.fromEntries((await cart.metafields(id)).map((field) => [field.key, field.value]));
    expect(await cart.metafields(id)).toEqual(
      expect.arrayContaining([
        {
          key: 'cart-items',
          value: '[{"sku":"10-SUB-M","quantity":2,"warehouse":"02"}]',
          namespace: 'cart_info',
          permissionSet: 'write_and_sf_access',
        },
      ]),
    );
    expect(await values()).toEqual({
      'cart-items': '[{"sku":"10-SUB-M","quantity":2,"warehouse":"02"}]',
      'customer-group': 'GovX Military',
      'pro-status': 'none',
      'utm-parameters': '{"utm_source":"newsletter","utm_campaign":"fall"}',
      dns_flag: 'true',
    });
    const [line] = (await view(actors.govx(id))).lines;
    await cart.updateLine(actors.govx(id), line!.id, 5);
    expect((await values())['cart-items']).toBe('[{"sku":"10-SUB-M","quantity":5,"warehouse":"02"}]');
    await cart.clear(actors.govx(id));
    expect((await values())['cart-items']).toBe('[]');
    expect((await values())['utm-parameters']).toBe('{"utm_source":"newsletter","utm_campaign":"fall"}');
  });

  /** `count` simultaneous "+1" adds of a variant into the cart `id`, with every result. */
  const plusOnes = (id: string, variantId: number, count: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        cart.add(actors.anonymous(id), { lineItems: [{ variantId, quantity: 1 }] }),
      ),
    );
  const quantitiesOf = async (id: string) =>
    (await database().db.select().from(cartLines).where(eq(cartLines.cartId, id))).map((line) => ({
      variantId: line.variantId,
      quantity: line.quantity,
    }));

  it('9 simultaneous "+1" adds on a line at 1 each count: exactly 10, one line', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.tee, quantity: 1 }] }),
    );
    const results = await plusOnes(id, V.tee, 9);
    expect(results).toEqual(Array.from({ length: 9 }, () => ({ ok: true, cartId: id, created: false })));
    // A lost update (two adds reading the same quantity) would leave 9 or fewer.
    expect(await quantitiesOf(id)).toEqual([{ variantId: V.tee, quantity: 10 }]);
  });

  it('20 simultaneous "+1" adds on a line at 1 add exactly 9 units: the line stops at the cap of 10, one line', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.tee, quantity: 1 }] }),
    );
    // The add caps the line rather than refusing (SPEC §9: 1 to 10 per line), so every add answers ok; what was
    // added is counted from the database: 1 + 9 units, never more, in one line.
    const results = await plusOnes(id, V.tee, 20);
    expect(results.filter((result) => result.ok && result.cartId === id)).toHaveLength(20);
    expect(await quantitiesOf(id)).toEqual([{ variantId: V.tee, quantity: 10 }]);
    expect(await cart.itemCount(id)).toBe(10);
  });

  it('20 simultaneous "+1" adds on two new lines of a cart (10 each) all count: one line per variant at 10', async () => {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.wader, quantity: 1 }] }),
    );
    // Interleaved, so both new lines are created and raised at the same time; none reaches the cap early.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        cart.add(actors.anonymous(id), {
          lineItems: [{ variantId: index % 2 === 0 ? V.jacketM : V.jacketL, quantity: 1 }],
        }),
      ),
    );
    expect(results.filter((result) => result.ok && result.cartId === id)).toHaveLength(20);
    const byVariant = (await quantitiesOf(id)).sort((a, b) => a.variantId - b.variantId);
    expect(byVariant).toEqual([
      { variantId: V.jacketM, quantity: 10 },
      { variantId: V.jacketL, quantity: 10 },
      { variantId: V.wader, quantity: 1 },
    ]);
  });

  it('adds gift cards in whole dollars named "{recipient} emailing on dd/mm/yyyy", at most 5 per cart', async () => {
    const gift = (amountDollars: number) => ({
      recipientName: 'Sam Hunter',
      recipientEmail: 'Sam@Example.com',
      senderName: 'Casey',
      senderEmail: 'casey@example.com',
      amountDollars,
      sendOn: new Date('2026-12-24T00:00:00Z'),
    });
    const id = cartIdOf(await cart.add(actors.anonymous(), { lineItems: [], giftCertificates: [gift(50)] }));
    const got = await view(actors.anonymous(id));
    expect(got.giftCertificates).toEqual([
      expect.objectContaining({
        name: 'Sam Hunter emailing on 24/12/2026',
        amountCents: 5_000,
        recipientEmail: 'sam@example.com',
      }),
    ]);
    expect(got).toMatchObject({ totalItems: 1, cartAmountCents: 5_000, shippingCents: null });
    expect(await cart.add(actors.anonymous(id), { lineItems: [], giftCertificates: [gift(24)] })).toEqual({
      ok: false,
      status: 400,
      message: 'The smallest gift card is $25.',
      clearCookie: false,
    });
    expect(
      await cart.add(actors.anonymous(id), { lineItems: [], giftCertificates: [gift(501)] }),
    ).toMatchObject({
      message: 'The largest gift card is $500.',
    });
    expect(
      await cart.add(actors.anonymous(id), { lineItems: [], giftCertificates: [gift(30.5)] }),
    ).toMatchObject({
      message: 'Gift card amounts are whole dollars.',
    });
    await cart.add(actors.anonymous(id), {
      lineItems: [],
      giftCertificates: [gift(25), gift(25), gift(25), gift(25)],
    });
    expect(
      await cart.add(actors.anonymous(id), { lineItems: [], giftCertificates: [gift(25)] }),
    ).toMatchObject({
      message: 'A cart holds at most 5 gift cards.',
    });
    expect(await cart.itemCount(id)).toBe(5);
  });

  it('takes its gift-card limits from the model it is given (content/gift-card.json in the store)', async () => {
    const small = cartServiceOver(database().db, undefined, {
      giftCards: { minAmount: 10, maxAmount: 20, maxPerCart: 1 },
    });
    const gift = (amountDollars: number) => ({
      recipientName: 'Sam Hunter',
      recipientEmail: 'sam@example.com',
      senderName: 'Casey',
      senderEmail: 'casey@example.com',
      amountDollars,
      sendOn: new Date('2026-12-24T00:00:00Z'),
    });
    expect(
      await small.add(actors.anonymous(), { lineItems: [], giftCertificates: [gift(25)] }),
    ).toMatchObject({
      ok: false,
      message: 'The largest gift card is $20.',
    });
    const id = cartIdOf(await small.add(actors.anonymous(), { lineItems: [], giftCertificates: [gift(10)] }));
    expect(
      await small.add(actors.anonymous(id), { lineItems: [], giftCertificates: [gift(15)] }),
    ).toMatchObject({ ok: false, message: 'A cart holds at most 1 gift cards.' });
  });
});
