import { useFetcher } from '@remix-run/react';
import { useEffect, useMemo } from 'react';
import type { ProductVariant } from '../../../server/catalogue/public';
import { coversSkus, isInventoryFresh, storeInventory, type InventoryCache } from './inventory-cache';
import type { InventoryLevel } from '../../../server/inventory/public';
import { useProductPageHydrated as useHydrated } from './product-page-hydrated';

const INVENTORY_PATH = '/apiwarehouse/inventory/multiple';
const INVENTORY_AUTH_PATH = '/apiwarehouse/inventory/multiple/auth';

/**
 * The browser's inventory cache: one product, fresh for 60 s (SPEC §4, §9); kept across colour changes, for the
 * endpoint it came from (a page with pro stock and one without never share it).
 */
let cache: InventoryCache | null = null;
let cacheCountsProStock = false;

/**
 * The selected colour's variants with stock refreshed from the warehouse endpoint once the page runs in the
 * browser (a cached HTML page may be minutes old); within 60 s the cache answers without a request. The page says
 * whose stock it shows (`proStock`, SPEC §6): pro-app and shed-app customers' pages ask the authenticated endpoint,
 * whose level counts pro stock; every other page the anonymous one, standard stock only (issue 24 §3).
 * Without JavaScript, the server's levels stand.
 */
export function useLiveVariants(
  productId: number,
  variants: ProductVariant[],
  proStock: boolean,
): ProductVariant[] {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ data?: InventoryLevel[] }>();
  const { load, data } = fetcher;
  const key = variants.map((variant) => variant.sku).join(',');

  useEffect(() => {
    const skus = key === '' ? [] : key.split(',');
    if (cacheCountsProStock !== proStock) cache = null;
    cacheCountsProStock = proStock;
    if (skus.length === 0 || coversSkus(cache, productId, skus, Date.now())) return;
    load(`${proStock ? INVENTORY_AUTH_PATH : INVENTORY_PATH}?sku=${encodeURIComponent(key)}`);
  }, [productId, key, load, proStock]);

  useEffect(() => {
    // A refusal (a session that ended meanwhile) leaves the server's levels.
    if (!Array.isArray(data?.data)) return;
    const now = Date.now();
    cache = storeInventory(isInventoryFresh(cache, productId, now) ? cache : null, productId, data.data, now);
  }, [data, productId]);

  return useMemo(() => {
    if (!hydrated) return variants;
    const levels = Array.isArray(data?.data) ? data.data : [];
    const fetched = new Map(levels.map((level) => [level.variant_sku, level.inventory_level]));
    return variants.map((variant) => {
      // A stale cache shows only until the effect's fresh answer replaces it.
      const level =
        fetched.get(variant.sku) ?? (cache?.productId === productId ? cache.levels[variant.sku] : undefined);
      return level === undefined ? variant : { ...variant, inventoryLevel: level };
    });
  }, [hydrated, data, variants, productId]);
}
