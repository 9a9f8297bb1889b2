/**
 * Stock for end-to-end tests: `POST /__test/sold-out` with `{ "colorway": "657639-DL" }` sells out every size of
 * one colourway (its variants' standard and pro quantities to 0), so a test can reach a fully sold-out colourway
 * (issue 9 §5), which the seeded store does not have among the colourways that can be bought. Served only when
 * TEST_FIXTURES is set (server/http/app.server.ts). The change feed's trigger on `inventory_records` drops the cached
 * product page, as for any change of stock.
 */
import { eq, inArray, like } from 'drizzle-orm';
import express, { type Request, type Response } from 'express';
import { variants } from '../catalogue/schema';
import type { RequestContext } from '../context.server';
import type { Database } from '../db/database.server';
import type { EdgeLocals } from '../http/edge';
import { inventoryRecords } from './schema';

/** A colourway's SKU: parent-color (SPEC §3 "SKU shape"). */
const COLORWAY = /^[A-Za-z0-9]+-[A-Za-z0-9]+$/;

/** Sells out every size of `colorway`; the SKUs of its variants (none: no such colourway). */
export async function sellOutColorway(db: Database, colorway: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ sku: variants.sku })
      .from(variants)
      .where(like(variants.sku, `${colorway}-%`));
    const skus = rows.map((row) => row.sku).filter((sku) => sku.split('-').length === 3);
    if (skus.length === 0) return [];
    await tx
      .update(inventoryRecords)
      .set({ standardQuantity: 0, proQuantity: 0 })
      .where(
        skus.length === 1
          ? eq(inventoryRecords.variantSku, skus[0]!)
          : inArray(inventoryRecords.variantSku, skus),
      );
    return skus;
  });
}

export function inventoryFixtureRoutes(): express.Router {
  const router = express.Router();
  router.post('/__test/sold-out', async (_req: Request, res: Response, next) => {
    try {
      const context = res.locals.requestContext as RequestContext;
      // The edge (server/http/edge.ts) has read the body already.
      const body = (res.locals as EdgeLocals).body;
      let colorway: unknown;
      try {
        colorway = (JSON.parse(body?.toString('utf8') ?? '{}') as { colorway?: unknown }).colorway;
      } catch {
        colorway = undefined;
      }
      if (typeof colorway !== 'string' || !COLORWAY.test(colorway)) {
        res.status(400).json({ error: 'colorway: a colorway SKU, parent-color' });
        return;
      }
      const skus = await sellOutColorway(context.services.db, colorway);
      if (skus.length === 0) {
        res.status(404).json({ error: `no variants under ${colorway}` });
        return;
      }
      res.status(200).set('Cache-Control', 'no-store').json({ skus });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
