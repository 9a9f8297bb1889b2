/**
 * Promotional orders over a real database (PGlite and the local PostgreSQL), issue 11 §7 and decision 045: a promo
 * user flags the cart's order promotional (not with gift cards in it), places it for an approval user (stock taken
 * as for any order, nothing charged, pending approval), and the approver approves it (awaiting fulfillment) or
 * rejects it (declined, its stock back on sale). Nobody else can flag, place or decide one.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { CartActor, CartResult } from '../../server/cart/index.server';
import type { PlacePromoOrderInput } from '../../server/checkout/index.server';
import { promoApprovers } from '../../server/customers/promo-approvers.server';
import { customerFlags, customers, inventoryRecords, mailOutbox, orders } from '../../server/db/schema';
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

const PROMO = 40;
const APPROVER = 41;
const OTHER_APPROVER = 42;
const DISABLED_APPROVER = 43;

const promoActor = (cartId: string | null = null, promoOrder = true): CartActor => ({
  cartId,
  customer: {
    id: PROMO,
    groupId: 1,
    groupName: 'Consumer',
    isGovX: false,
    flags: { promoOrder, proUser: false, shedUser: false, dnsFlag: false },
  },
  priceList: 'retail',
});

const address = {
  firstName: 'Morgan',
  lastName: 'Promo',
  address1: '300 Marsh Point Drive',
  address2: '',
  city: 'Stuttgart',
  countryCode: 'US',
  stateOrProvince: 'AR',
  postalCode: '72160',
};
const input = (over: Partial<PlacePromoOrderInput> = {}): PlacePromoOrderInput => ({
  email: 'promo@example.com',
  address,
  idempotencyKey: null,
  approverId: APPROVER,
  ...over,
});

function cartIdOf(result: CartResult): string {
  if (!result.ok) throw new Error(`Expected success, got: ${result.message}`);
  return result.cartId;
}

const gift = {
  recipientName: 'Riley',
  recipientEmail: 'riley@example.com',
  senderName: 'Morgan',
  senderEmail: 'promo@example.com',
  amountDollars: 50,
  sendOn: new Date('2026-12-24T00:00:00Z'),
};

describeEachEngine('promotional orders', ({ database }) => {
  let cart: TestCart;
  let checkout: TestCheckout;

  beforeAll(async () => {
    const { db } = database();
    await insertCartFixtures(db);
    const person = (id: number, email: string, lastName: string, isEnabled = true) => ({
      id,
      email,
      firstName: 'Test',
      lastName,
      customerGroupId: 1,
      isEnabled,
    });
    await db
      .insert(customers)
      .values([
        person(PROMO, 'promo@example.com', 'Promo'),
        person(APPROVER, 'approver@example.com', 'Approver'),
        person(OTHER_APPROVER, 'boss@example.com', 'Boss'),
        person(DISABLED_APPROVER, 'gone@example.com', 'Gone', false),
      ]);
    await db.insert(customerFlags).values([
      { customerId: PROMO, promoOrder: true },
      { customerId: APPROVER, promoApprover: true },
      { customerId: OTHER_APPROVER, promoApprover: true },
      { customerId: DISABLED_APPROVER, promoApprover: true },
    ]);
    cart = cartServiceOver(db);
    checkout = checkoutServiceOver(db, cart, '2026-11-23T12:00:00.000Z');
  });

  const stockOf = async (sku: string) => {
    const [row] = await database()
      .db.select()
      .from(inventoryRecords)
      .where(eq(inventoryRecords.variantSku, sku));
    return row!.standardQuantity;
  };
  const mailsTo = async (to: string) =>
    (await database().db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((mail) => mail.subject);

  it('lists the enabled approval users a page at a time', async () => {
    const first = await promoApprovers(database().db, { limit: 1, page: 1 });
    const second = await promoApprovers(database().db, { limit: 1, page: 2 });
    expect(first).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect([...first.approvers, ...second.approvers].map((row) => row.email)).toEqual([
      'approver@example.com',
      'boss@example.com',
    ]);
    expect((await promoApprovers(database().db, { limit: 10, page: 3 })).approvers).toEqual([]);
  });

  it('only a promo user may flag the order promotional, and not with gift cards in the cart', async () => {
    const consumerCart = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.jacketL, quantity: 1 }] }),
    );
    expect(await cart.setPromoOrder(actors.consumer(consumerCart), true)).toMatchObject({
      ok: false,
      status: 400,
      message: 'Promotional orders are for promo users only.',
    });
    const id = cartIdOf(await cart.add(promoActor(), { lineItems: [], giftCertificates: [gift] }));
    expect(await cart.setPromoOrder(promoActor(id), true)).toMatchObject({
      ok: false,
      message: 'The gift cards need to be removed from the cart to make the order promotional.',
    });
    const held = (await cart.getCart(promoActor(id))) as { giftCertificates: { id: string; name: string }[] };
    expect(held.giftCertificates.map((card) => card.name)).toEqual(['Riley emailing on 24/12/2026']);
    expect(await cart.removeGiftCertificate(promoActor(id), crypto.randomUUID())).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await cart.removeGiftCertificate(promoActor(id), held.giftCertificates[0]!.id)).toMatchObject({
      ok: true,
    });
    await cart.add(promoActor(id), { lineItems: [{ variantId: V.jacketL, quantity: 1 }] });
    expect(await cart.setPromoOrder(promoActor(id), true)).toMatchObject({ ok: true });
    expect(await cart.getCart(promoActor(id))).toMatchObject({ promoOrderUser: true, isPromoOrder: true });
    // The flag counts only for a promo user: a session whose flag is gone sees an ordinary cart.
    expect(await cart.getCart(promoActor(id, false))).toMatchObject({
      promoOrderUser: false,
      isPromoOrder: false,
    });
    // Adding a gift card unflags it.
    await cart.add(promoActor(id), { lineItems: [], giftCertificates: [gift] });
    expect(await cart.getCart(promoActor(id))).toMatchObject({ isPromoOrder: false });
    await cart.clear(promoActor(id));
  });

  it('a flagged cart checks out at /promo-order; the order is free, pending approval, stock taken', async () => {
    const before = await stockOf('10-SUB-M');
    const id = cartIdOf(await cart.add(promoActor(), { lineItems: [{ variantId: V.jacketM, quantity: 2 }] }));
    expect(await checkout.checkoutUrl(promoActor(id))).toEqual({ ok: true, url: '/checkout' });
    expect(await checkout.placePromoOrder(promoActor(id), input())).toMatchObject({
      ok: false,
      status: 409,
      message: 'Check "Promotional order" in your cart to place a promotional order.',
    });
    await cart.setPromoOrder(promoActor(id), true);
    expect(await checkout.checkoutUrl(promoActor(id))).toEqual({ ok: true, url: '/promo-order' });
    expect(
      await checkout.placePromoOrder(promoActor(id), input({ approverId: DISABLED_APPROVER })),
    ).toMatchObject({ ok: false, status: 400, message: 'Choose who approves this order.' });
    expect(await checkout.placePromoOrder(promoActor(id), input({ approverId: PROMO }))).toMatchObject({
      ok: false,
      message: 'Choose who approves this order.',
    });
    const placed = await checkout.placePromoOrder(
      promoActor(id),
      input({ idempotencyKey: 'promo-1', origin: 'https://shop.example' }),
    );
    expect(placed).toMatchObject({
      ok: true,
      replayed: false,
      order: {
        status: 'approval_pending',
        isPromoOrder: true,
        subtotalCents: 40_000,
        discountCents: 40_000,
        totalCents: 0,
        lines: [{ sku: '10-SUB-M', quantity: 2, unitCents: 20_000 }],
      },
    });
    if (!placed.ok) return;
    expect(await stockOf('10-SUB-M')).toBe(before - 2);
    expect(await cart.itemCount(id)).toBe(0);
    expect(
      await checkout.placePromoOrder(promoActor(id), input({ idempotencyKey: 'promo-1' })),
    ).toMatchObject({ ok: true, replayed: true, order: { id: placed.order.id } });
    expect(await mailsTo('approver@example.com')).toContain(
      `Cairn Outdoor: promotional order #${placed.order.id} awaits your approval`,
    );
    // Issue 24 §11: the mail links the approvers' list (an address a mail program opens), not a bare path.
    const [approval] = await database()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'promo-order-approval'));
    expect(approval?.text).toContain('Approve or reject it at https://shop.example/promo-order/approvals');

    // In the approver's list, not in another approver's.
    const page = await checkout.promoApprovals(APPROVER, { page: 1 });
    expect(page).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(page.orders.map((order) => [order.id, order.email, order.shipTo.city])).toEqual([
      [placed.order.id, 'promo@example.com', 'Stuttgart'],
    ]);
    expect((await checkout.promoApprovals(OTHER_APPROVER, { page: 1 })).orders).toEqual([]);
    expect(await checkout.decidePromoOrder(OTHER_APPROVER, placed.order.id, 'approve')).toMatchObject({
      ok: false,
      status: 404,
      message: 'This promotional order is not waiting for your approval.',
    });

    expect(await checkout.decidePromoOrder(APPROVER, placed.order.id, 'approve')).toMatchObject({
      ok: true,
      order: { id: placed.order.id, status: 'awaiting_fulfillment' },
    });
    expect(await checkout.decidePromoOrder(APPROVER, placed.order.id, 'reject')).toMatchObject({
      ok: false,
      status: 409,
      message: `Promotional order #${placed.order.id} was decided already.`,
    });
    expect(await stockOf('10-SUB-M')).toBe(before - 2);
    expect((await checkout.promoApprovals(APPROVER, { page: 1 })).total).toBe(0);
    expect(await mailsTo('promo@example.com')).toContain(
      `Your Cairn Outdoor promotional order #${placed.order.id} is approved`,
    );
  });

  it('a rejected promotional order gives its stock back; the approvals list pages', async () => {
    const before = await stockOf('10-SUB-L');
    const placedIds: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = cartIdOf(
        await cart.add(promoActor(), { lineItems: [{ variantId: V.jacketL, quantity: 1 }] }),
      );
      await cart.setPromoOrder(promoActor(id), true);
      const placed = await checkout.placePromoOrder(promoActor(id), input());
      if (!placed.ok) throw new Error(placed.message);
      placedIds.push(placed.order.id);
    }
    expect(await stockOf('10-SUB-L')).toBe(before - 3);
    const first = await checkout.promoApprovals(APPROVER, { page: 1, pageSize: 2 });
    const second = await checkout.promoApprovals(APPROVER, { page: 2, pageSize: 2 });
    expect([first.pageCount, first.total]).toEqual([2, 3]);
    expect([...first.orders, ...second.orders].map((order) => order.id)).toEqual(placedIds);
    // A page past the end shows the last page.
    expect((await checkout.promoApprovals(APPROVER, { page: 99, pageSize: 2 })).page).toBe(2);

    const rejected = await checkout.decidePromoOrder(APPROVER, placedIds[0]!, 'reject');
    expect(rejected).toMatchObject({ ok: true, order: { status: 'declined' } });
    expect(await stockOf('10-SUB-L')).toBe(before - 2);
    const [row] = await database().db.select().from(orders).where(eq(orders.id, placedIds[0]!));
    expect(row!.decidedAt?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    for (const id of placedIds.slice(1)) await checkout.decidePromoOrder(APPROVER, id, 'reject');
    expect(await stockOf('10-SUB-L')).toBe(before);
  });

  it('a shopper who is not a promo user cannot place one, whatever their session says', async () => {
    const id = cartIdOf(
      await cart.add(actors.consumer(), { lineItems: [{ variantId: V.jacketL, quantity: 1 }] }),
    );
    const forged: CartActor = {
      ...actors.consumer(id),
      customer: {
        ...actors.consumer(id).customer!,
        flags: { ...actors.consumer(id).customer!.flags, promoOrder: true },
      },
    };
    expect(await checkout.placePromoOrder(forged, input())).toMatchObject({
      ok: false,
      message: 'Promotional orders are for promo users only.',
    });
    expect(await checkout.placePromoOrder(actors.anonymous(id), input())).toMatchObject({
      ok: false,
      message: 'Sign in as a promo user to place a promotional order.',
    });
  });

  it('concurrent decisions on one order: one wins, stock returned at most once', async () => {
    const before = await stockOf('10-SUB-L');
    const id = cartIdOf(await cart.add(promoActor(), { lineItems: [{ variantId: V.jacketL, quantity: 1 }] }));
    await cart.setPromoOrder(promoActor(id), true);
    const placed = await checkout.placePromoOrder(promoActor(id), input());
    if (!placed.ok) throw new Error(placed.message);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        checkout.decidePromoOrder(APPROVER, placed.order.id, i % 2 === 0 ? 'reject' : 'approve'),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const winner = results.find((result) => result.ok);
    expect(await stockOf('10-SUB-L')).toBe(
      winner?.ok && winner.order.status === 'declined' ? before : before - 1,
    );
  });
});
