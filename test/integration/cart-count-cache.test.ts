/**
 * The header count kept in memory (server/cart/count-cache.ts, decision 051) never differs from the database:
 * random sequences (fast-check) of add, update, remove, clear and checkout, each step with count reads running
 * beside it, then every cart's cached count compared with a fresh query. Both engines (the production server keeps
 * counts in memory on the embedded one only, where it sees every write).
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';

import {
  actors,
  cartOperations,
  cartServiceOver,
  checkoutServiceOver,
  insertCartFixtures,
  TEST_ADDRESS,
  V,
  type CartOperation,
  type TestCart,
  type TestCheckout,
} from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

const VARIANTS = [V.jacketM, V.jacketL, V.pantM, V.tee, V.wader];

const op = cartOperations({ variantCount: VARIANTS.length, minQuantity: -1, clear: true });

describeEachEngine('cart counts kept in memory', ({ database }) => {
  let cached: TestCart;
  let plain: TestCart;
  let checkout: TestCheckout;

  beforeAll(async () => {
    const { db } = database();
    await insertCartFixtures(db);
    cached = cartServiceOver(db, undefined, { countCache: { maxEntries: 4 } });
    plain = cartServiceOver(db);
    checkout = checkoutServiceOver(db, cached);
  });

  async function step(carts: (string | null)[], seen: Set<string>, action: CartOperation): Promise<void> {
    const actor = actors.anonymous(carts[action.shopper] ?? null);
    if (action.kind === 'add') {
      const result = await cached.add(actor, {
        lineItems: [{ variantId: VARIANTS[action.variant]!, quantity: action.quantity }],
      });
      if (result.ok) {
        carts[action.shopper] = result.cartId;
        seen.add(result.cartId);
      }
      return;
    }
    if (action.kind === 'clear') {
      await cached.clear(actor);
      return;
    }
    if (action.kind === 'checkout') {
      const placed = await checkout.placeOrder(actor, {
        email: 'count@example.com',
        address: TEST_ADDRESS,
        idempotencyKey: null,
      });
      if (placed.ok) carts[action.shopper] = null;
      return;
    }
    const view = await cached.getCart(actor);
    const lines = view && !('ok' in view) ? view.lines : [];
    const line = lines[action.line % Math.max(1, lines.length)];
    if (!line) return;
    if (action.kind === 'update') await cached.updateLine(actor, line.id, action.quantity);
    else await cached.removeLine(actor, line.id);
  }

  it('answers what the database holds after every step, with reads racing the writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const carts: (string | null)[] = [null, null, null];
        const seen = new Set<string>();
        for (const action of ops) {
          // Counts read while the write runs (the header of another page of the same shopper).
          const racing = [...seen].map((id) => cached.itemCount(id));
          await Promise.all([step(carts, seen, action), ...racing]);
          for (const id of seen) expect(await cached.itemCount(id)).toBe(await plain.itemCount(id));
        }
      }),
      { numRuns: 20 },
    );
  });
});
