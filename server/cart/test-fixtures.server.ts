/**
 * A cart for end-to-end tests, written straight into the cart's tables from real catalogue variants, until the
 * cart issue's add-to-cart exists (then the tests add through it). Served only when TEST_FIXTURES is set.
 */
import { sql } from 'drizzle-orm';
import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../context.server';
import type { Database } from '../db/database.server';
import { setCookieHeader } from '../web/cookies.server';
import type { EdgeLocals } from '../http/edge';
import { cartLines, carts } from './schema';

/** Makes a cart with one line per quantity (distinct purchasable variants of visible products); returns its id. */
export async function createTestCart(db: Database, quantities: readonly number[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [cart] = await tx.insert(carts).values({}).returning({ id: carts.id });
    type Row = { product_id: number; variant_id: number; sku: string; name: string; price_cents: number };
    const result: unknown = await tx.execute(sql`
      select v.product_id, v.id as variant_id, v.sku, p.name, coalesce(v.price_cents, p.price_cents) as price_cents
      from variants v join products p on p.id = v.product_id
      where p.is_visible and not v.purchasing_disabled
      order by v.id limit ${quantities.length}`);
    // postgres.js answers an array of rows, PGlite an object holding them.
    const variants = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
    await tx.insert(cartLines).values(
      quantities.map((quantity, index) => {
        const variant = variants[index]!;
        return {
          cartId: cart!.id,
          productId: variant.product_id,
          variantId: variant.variant_id,
          sku: variant.sku,
          name: variant.name,
          quantity,
          listPriceCents: variant.price_cents,
          salePriceCents: variant.price_cents,
        };
      }),
    );
    return cart!.id;
  });
}

export function testFixtureRoutes(): express.Router {
  const router = express.Router();
  router.post('/__test/cart', async (_req: Request, res: Response, next) => {
    try {
      const context = res.locals.requestContext as RequestContext;
      // The edge (server/http/edge.ts) has read the body already.
      const body = (res.locals as EdgeLocals).body;
      let quantities: unknown;
      try {
        quantities = (JSON.parse(body?.toString('utf8') ?? '{}') as { quantities?: unknown }).quantities;
      } catch {
        quantities = undefined;
      }
      if (
        !Array.isArray(quantities) ||
        quantities.length < 1 ||
        quantities.length > 10 ||
        !quantities.every((quantity) => Number.isInteger(quantity) && quantity >= 1 && quantity <= 10)
      ) {
        res.status(400).json({ error: 'quantities: 1 to 10 whole numbers from 1 to 10' });
        return;
      }
      const cartId = await createTestCart(context.services.db, quantities as number[]);
      const { config } = context.services;
      res.setHeader('Set-Cookie', setCookieHeader('cart', cartId, config.cookies));
      res.status(201).set('Cache-Control', 'no-store').json({ cartId });
    } catch (error) {
      next(error);
    }
  });
  // The test clock of the gift-card mails (issue 26 §1): runs the delivery as if the store's clock read `now`, so an
  // end-to-end test sees a card mailed on its date without waiting for it (or moving the clock of other tests).
  router.post('/__test/gift-card-delivery', async (_req: Request, res: Response, next) => {
    try {
      const context = res.locals.requestContext as RequestContext;
      const body = (res.locals as EdgeLocals).body;
      let now: Date;
      try {
        now = new Date(String((JSON.parse(body?.toString('utf8') ?? '{}') as { now?: unknown }).now));
      } catch {
        now = new Date(Number.NaN);
      }
      if (Number.isNaN(now.getTime())) {
        res.status(400).json({ error: 'now: an ISO date-time' });
        return;
      }
      const sent = await context.services.giftCardDelivery.sendDue(now);
      res.status(200).set('Cache-Control', 'no-store').json({ sent });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
