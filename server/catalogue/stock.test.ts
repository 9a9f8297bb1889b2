import { describe, expect, it } from 'vitest';
import { isPurchasable, stockMessage, stockStatus, type StockStatus } from './stock';

describe('stock of a variant', () => {
  it.each<[number, boolean, StockStatus, string, boolean]>([
    [40, false, 'in-stock', 'In stock', true],
    [6, false, 'in-stock', 'In stock', true],
    [4, false, 'in-stock', 'In stock', true],
    [3, false, 'low-stock', 'Only 3 left', true],
    [2, false, 'low-stock', 'Only 2 left', true],
    [1, false, 'low-stock', 'Only 1 left', true],
    [0, false, 'sold-out', 'Sold out', false],
    [-2, false, 'sold-out', 'Sold out', false],
    [40, true, 'unavailable', 'Not available to buy online', false],
    [0, true, 'unavailable', 'Not available to buy online', false],
  ])(
    'level %j, purchasing disabled %j → %j',
    (inventoryLevel, purchasingDisabled, status, message, purchasable) => {
      const variant = { inventoryLevel, purchasingDisabled };
      expect(stockStatus(variant)).toBe(status);
      expect(stockMessage(variant)).toBe(message);
      expect(isPurchasable(variant)).toBe(purchasable);
    },
  );
});
