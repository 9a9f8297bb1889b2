/**
 * The stock desk (issue 25 §4, `/staff/stock`): a SKU or a product's variants with their standard and pro stock,
 * an adjustment of one SKU (by a delta or to a value) with a reason, and the record of every adjustment (who,
 * when, before, after, why). An adjustment that brings a size back queues its back-in-stock notices in the same
 * transaction (decision 098).
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import {
  markNoticesDue,
  restockedSkus,
  sendDueNotices,
  type NoticeContext,
} from './back-in-stock-notices.server';
import { stockAdjustments, inventoryRecords } from './schema';
import { STOCK_MESSAGES, MAX_STOCK_QUANTITY } from './stock-messages';

export type StockKind = 'standard' | 'pro';

export type StockRow = {
  sku: string;
  productName: string;
  color: string | null;
  size: string | null;
  /** The product page with this size chosen (a path). */
  path: string;
  standard: number;
  pro: number;
};

export type StockAdjustment = {
  id: number;
  sku: string;
  staffEmail: string;
  standardBefore: number;
  standardAfter: number;
  proBefore: number;
  proAfter: number;
  reason: string;
  createdAt: Date;
};

export type AdjustInput = {
  sku: string;
  stock: StockKind;
  /** `delta`: add `amount` (negative removes); `set`: the quantity becomes `amount`. */
  mode: 'delta' | 'set';
  amount: number;
  reason: string;
  staff: { id: number; email: string };
};

export type AdjustOutcome =
  { ok: true; adjustment: StockAdjustment; notices: number } | { ok: false; message: string };

/** At most this many variants answer one look-up (a product has a few dozen at most). */
export const LOOKUP_LIMIT = 200;

type NoticeLinks = Awaited<ReturnType<NoticeContext['links']>>;

export function createStockDesk({
  db,
  notices,
  variantsUnder,
}: {
  db: Database;
  notices: NoticeContext;
  /** The catalogue's variants of a SKU, parent or colourway (at most `LOOKUP_LIMIT`). */
  variantsUnder(base: string): Promise<NoticeLinks>;
}) {
  /** The variants with their stock, in SKU order. */
  async function rowsFor(links: NoticeLinks, tx: Database | Tx): Promise<StockRow[]> {
    if (links.length === 0) return [];
    const records = await tx
      .select({
        sku: inventoryRecords.variantSku,
        standard: inventoryRecords.standardQuantity,
        pro: inventoryRecords.proQuantity,
      })
      .from(inventoryRecords)
      .where(
        inArray(
          inventoryRecords.variantSku,
          links.map((link) => link.sku),
        ),
      );
    const bySku = new Map(records.map((record) => [record.sku, record]));
    return links
      .map((link) => ({
        ...link,
        standard: bySku.get(link.sku)?.standard ?? 0,
        pro: bySku.get(link.sku)?.pro ?? 0,
      }))
      .sort((a, b) => a.sku.localeCompare(b.sku));
  }

  return {
    /** A variant SKU, or a parent or colourway SKU and the variants under it (without regard to case). */
    async lookUpStock(query: string): Promise<StockRow[]> {
      return rowsFor(await variantsUnder(query.trim()), db);
    },

    /** The newest adjustments (of one SKU when given), newest first. */
    async listAdjustments(options: { sku?: string; limit?: number } = {}): Promise<StockAdjustment[]> {
      const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
      return db
        .select({
          id: stockAdjustments.id,
          sku: stockAdjustments.variantSku,
          staffEmail: stockAdjustments.staffEmail,
          standardBefore: stockAdjustments.standardBefore,
          standardAfter: stockAdjustments.standardAfter,
          proBefore: stockAdjustments.proBefore,
          proAfter: stockAdjustments.proAfter,
          reason: stockAdjustments.reason,
          createdAt: stockAdjustments.createdAt,
        })
        .from(stockAdjustments)
        .where(
          options.sku ? eq(sql`upper(${stockAdjustments.variantSku})`, options.sku.toUpperCase()) : undefined,
        )
        .orderBy(desc(stockAdjustments.id))
        .limit(limit);
    },

    /** One SKU's stock changed by the desk, recorded, and its notices queued when it came back; all or nothing. */
    async adjustStock(input: AdjustInput): Promise<AdjustOutcome> {
      return db.transaction(async (tx): Promise<AdjustOutcome> => {
        const [link] = await notices.links([input.sku], tx);
        if (!link) return { ok: false, message: STOCK_MESSAGES.unknownSku(input.sku) };
        const sku = link.sku;
        // The row exists (a variant without stock has none yet), then it is locked: two desks adjusting one SKU
        // take turns, each from the other's result.
        await tx.insert(inventoryRecords).values({ variantSku: sku }).onConflictDoNothing();
        const [before] = await tx
          .select({ standard: inventoryRecords.standardQuantity, pro: inventoryRecords.proQuantity })
          .from(inventoryRecords)
          .where(eq(inventoryRecords.variantSku, sku))
          .for('update');
        const current = input.stock === 'standard' ? before!.standard : before!.pro;
        const next = input.mode === 'set' ? input.amount : current + input.amount;
        if (next < 0) return { ok: false, message: STOCK_MESSAGES.belowZero(current) };
        if (next > MAX_STOCK_QUANTITY) return { ok: false, message: STOCK_MESSAGES.tooMuch };
        const after = {
          standard: input.stock === 'standard' ? next : before!.standard,
          pro: input.stock === 'pro' ? next : before!.pro,
        };
        await tx
          .update(inventoryRecords)
          .set({ standardQuantity: after.standard, proQuantity: after.pro, updatedAt: sql`now()` })
          .where(eq(inventoryRecords.variantSku, sku));
        const [adjustment] = await tx
          .insert(stockAdjustments)
          .values({
            variantSku: sku,
            staffUserId: input.staff.id,
            staffEmail: input.staff.email,
            standardBefore: before!.standard,
            standardAfter: after.standard,
            proBefore: before!.pro,
            proAfter: after.pro,
            reason: input.reason,
          })
          .returning();
        const restocked = restockedSkus([{ sku, before: before!.standard, after: after.standard }]);
        await markNoticesDue(tx, restocked);
        const sent = await sendDueNotices(tx, notices, { skus: restocked });
        return {
          ok: true,
          notices: sent,
          adjustment: {
            id: adjustment!.id,
            sku,
            staffEmail: adjustment!.staffEmail,
            standardBefore: adjustment!.standardBefore,
            standardAfter: adjustment!.standardAfter,
            proBefore: adjustment!.proBefore,
            proAfter: adjustment!.proAfter,
            reason: adjustment!.reason,
            createdAt: adjustment!.createdAt,
          },
        };
      });
    },
  };
}
