/**
 * The inventory context (SPEC §3 inventory record, §7 warehouse endpoints, back-in-stock requests). Routes
 * reach it through `context.services.inventory` and import only its types and pure modules.
 */
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { backInStockRequests, inventoryRecords, variants } from '../db/schema';
import {
  groupByBaseSku,
  levelsFor,
  type InventoryAudience,
  type InventoryGroup,
  type InventoryLevel,
  type InventoryRecord,
} from './levels';

export type * from './levels';

export type BackInStockOutcome =
  /** Stored now, or already stored for this e-mail and SKU (asking twice is not an error). */
  | { kind: 'requested'; alreadyRequested: boolean }
  /** No variant has this SKU. */
  | { kind: 'unknown-sku' };

export type InventoryService = {
  /** Levels of the given SKUs, in the order given; SKUs without a record are at 0. */
  getLevels(skus: readonly string[], audience: InventoryAudience): Promise<InventoryLevel[]>;
  /** `basedOnSku=true`: each base SKU (parent or colorway) with the variants under it. */
  getLevelsByBaseSku(bases: readonly string[], audience: InventoryAudience): Promise<InventoryGroup[]>;
  /** Records that `email` wants to hear when the variant `sku` is back; idempotent on e-mail and SKU. */
  requestBackInStock(email: string, sku: string): Promise<BackInStockOutcome>;
};

const recordColumns = {
  variantSku: inventoryRecords.variantSku,
  standardQuantity: inventoryRecords.standardQuantity,
  proQuantity: inventoryRecords.proQuantity,
};

/** `like` wildcards in a SKU prefix are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function createInventoryService({ db }: { db: Database }): InventoryService {
  return {
    async getLevels(skus, audience) {
      if (skus.length === 0) return [];
      const upper = skus.map((sku) => sku.toUpperCase());
      const records: InventoryRecord[] = await db
        .select(recordColumns)
        .from(inventoryRecords)
        .where(inArray(sql`upper(${inventoryRecords.variantSku})`, upper));
      return levelsFor(skus, records, audience);
    },

    async getLevelsByBaseSku(bases, audience) {
      if (bases.length === 0) return [];
      const records: InventoryRecord[] = await db
        .select(recordColumns)
        .from(inventoryRecords)
        .where(
          or(
            ...bases.flatMap((base) => [
              eq(sql`upper(${inventoryRecords.variantSku})`, base.toUpperCase()),
              ilike(inventoryRecords.variantSku, `${escapeLike(base)}-%`),
            ]),
          ),
        );
      return groupByBaseSku(bases, records, audience);
    },

    async requestBackInStock(email, sku) {
      // The catalogue's variants table is read only to refuse SKUs that do not exist.
      const [variant] = await db
        .select({ sku: variants.sku })
        .from(variants)
        .where(eq(variants.sku, sku))
        .limit(1);
      if (!variant) return { kind: 'unknown-sku' };
      const normalEmail = email.trim().toLowerCase();
      const inserted = await db
        .insert(backInStockRequests)
        .values({ email: normalEmail, variantSku: variant.sku })
        .onConflictDoNothing({ target: [backInStockRequests.email, backInStockRequests.variantSku] })
        .returning({ id: backInStockRequests.id });
      if (inserted.length > 0) return { kind: 'requested', alreadyRequested: false };
      // Already asked: a pending request stays as it is; one already notified is asked again.
      await db
        .update(backInStockRequests)
        .set({ notifiedAt: null })
        .where(
          and(eq(backInStockRequests.email, normalEmail), eq(backInStockRequests.variantSku, variant.sku)),
        );
      return { kind: 'requested', alreadyRequested: true };
    },
  };
}
