import { useFetcher } from '@remix-run/react';
import { useEffect, useMemo } from 'react';
import type { ProductVariant } from '../../../server/catalogue/public';
import { coversSkus, isInventoryFresh, storeInventory, type InventoryCache } from './inventory-cache';
import type { InventoryLevel } from '../../../server/inventory/public';
import { useProductPageHydrated as useHydrated } from './product-page-hydrated';

/** The browser's inventory cache: one product, fresh for 60 s (SPEC §4, §9); kept across colour changes. */
let cache: InventoryCache | null = null;

/**
 * The selected colour's variants with stock refreshed from the warehouse endpoint once the page runs in the
 * browser (a cached HTML page may be minutes old); within 60 s the cache answers without a request.
 * Without JavaScript, the server's levels stand.
 */
export function useLiveVariants(productId: number, variants: ProductVariant[]): ProductVariant[] {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ data: InventoryLevel[] }>();
  const { load, data } = fetcher;
  const key = variants.map((variant) => variant.sku).join(',');

  useEffect(() => {
    const skus = key === '' ? [] : key.split(',');
    if (skus.length === 0 || coversSkus(cache, productId, skus, Date.now())) return;
    load(`/apiwarehouse/inventory/multiple?sku=${encodeURIComponent(key)}`);
  }, [productId, key, load]);

  useEffect(() => {
    if (!data) return;
    const now = Date.now();
    cache = storeInventory(isInventoryFresh(cache, productId, now) ? cache : null, productId, data.data, now);
  }, [data, productId]);

  return useMemo(() => {
    if (!hydrated) return variants;
    const fetched = new Map((data?.data ?? []).map((level) => [level.variant_sku, level.inventory_level]));
    return variants.map((variant) => {
      // A stale cache shows only until the effect's fresh answer replaces it.
      const level =
        fetched.get(variant.sku) ?? (cache?.productId === productId ? cache.levels[variant.sku] : undefined);
      return level === undefined ? variant : { ...variant, inventoryLevel: level };
    });
  }, [hydrated, data, variants, productId]);
}
