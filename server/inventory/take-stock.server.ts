/**
 * Taking stock for an order (SPEC §5; ARCHITECTURE "every write that must not be lost or duplicated"): one guarded
 * `UPDATE … SET q = q - n WHERE q >= n` per sku and warehouse, inside the caller's transaction, so stock never
 * goes below zero whatever runs at the same time (PostgreSQL re-checks the guard on the row it locked; PGlite runs
 * one transaction at a time). Skus are matched exactly (the primary key), as the catalogue spells them. A demand that the guard refuses is reported; the caller rolls the whole
 * transaction back, so nothing is taken unless everything is.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { markNoticesDue, restockedSkus, type StandardChange } from './back-in-stock-notices.server';
import { inventoryRecords } from './schema';
import { PRO_WAREHOUSE, warehouseOf } from './warehouses';

export type StockDemand = { sku: string; warehouse: string; quantity: number };

/** The pro warehouse draws on `pro_quantity`, anything else on `standard_quantity`. */
export async function takeStock(
  tx: Tx,
  demands: readonly StockDemand[],
): Promise<{ ok: true } | { ok: false; short: StockDemand[] }> {
  const summed = new Map<string, StockDemand>();
  for (const demand of demands) {
    const warehouse = warehouseOf(demand.warehouse);
    const key = `${demand.sku}\u0000${warehouse}`;
    const previous = summed.get(key);
    summed.set(key, {
      sku: demand.sku,
      warehouse,
      quantity: (previous?.quantity ?? 0) + demand.quantity,
    });
  }
  const short: StockDemand[] = [];
  // A fixed order (sku, warehouse) so two orders locking the same rows never wait on each other in a cycle.
  for (const demand of [...summed.values()].sort((a, b) =>
    `${a.sku}${a.warehouse}`.localeCompare(`${b.sku}${b.warehouse}`),
  )) {
    const column =
      demand.warehouse === PRO_WAREHOUSE ? inventoryRecords.proQuantity : inventoryRecords.standardQuantity;
    const taken = await tx
      .update(inventoryRecords)
      .set(
        demand.warehouse === PRO_WAREHOUSE
          ? { proQuantity: sql`${inventoryRecords.proQuantity} - ${demand.quantity}`, updatedAt: sql`now()` }
          : {
              standardQuantity: sql`${inventoryRecords.standardQuantity} - ${demand.quantity}`,
              updatedAt: sql`now()`,
            },
      )
      .where(and(eq(inventoryRecords.variantSku, demand.sku), gte(column, demand.quantity)))
      .returning({ sku: inventoryRecords.variantSku });
    if (taken.length === 0) short.push(demand);
  }
  return short.length === 0 ? { ok: true } : { ok: false, short };
}

/**
 * Gives stock back (an order that will not ship: a rejected promotional order, a cancelled order), inside the
 * caller's transaction: one `UPDATE … SET q = q + n` per sku and warehouse, in the same fixed order as `takeStock`.
 * A SKU whose standard stock comes back from 0 has its back-in-stock notices marked due in the same transaction;
 * the notice sweep mails them (decision 098).
 */
export async function returnStock(tx: Tx, demands: readonly StockDemand[]): Promise<void> {
  const summed = new Map<string, StockDemand>();
  for (const demand of demands) {
    const warehouse = warehouseOf(demand.warehouse);
    const key = `${demand.sku}\u0000${warehouse}`;
    summed.set(key, {
      sku: demand.sku,
      warehouse,
      quantity: (summed.get(key)?.quantity ?? 0) + demand.quantity,
    });
  }
  const changes: StandardChange[] = [];
  for (const demand of [...summed.values()].sort((a, b) =>
    `${a.sku}${a.warehouse}`.localeCompare(`${b.sku}${b.warehouse}`),
  )) {
    const [row] = await tx
      .update(inventoryRecords)
      .set(
        demand.warehouse === PRO_WAREHOUSE
          ? { proQuantity: sql`${inventoryRecords.proQuantity} + ${demand.quantity}`, updatedAt: sql`now()` }
          : {
              standardQuantity: sql`${inventoryRecords.standardQuantity} + ${demand.quantity}`,
              updatedAt: sql`now()`,
            },
      )
      .where(eq(inventoryRecords.variantSku, demand.sku))
      .returning({ standard: inventoryRecords.standardQuantity });
    if (row && demand.warehouse !== PRO_WAREHOUSE && demand.quantity > 0)
      changes.push({ sku: demand.sku, before: row.standard - demand.quantity, after: row.standard });
  }
  await markNoticesDue(tx, restockedSkus(changes));
}
