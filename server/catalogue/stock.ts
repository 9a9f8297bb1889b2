/** What a shopper is told about a variant's stock. Pure. */

export type StockStatus = 'in-stock' | 'low-stock' | 'sold-out' | 'unavailable';

/** At or below this many units (1–3) the page says "Only N left". */
export const LOW_STOCK_THRESHOLD = 3;

export function stockStatus(variant: { inventoryLevel: number; purchasingDisabled: boolean }): StockStatus {
  if (variant.purchasingDisabled) return 'unavailable';
  if (variant.inventoryLevel <= 0) return 'sold-out';
  return variant.inventoryLevel <= LOW_STOCK_THRESHOLD ? 'low-stock' : 'in-stock';
}

export function stockMessage(variant: { inventoryLevel: number; purchasingDisabled: boolean }): string {
  switch (stockStatus(variant)) {
    case 'unavailable':
      return 'Not available to buy online';
    case 'sold-out':
      return 'Sold out';
    case 'low-stock':
      return `Only ${variant.inventoryLevel} left`;
    case 'in-stock':
      return 'In stock';
  }
}

/** Whether a shopper can choose the variant at all (sold-out and disabled sizes are shown but disabled). */
export function isPurchasable(variant: { inventoryLevel: number; purchasingDisabled: boolean }): boolean {
  const status = stockStatus(variant);
  return status === 'in-stock' || status === 'low-stock';
}
