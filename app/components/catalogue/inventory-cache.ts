/**
 * The client's product inventory cache (SPEC §4 "holds one product's inventory with a last-updated time",
 * §9 freshness 60000 ms). Pure and immutable: the product page keeps one in state and asks the warehouse
 * endpoint again only when it is stale or holds another product.
 */

/** SPEC §9: inventory cache freshness. */
export const INVENTORY_CACHE_FRESH_MS = 60_000;

export type InventoryCache = {
  productId: number;
  /** Level by variant SKU, as the warehouse endpoint answered it. */
  levels: Readonly<Record<string, number>>;
  /** Epoch milliseconds of the last refresh. */
  updatedAt: number;
};

/** Whether the cache answers for `productId` at `now` (ms) without asking the warehouse again. */
export function isInventoryFresh(
  cache: InventoryCache | null,
  productId: number,
  now: number,
  freshMs: number = INVENTORY_CACHE_FRESH_MS,
): cache is InventoryCache {
  if (!cache || cache.productId !== productId) return false;
  const age = now - cache.updatedAt;
  return age >= 0 && age < freshMs;
}

/**
 * The cache after a warehouse answer. It holds one product: an answer for another product replaces it;
 * an answer for the same product merges into it (other colours stay), stamped `now`.
 */
export function storeInventory(
  cache: InventoryCache | null,
  productId: number,
  levels: readonly { variant_sku: string; inventory_level: number }[],
  now: number,
): InventoryCache {
  const kept = cache && cache.productId === productId ? cache.levels : {};
  const fresh = Object.fromEntries(levels.map((level) => [level.variant_sku, level.inventory_level]));
  return { productId, levels: { ...kept, ...fresh }, updatedAt: now };
}

/** The cached level of a SKU, or undefined when the cache is stale, another product's, or lacks it. */
export function cachedLevel(
  cache: InventoryCache | null,
  productId: number,
  sku: string,
  now: number,
): number | undefined {
  return isInventoryFresh(cache, productId, now) ? cache.levels[sku] : undefined;
}

/** Whether every one of `skus` is answered by a fresh cache (so no request is needed). */
export function coversSkus(
  cache: InventoryCache | null,
  productId: number,
  skus: readonly string[],
  now: number,
) {
  return isInventoryFresh(cache, productId, now) && skus.every((sku) => cache.levels[sku] !== undefined);
}
