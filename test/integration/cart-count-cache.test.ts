/**
 * The header count kept in memory (server/cart/count-cache.ts, decision 051) never differs from the database:
 * random sequences (fast-check) of add, update, remove, clear and checkout, each step with count reads running
 * beside it, then every cart's cached count compared with a fresh query. Both engines (the production server keeps
 * counts in memory on the embedded one only, where it sees every write).
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import type { CartService } from '../../server/cart/index.server';
import { createCheckoutService, type CheckoutService } from '../../server/checkout/index.server';
import { promoLookups } from '../../server/customers/promo-approvers.server';
import { createLogger } from '../../server/logger';
import { createMailService } from '../../server/mail/index.server';
import { actors, cartServiceOver, insertCartFixtures, V } from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

const VARIANTS = [V.jacketM, V.jacketL, V.pantM, V.tee, V.wader];

type Op =
  | { kind: 'add'; shopper: number; variant: number; quantity: number }
  | { kind: 'update'; shopper: number; line: number; quantity: number }
  | { kind: 'remove'; shopper: number; line: number }
  | { kind: 'clear'; shopper: number }
  | { kind: 'checkout'; shopper: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    shopper: fc.nat(2),
    variant: fc.nat(VARIANTS.length - 1),
    quantity: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    shopper: fc.nat(2),
    line: fc.nat(3),
    quantity: fc.integer({ min: -1, max: 12 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), shopper: fc.nat(2), line: fc.nat(3) }),
  fc.record({ kind: fc.constant('clear' as const), shopper: fc.nat(2) }),
  fc.record({ kind: fc.constant('checkout' as const), shopper: fc.nat(2) }),
);

describeEachEngine('cart counts kept in memory', ({ database }) => {
  let cached: CartService;
  let plain: CartService;
  let checkout: CheckoutService;

  beforeAll(async () => {
    const { db } = database();
    await insertCartFixtures(db);
    cached = cartServiceOver(db, undefined, { countCache: { maxEntries: 4 } });
    plain = cartServiceOver(db);
    checkout = createCheckoutService({
      db,
      clock: fixedClock('2026-11-23T12:00:00.000Z'),
      cart: cached,
      mail: createMailService({ db }),
      logger: createLogger({ level: 'error' }),
      promo: promoLookups(db),
    });
  });

  async function step(carts: (string | null)[], seen: Set<string>, action: Op): Promise<void> {
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
        address: {
          firstName: 'C',
          lastName: 'D',
          address1: '1 Road',
          address2: '',
          city: 'Town',
          countryCode: 'US',
          stateOrProvince: 'MT',
          postalCode: '59715',
        },
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
