/**
 * Inventory levels (SPEC §3 "Inventory record", §7 inventory calls). Pure: the shapes the warehouse
 * endpoints answer with, and the rules that build them from stock records.
 */
import { parseSku } from '../catalogue/public';

/** One variant's stock as the warehouse reports it. The combined level is standard plus pro. */
export type InventoryRecord = { variantSku: string; standardQuantity: number; proQuantity: number };

/**
 * An entry of the response's `data` list. Anonymous shoppers see the level they can buy (standard stock) only;
 * signed-in customers (the `/auth` endpoint) see the combined level and the standard and pro quantities.
 */
export type InventoryLevel = {
  variant_sku: string;
  standard_quantity?: number;
  pro_quantity?: number;
  inventory_level: number;
};

/** With `basedOnSku=true`: one entry per requested base SKU, holding its variants and their total. */
export type InventoryGroup = {
  base_sku: string;
  inventory_level: number;
  standard_quantity?: number;
  pro_quantity?: number;
  variants: InventoryLevel[];
};

export type InventoryAudience = 'anonymous' | 'customer';

/** SPEC §7 `?sku=a,b`: at most this many SKUs per call. */
export const MAX_SKUS_PER_CALL = 100;

export type SkuListResult = { ok: true; skus: string[] } | { ok: false; message: string };

/**
 * Parses the comma-separated `sku` parameter: 1 to 100 SKUs, each of a valid SKU shape (SPEC §3), repeats
 * dropped. With `basedOnSku`, a SKU may be any shape (a parent or colorway names the variants under it).
 */
export function parseSkuList(value: string | null): SkuListResult {
  const skus = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((sku) => sku.trim())
        .filter((sku) => sku.length > 0),
    ),
  ];
  if (skus.length === 0) return { ok: false, message: 'Please provide at least one sku.' };
  if (skus.length > MAX_SKUS_PER_CALL)
    return { ok: false, message: `Please provide at most ${MAX_SKUS_PER_CALL} skus.` };
  const invalid = skus.find((sku) => parseSku(sku) === null);
  if (invalid !== undefined) return { ok: false, message: `Invalid sku: ${invalid}` };
  return { ok: true, skus };
}

/**
 * What a shopper can buy of a SKU (SPEC §5, §6): its standard stock, and its pro stock too for a pro-app or shed-app
 * customer on a pro price list (the cart splits only their lines into pro and standard stock). The product page
 * shows this level; the anonymous endpoint answers it without pro stock, the authenticated one with.
 */
export function buyableLevel(record: Omit<InventoryRecord, 'variantSku'>, withProStock: boolean): number {
  return record.standardQuantity + (withProStock ? record.proQuantity : 0);
}

/**
 * A SKU's level for the audience: anonymous shoppers (and consumers) see the stock they can buy, standard only
 * (SPEC §6: the authenticated endpoint is the one "with pro quantities"); signed-in customers see the combined
 * level with the standard and pro quantities beside it.
 */
function toLevel(record: InventoryRecord, audience: InventoryAudience): InventoryLevel {
  const inventory_level = buyableLevel(record, audience === 'customer');
  return audience === 'customer'
    ? {
        variant_sku: record.variantSku,
        standard_quantity: record.standardQuantity,
        pro_quantity: record.proQuantity,
        inventory_level,
      }
    : { variant_sku: record.variantSku, inventory_level };
}

/** Whether `variantSku` is `base` or lies under it ("600123-SUB" holds "600123-SUB-M"). */
export function isUnderBaseSku(variantSku: string, base: string): boolean {
  const sku = variantSku.toUpperCase();
  const prefix = base.toUpperCase();
  return sku === prefix || sku.startsWith(`${prefix}-`);
}

/** Groups variant records under each requested base SKU, in the order asked; a base with no variants has level 0. */
export function groupByBaseSku(
  bases: readonly string[],
  records: readonly InventoryRecord[],
  audience: InventoryAudience,
): InventoryGroup[] {
  return bases.map((base) => {
    const under = records
      .filter((record) => isUnderBaseSku(record.variantSku, base))
      .sort((a, b) => a.variantSku.localeCompare(b.variantSku));
    const standard = under.reduce((sum, record) => sum + record.standardQuantity, 0);
    const pro = under.reduce((sum, record) => sum + record.proQuantity, 0);
    const group: InventoryGroup = {
      base_sku: base,
      inventory_level: audience === 'customer' ? standard + pro : standard,
      variants: under.map((record) => toLevel(record, audience)),
    };
    return audience === 'customer' ? { ...group, standard_quantity: standard, pro_quantity: pro } : group;
  });
}

/**
 * Levels of the SKUs asked for, in the order asked. A variant SKU without a stock record is reported at 0
 * (the warehouse holds none of it) rather than left out, so a client can tell "sold out" from "not asked".
 */
export function levelsFor(
  skus: readonly string[],
  records: readonly InventoryRecord[],
  audience: InventoryAudience,
): InventoryLevel[] {
  const bySku = new Map(records.map((record) => [record.variantSku.toUpperCase(), record]));
  return skus.map((sku) =>
    toLevel(
      bySku.get(sku.toUpperCase()) ?? { variantSku: sku, standardQuantity: 0, proQuantity: 0 },
      audience,
    ),
  );
}
