import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../server/clock';
import {
  cachedLevel,
  coversSkus,
  INVENTORY_CACHE_FRESH_MS,
  isInventoryFresh,
  storeInventory,
  type InventoryCache,
} from './inventory-cache';

describe('inventory cache', () => {
  it('is fresh for 60000 ms (SPEC §9)', () => {
    expect(INVENTORY_CACHE_FRESH_MS).toBe(60_000);
  });

  it.each<[string, number, number, boolean]>([
    ['just stored', 7, 0, true],
    ['59 999 ms later', 7, 59_999, true],
    ['60 000 ms later', 7, 60_000, false],
    ['an hour later', 7, 3_600_000, false],
    ['another product', 8, 0, false],
    ['a clock that went back', 7, -1, false],
  ])('%s → fresh %s', (_name, productId, elapsed, fresh) => {
    const clock = fixedClock('2026-11-22T10:00:00Z');
    const cache = storeInventory(
      null,
      7,
      [{ variant_sku: 'A-B-M', inventory_level: 3 }],
      clock.now().getTime(),
    );
    clock.advance(elapsed);
    expect(isInventoryFresh(cache, productId, clock.now().getTime())).toBe(fresh);
    expect(cachedLevel(cache, productId, 'A-B-M', clock.now().getTime())).toBe(fresh ? 3 : undefined);
  });

  it('holds one product: another product replaces it', () => {
    const first = storeInventory(null, 7, [{ variant_sku: 'A-B-M', inventory_level: 3 }], 1000);
    const second = storeInventory(first, 8, [{ variant_sku: 'C-D-M', inventory_level: 1 }], 2000);
    expect(second).toEqual<InventoryCache>({ productId: 8, levels: { 'C-D-M': 1 }, updatedAt: 2000 });
  });

  it('merges answers for the same product and restamps', () => {
    const first = storeInventory(null, 7, [{ variant_sku: 'A-B-M', inventory_level: 3 }], 1000);
    const second = storeInventory(
      first,
      7,
      [
        { variant_sku: 'A-C-M', inventory_level: 0 },
        { variant_sku: 'A-B-M', inventory_level: 2 },
      ],
      5000,
    );
    expect(second).toEqual<InventoryCache>({
      productId: 7,
      levels: { 'A-B-M': 2, 'A-C-M': 0 },
      updatedAt: 5000,
    });
    expect(coversSkus(second, 7, ['A-B-M', 'A-C-M'], 6000)).toBe(true);
    expect(coversSkus(second, 7, ['A-B-M', 'A-D-M'], 6000)).toBe(false);
    expect(coversSkus(second, 7, ['A-B-M'], 5000 + 60_000)).toBe(false);
    expect(coversSkus(null, 7, [], 0)).toBe(false);
  });
});
