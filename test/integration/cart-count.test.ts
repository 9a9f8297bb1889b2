/**
 * The header badge's item count (decision 021): units of every line plus one per gift certificate, 0 for no cart
 * or an unknown one; and the end-to-end fixture that makes carts until add-to-cart exists. Both engines.
 */
import { beforeAll, expect, it } from 'vitest';

import { cartGiftCertificates } from '../../server/cart/schema';
import { createTestCart } from '../../server/cart/test-fixtures.server';
import { seedDatabase } from '../../server/db/seed/index';
import { cartServiceOver, type TestCart } from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

describeEachEngine('cart item count', ({ database }) => {
  let cart: TestCart;

  beforeAll(async () => {
    await seedDatabase(database().db, { products: 12 });
    cart = cartServiceOver(database().db);
  });

  it('is 0 without a cart, for an unknown cart and for a malformed id', async () => {
    expect(await cart.itemCount(null)).toBe(0);
    expect(await cart.itemCount('0b6f3c2e-8d1a-4c55-9a43-2f1e7d9c0a11')).toBe(0);
    expect(await cart.itemCount("1' or '1'='1")).toBe(0);
  });

  it('adds up the units of every line, and counts a gift certificate as one', async () => {
    const id = await createTestCart(database().db, [2, 1, 4]);
    expect(await cart.itemCount(id)).toBe(7);
    await database().db.insert(cartGiftCertificates).values({
      cartId: id,
      name: 'Ann emailing on 01/12/2026',
      recipientName: 'Ann',
      recipientEmail: 'ann@example.com',
      senderName: 'Bo',
      senderEmail: 'bo@example.com',
      amountCents: 5_000,
      sendOn: '2026-12-01',
    });
    expect(await cart.itemCount(id)).toBe(8);
    expect(await cart.itemCount(id.toUpperCase())).toBe(8);
  });

  it('counts each cart apart', async () => {
    const [first, second] = [
      await createTestCart(database().db, [1]),
      await createTestCart(database().db, [3, 3]),
    ];
    expect([await cart.itemCount(first), await cart.itemCount(second)]).toEqual([1, 6]);
  });
});
