/**
 * Issue 11 §9: a property test (fast-check) over random sequences of add, update, remove and checkout, on both
 * engines: stock never goes below zero and always equals the stock before minus the units the placed orders hold;
 * every cart line stays within 1 to 10.
 */
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { CartService } from '../../server/cart/index.server';
import type { CheckoutService } from '../../server/checkout/index.server';
import { cartLines, inventoryRecords } from '../../server/db/schema';
import {
  actors,
  cartOperations,
  cartServiceOver,
  checkoutServiceOver,
  insertCartFixtures,
  TEST_ADDRESS,
  V,
} from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

const SKUS = ['10-SUB-M', '10-SUB-L', '12-BLK-M', '14-BLK-M'];
const VARIANTS = [V.jacketM, V.jacketL, V.pantM, V.tee];

const op = cartOperations({ variantCount: VARIANTS.length, minQuantity: -2, clear: false });

describeEachEngine('cart and checkout, random sequences', ({ database }) => {
  let cart: CartService;
  let checkout: CheckoutService;

  beforeAll(async () => {
    const { db } = database();
    await insertCartFixtures(db);
    // Enough stock that most checkouts succeed, little enough that some are refused.
    await db
      .update(inventoryRecords)
      .set({ standardQuantity: 6 })
      .where(inArray(inventoryRecords.variantSku, SKUS));
    cart = cartServiceOver(db);
    checkout = checkoutServiceOver(db, cart);
  });

  const stock = async () => {
    const rows = await database()
      .db.select()
      .from(inventoryRecords)
      .where(inArray(inventoryRecords.variantSku, SKUS));
    return Object.fromEntries(rows.map((row) => [row.variantSku, row.standardQuantity]));
  };

  it('keeps stock non-negative and equal to the stock before minus the units ordered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const before = await stock();
        const ordered: Record<string, number> = {};
        const carts: (string | null)[] = [null, null, null];
        for (const step of ops) {
          const actor = actors.anonymous(carts[step.shopper] ?? null);
          if (step.kind === 'add') {
            const result = await cart.add(actor, {
              lineItems: [{ variantId: VARIANTS[step.variant]!, quantity: step.quantity }],
            });
            if (result.ok) carts[step.shopper] = result.cartId;
            continue;
          }
          const view = await cart.getCart(actor);
          const lines = view && !('ok' in view) ? view.lines : [];
          if (step.kind === 'checkout') {
            const placed = await checkout.placeOrder(actor, {
              email: 'prop@example.com',
              address: TEST_ADDRESS,
              idempotencyKey: null,
            });
            if (placed.ok) {
              for (const line of placed.order.lines)
                ordered[line.sku] = (ordered[line.sku] ?? 0) + line.quantity;
              carts[step.shopper] = null;
            }
            continue;
          }
          const line = lines[step.line % Math.max(1, lines.length)];
          if (!line) continue;
          if (step.kind === 'update') await cart.updateLine(actor, line.id, step.quantity);
          else if (step.kind === 'remove') await cart.removeLine(actor, line.id);
        }
        const after = await stock();
        for (const sku of SKUS) {
          expect(after[sku]).toBeGreaterThanOrEqual(0);
          expect(after[sku]).toBe(before[sku]! - (ordered[sku] ?? 0));
        }
        for (const id of carts) {
          if (id === null) continue;
          const rows = await database().db.select().from(cartLines).where(eq(cartLines.cartId, id));
          for (const row of rows) expect([row.quantity >= 1, row.quantity <= 10]).toEqual([true, true]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
