/**
 * Sets stock levels outright (a catalogue import, issue 25 §3): one upsert per batch of records inside the
 * caller's transaction, so the levels land with the catalogue rows or not at all. A record whose levels are
 * already these is not rewritten (it fires no change-feed trigger).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { rowsOf } from '../db/rows';
import { yieldToEventLoop } from '../db/yield';
import { inventoryRecords } from './schema';

export type StockLevelRecord = { variantSku: string; standardQuantity: number; proQuantity: number };

const BATCH_RECORDS = 2000;

/** Returns how many records were written (new or changed). */
export async function setStockLevels(tx: Tx, records: readonly StockLevelRecord[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < records.length; start += BATCH_RECORDS) {
    const batch = records.slice(start, start + BATCH_RECORDS).map((record) => ({
      variant_sku: record.variantSku,
      standard_quantity: record.standardQuantity,
      pro_quantity: record.proQuantity,
    }));
    const result = await tx.execute(sql`
      with written as (
        insert into ${inventoryRecords} (variant_sku, standard_quantity, pro_quantity)
        select variant_sku, standard_quantity, pro_quantity
        from json_populate_recordset(null::${inventoryRecords}, ${JSON.stringify(batch)}::json)
        on conflict (variant_sku) do update
          set standard_quantity = excluded.standard_quantity, pro_quantity = excluded.pro_quantity, updated_at = now()
          where (${inventoryRecords}.standard_quantity, ${inventoryRecords}.pro_quantity)
            is distinct from (excluded.standard_quantity, excluded.pro_quantity)
        returning 1)
      select count(*)::int as n from written`);
    written += Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
    await yieldToEventLoop();
  }
  return written;
}
