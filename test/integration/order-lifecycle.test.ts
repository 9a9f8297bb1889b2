/**
 * An order's life over a real database (PGlite and the local PostgreSQL), issue 25 §1 and decision 092: every
 * transition the order desk makes and every one it refuses, each recorded with who and when; two transitions at
 * once on one order (exactly one wins); a cancel sent twice at once gives the stock back once; refunds go through
 * the payment port, at most what is left, once per form key; and a mail at each step.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { CartResult } from '../../server/cart/index.server';
import {
  createOrderDesk,
  manualPayment,
  type OrderDesk,
  type PaymentProvider,
  type RefundRequest,
} from '../../server/checkout/index.server';
import { fixedClock } from '../../server/clock';
import { inventoryRecords, mailOutbox, orderEvents, orders } from '../../server/db/schema';
import { createCancelOrder, type CancelOrderWorkflow } from '../../server/workflows/cancel-order.server';
import { createRefundOrder, type RefundOrderWorkflow } from '../../server/workflows/refund-order.server';
import {
  actors,
  cartServiceOver,
  checkoutServiceOver,
  insertCartFixtures,
  V,
  type TestCart,
  type TestCheckout,
} from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

const STAFF = { kind: 'staff', staffUserId: 7 } as const;
const address = {
  firstName: 'Jordan',
  lastName: 'Ridge',
  address1: '12 Elk Creek Road',
  address2: '',
  city: 'Bozeman',
  countryCode: 'US',
  stateOrProvince: 'MT',
  postalCode: '59715',
};

function cartIdOf(result: CartResult): string {
  if (!result.ok) throw new Error(`Expected success, got: ${result.message}`);
  return result.cartId;
}

describeEachEngine('order lifecycle', ({ database }) => {
  let cart: TestCart;
  let checkout: TestCheckout;
  let desk: OrderDesk;
  let cancel: CancelOrderWorkflow;
  let refund: RefundOrderWorkflow;
  const refunds: RefundRequest[] = [];
  /** The manual provider, recording what it was asked to refund. */
  const recording: PaymentProvider = {
    ...manualPayment,
    async refund(request) {
      refunds.push(request);
      return { reference: `refund-${refunds.length}`, instructions: 'We pay it back by hand.' };
    },
  };

  beforeAll(async () => {
    const { db } = database();
    await insertCartFixtures(db);
    // Enough jackets for every order of this file.
    await db
      .update(inventoryRecords)
      .set({ standardQuantity: 100 })
      .where(eq(inventoryRecords.variantSku, '10-SUB-M'));
    cart = cartServiceOver(db);
    checkout = checkoutServiceOver(db, cart, '2026-11-23T12:00:00.000Z');
    const clock = fixedClock('2026-11-24T09:30:00.000Z');
    desk = createOrderDesk({ db, clock, mailStep: checkout.mailStep });
    const deps = { db, clock, checkout, payments: [recording] };
    cancel = createCancelOrder(deps);
    refund = createRefundOrder(deps);
  });

  /** A guest's order of `quantity` jackets (size M, $200.00 each), placed and awaiting payment. */
  async function placeOrder(email: string, quantity = 1): Promise<number> {
    const id = cartIdOf(
      await cart.add(actors.anonymous(), { lineItems: [{ variantId: V.jacketM, quantity }] }),
    );
    const placed = await checkout.placeOrder(actors.anonymous(id), {
      email,
      address,
      idempotencyKey: null,
    });
    if (!placed.ok) throw new Error(placed.message);
    return placed.order.id;
  }
  const stock = async () => {
    const [row] = await database()
      .db.select()
      .from(inventoryRecords)
      .where(eq(inventoryRecords.variantSku, '10-SUB-M'));
    return row!.standardQuantity;
  };
  const eventsOf = async (orderId: number) =>
    (
      await database()
        .db.select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id))
    ).map((event) => ({
      actor: event.actor,
      staffUserId: event.staffUserId,
      from: event.fromStatus,
      to: event.toStatus,
      details: event.details,
    }));
  const orderRow = async (orderId: number) =>
    (await database().db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const subjectsTo = async (email: string) =>
    (
      await database()
        .db.select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(asc(mailOutbox.id))
    ).map((mail) => mail.subject);

  it('placed → paid → shipped → delivered → partly refunded → refunded, each recorded and mailed', async () => {
    const id = await placeOrder('life@example.com', 2);
    expect(await desk.markPaid(id, STAFF)).toMatchObject({
      ok: true,
      from: 'awaiting_payment',
      to: 'awaiting_fulfillment',
      unchanged: false,
    });
    expect(
      await desk.ship(id, STAFF, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
    ).toMatchObject({
      ok: true,
      to: 'shipped',
    });
    expect(await desk.markDelivered(id, STAFF)).toMatchObject({ ok: true, to: 'completed' });
    expect(
      await refund(id, STAFF, {
        amountCents: 5_000,
        reason: 'Zip pull broke',
        idempotencyKey: 'refund-key-1',
      }),
    ).toMatchObject({ ok: true, to: 'partially_refunded', refundCents: 5_000 });
    expect(
      await refund(id, STAFF, { amountCents: 35_000, reason: 'Returned', idempotencyKey: 'refund-key-2' }),
    ).toMatchObject({ ok: true, to: 'refunded', refundCents: 35_000 });

    expect(await eventsOf(id)).toEqual([
      { actor: 'customer', staffUserId: null, from: null, to: 'awaiting_payment', details: {} },
      { actor: 'staff', staffUserId: 7, from: 'awaiting_payment', to: 'awaiting_fulfillment', details: {} },
      {
        actor: 'staff',
        staffUserId: 7,
        from: 'awaiting_fulfillment',
        to: 'shipped',
        details: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      },
      { actor: 'staff', staffUserId: 7, from: 'shipped', to: 'completed', details: {} },
      {
        actor: 'staff',
        staffUserId: 7,
        from: 'completed',
        to: 'partially_refunded',
        details: { amountCents: 5_000, reason: 'Zip pull broke', refundReference: 'refund-1' },
      },
      {
        actor: 'staff',
        staffUserId: 7,
        from: 'partially_refunded',
        to: 'refunded',
        details: { amountCents: 35_000, reason: 'Returned', refundReference: 'refund-2' },
      },
    ]);
    expect(refunds.slice(-2)).toEqual([
      { orderId: id, amountCents: 5_000, currencyCode: 'USD', reason: 'Zip pull broke' },
      { orderId: id, amountCents: 35_000, currencyCode: 'USD', reason: 'Returned' },
    ]);
    expect(await orderRow(id)).toMatchObject({
      status: 'refunded',
      refundedCents: 40_000,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      paidAt: new Date('2026-11-24T09:30:00.000Z'),
    });
    expect(await subjectsTo('life@example.com')).toEqual([
      `Your Cairn Outdoor order #${id}`,
      `Your Cairn Outdoor order #${id} is paid`,
      `Your Cairn Outdoor order #${id} has shipped`,
      `Your Cairn Outdoor order #${id} is delivered`,
      `Your Cairn Outdoor order #${id}: $50.00 refunded`,
      `Your Cairn Outdoor order #${id}: $350.00 refunded`,
    ]);
    const [shipped] = await database()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Your Cairn Outdoor order #${id} has shipped`));
    expect(shipped!.text).toContain(
      [
        `Your order #${id} has shipped with UPS.`,
        'Tracking number: 1Z999AA10123456784',
        '',
        '2 × Alpha Jacket (10-SUB-M) $400.00',
        '',
        'Subtotal: $400.00',
        'Shipping: FREE',
        'Tax: $0.00',
        'Total: $400.00',
        '',
        'Status: Shipped',
        '',
        'Ship to:',
        'Jordan Ridge',
        '12 Elk Creek Road',
        'Bozeman, MT 59715',
        'US',
        '',
        `See your order: https://shop.example/account/orders/${id}`,
      ].join('\n'),
    );
    expect(shipped!.html).toContain(`<a href="https://shop.example/account/orders/${id}">See your order</a>`);
  });

  it('refuses every transition the state machine does not allow, with a message, and changes nothing', async () => {
    const id = await placeOrder('refused@example.com');
    const refused = (words: string, verb: string) => ({
      ok: false,
      status: 409,
      message: `Order #${id} is ${words}: it cannot be ${verb}.`,
    });
    // Awaiting payment: not shippable, not deliverable, not refundable.
    expect(await desk.ship(id, STAFF, { carrier: 'UPS', trackingNumber: '1Z1' })).toEqual(
      refused('Awaiting payment', 'shipped'),
    );
    expect(await desk.markDelivered(id, STAFF)).toEqual(refused('Awaiting payment', 'marked delivered'));
    expect(await refund(id, STAFF, { amountCents: 100, reason: 'x' })).toEqual(
      refused('Awaiting payment', 'refunded'),
    );
    await desk.markPaid(id, STAFF);
    // Paid: not deliverable before shipping, not refundable (cancel it instead).
    expect(await desk.markDelivered(id, STAFF)).toEqual(refused('Paid', 'marked delivered'));
    expect(await refund(id, STAFF, { amountCents: 100, reason: 'x' })).toEqual(refused('Paid', 'refunded'));
    await desk.ship(id, STAFF, { carrier: 'FedEx', trackingNumber: '7712' });
    // Shipped: no going back.
    expect(await desk.markPaid(id, STAFF)).toEqual(refused('Shipped', 'marked paid'));
    expect(await cancel(id, STAFF)).toEqual(refused('Shipped', 'canceled'));
    // A refund is at most what is left, and more than nothing.
    expect(await refund(id, STAFF, { amountCents: 20_001, reason: 'x' })).toEqual({
      ok: false,
      status: 400,
      message: 'Enter an amount from $0.01 to $200.00.',
    });
    expect(await refund(id, STAFF, { amountCents: 0, reason: 'x' })).toMatchObject({
      ok: false,
      status: 400,
    });
    await refund(id, STAFF, { amountCents: 20_000, reason: 'Lost in transit' });
    expect(await refund(id, STAFF, { amountCents: 1, reason: 'x' })).toEqual(refused('Refunded', 'refunded'));
    expect(await desk.ship(id, STAFF, { carrier: 'UPS', trackingNumber: '1Z2' })).toEqual(
      refused('Refunded', 'shipped'),
    );
    // Unknown orders.
    expect(await desk.markPaid(2_000_000_000, STAFF)).toEqual({
      ok: false,
      status: 404,
      message: 'This order does not exist.',
    });
    expect(await desk.markPaid(-1, STAFF)).toMatchObject({ ok: false, status: 404 });
    expect((await eventsOf(id)).map((event) => event.to)).toEqual([
      'awaiting_payment',
      'awaiting_fulfillment',
      'shipped',
      'refunded',
    ]);
    // A canceled order can be neither paid nor shipped.
    const other = await placeOrder('refused@example.com');
    await cancel(other, STAFF);
    expect(await desk.markPaid(other, STAFF)).toMatchObject({
      ok: false,
      message: `Order #${other} is Canceled: it cannot be marked paid.`,
    });
  });

  it('a repeated transition changes nothing and records nothing', async () => {
    const id = await placeOrder('repeat@example.com');
    expect(await desk.markPaid(id, STAFF)).toMatchObject({ ok: true, unchanged: false });
    expect(await desk.markPaid(id, STAFF)).toMatchObject({
      ok: true,
      unchanged: true,
      to: 'awaiting_fulfillment',
    });
    await desk.ship(id, STAFF, { carrier: 'UPS', trackingNumber: 'A1' });
    expect(await desk.ship(id, STAFF, { carrier: 'UPS', trackingNumber: 'A1' })).toMatchObject({
      ok: true,
      unchanged: true,
    });
    // The same refund form sent twice: refunded once.
    await desk.markDelivered(id, STAFF);
    const before = refunds.length;
    const once = { amountCents: 1_000, reason: 'Goodwill', idempotencyKey: 'same-form-key' };
    expect(await refund(id, STAFF, once)).toMatchObject({ ok: true, unchanged: false });
    expect(await refund(id, STAFF, once)).toMatchObject({ ok: true, unchanged: true });
    expect(refunds.length).toBe(before + 1);
    expect((await orderRow(id)).refundedCents).toBe(1_000);
    expect((await eventsOf(id)).length).toBe(5);
    expect(await subjectsTo('repeat@example.com')).toHaveLength(5);
  });

  it('two transitions at once on one order: exactly one wins, the other is told what happened', async () => {
    const id = await placeOrder('race@example.com');
    await desk.markPaid(id, STAFF);
    const [shipped, canceled] = await Promise.all([
      desk.ship(id, STAFF, { carrier: 'UPS', trackingNumber: 'RACE1' }),
      cancel(id, { kind: 'staff', staffUserId: 8 }),
    ]);
    const wins = [shipped, canceled].filter((outcome) => outcome.ok && !outcome.unchanged);
    expect(wins).toHaveLength(1);
    const loser = [shipped, canceled].find((outcome) => !outcome.ok);
    expect(loser).toMatchObject({ ok: false, status: 409 });
    const status = (await orderRow(id)).status;
    expect(['shipped', 'cancelled']).toContain(status);
    expect((await eventsOf(id)).map((event) => event.to)).toEqual([
      'awaiting_payment',
      'awaiting_fulfillment',
      status,
    ]);
  });

  it('cancel gives the stock back in the same transaction, exactly once when sent twice at once', async () => {
    const start = await stock();
    const id = await placeOrder('cancel@example.com', 2);
    expect(await stock()).toBe(start - 2);
    const both = await Promise.all([cancel(id, STAFF, { reason: 'Customer asked' }), cancel(id, STAFF)]);
    expect(both.filter((outcome) => outcome.ok && !outcome.unchanged)).toHaveLength(1);
    expect(both.every((outcome) => outcome.ok)).toBe(true);
    expect(await stock()).toBe(start);
    expect(await cancel(id, STAFF)).toMatchObject({ ok: true, unchanged: true });
    expect(await stock()).toBe(start);
    expect((await eventsOf(id)).filter((event) => event.to === 'cancelled')).toHaveLength(1);
    expect(await subjectsTo('cancel@example.com')).toEqual([
      `Your Cairn Outdoor order #${id}`,
      `Your Cairn Outdoor order #${id} is canceled`,
    ]);
  });

  it('cancel of a paid order refunds what it paid through the payment port', async () => {
    const start = await stock();
    const id = await placeOrder('paid-cancel@example.com');
    await desk.markPaid(id, STAFF);
    const before = refunds.length;
    expect(await cancel(id, STAFF, { reason: 'Out of season' })).toMatchObject({
      ok: true,
      to: 'cancelled',
      refundCents: 20_000,
    });
    expect(refunds.slice(before)).toEqual([
      { orderId: id, amountCents: 20_000, currencyCode: 'USD', reason: 'Out of season' },
    ]);
    expect(await stock()).toBe(start);
    expect((await orderRow(id)).refundedCents).toBe(20_000);
    const [mail] = await database()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Your Cairn Outdoor order #${id} is canceled`));
    expect(mail!.text.split('\n').slice(0, 3)).toEqual([
      `Your order #${id} is canceled. Nothing will ship.`,
      '$200.00 is refunded.',
      'We pay it back by hand.',
    ]);
  });

  it('two refunds at once of all that is left: one is paid back, the other refused', async () => {
    const id = await placeOrder('double-refund@example.com');
    await desk.markPaid(id, STAFF);
    await desk.ship(id, STAFF, { carrier: 'USPS', trackingNumber: '9400' });
    const before = refunds.length;
    const outcomes = await Promise.all([
      refund(id, STAFF, { amountCents: 20_000, reason: 'First', idempotencyKey: 'race-a' }),
      refund(id, STAFF, { amountCents: 20_000, reason: 'Second', idempotencyKey: 'race-b' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)[0]).toMatchObject({ ok: false });
    expect(refunds.length).toBe(before + 1);
    expect((await orderRow(id)).refundedCents).toBe(20_000);
  });

  it('the desk finds orders by status, date, number, name and e-mail, and exports a date range', async () => {
    const id = await placeOrder('Finder.Person@Example.com');
    const found = async (filter: Parameters<OrderDesk['list']>[0]) =>
      (await desk.list(filter)).orders.map((order) => order.id);
    expect(await found({ query: 'finder.person' })).toEqual([id]);
    expect(await found({ query: 'jordan ridge' })).toContain(id);
    expect(await found({ query: `#${id}` })).toContain(id);
    expect(await found({ query: '100%_' })).toEqual([]);
    expect(await found({ status: 'awaiting_payment', query: 'finder' })).toEqual([id]);
    expect(await found({ status: 'shipped', query: 'finder' })).toEqual([]);
    const day = new Date('2026-11-23T00:00:00.000Z');
    const next = new Date('2026-11-24T00:00:00.000Z');
    expect(await found({ from: day, until: next, query: 'finder' })).toEqual([id]);
    expect(await found({ from: next, query: 'finder' })).toEqual([]);
    const detail = await desk.detail(id);
    expect(detail).toMatchObject({
      id,
      email: 'finder.person@example.com',
      customerName: 'Jordan Ridge',
      status: 'awaiting_payment',
      items: 1,
      totalCents: 20_000,
      shipTo: { city: 'Bozeman', postalCode: '59715' },
      lines: [{ sku: '10-SUB-M', quantity: 1, unitCents: 20_000 }],
      events: [{ actor: 'customer', from: null, to: 'awaiting_payment' }],
    });
    expect(await desk.detail(999_999_999)).toBeNull();
    const rows = await desk.exportRows(day, next);
    expect(rows.map((row) => row.id)).toContain(id);
    expect(await desk.exportRows(next, new Date('2026-11-25T00:00:00.000Z'))).toEqual([]);
  });
});
