import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { generateSeedData } from './generate';
import { demoOrders } from './order-history';

describe('demo order history', () => {
  const data = generateSeedData({ products: 24, seed: 7 });
  const orders = demoOrders(data);

  test('two orders of two lines for every demo account, newest first', () => {
    expect(orders).toHaveLength(DEMO_ACCOUNTS.length * 2);
    for (const account of DEMO_ACCOUNTS) {
      const own = orders.filter((order) => order.email === account.email);
      expect(own.map((order) => order.lines.length)).toEqual([2, 2]);
      expect(own[0]!.createdAt.getTime()).toBeGreaterThan(own[1]!.createdAt.getTime());
    }
  });

  test('every line is a purchasable variant of the catalogue, with its product name and price', () => {
    const variantById = new Map(data.variants.map((variant) => [variant.id, variant]));
    for (const line of orders.flatMap((order) => order.lines)) {
      const variant = variantById.get(line.variantId);
      expect(variant?.sku).toBe(line.sku);
      expect(variant?.productId).toBe(line.productId);
      expect(variant?.purchasingDisabled ?? false).toBe(false);
      expect(line.name).toBe(data.products.find((product) => product.id === line.productId)?.name);
      expect(line.unitPriceCents).toBeGreaterThan(0);
    }
  });

  test('the same seed gives the same history; no order date depends on the clock', () => {
    expect(demoOrders(generateSeedData({ products: 24, seed: 7 }))).toEqual(orders);
  });
});
