/**
 * The listing index's sort orders (decision 024): which `listing_order_entries.order_id` a listing page reads, and
 * the row shape helper both the index's builder and its reader use.
 */
import type { PriceList } from '../pricing/index.server';
import type { ProductSort } from './types';

export const GLOBAL_ORDERS: Record<Exclude<ProductSort, 'featured' | 'price-asc' | 'price-desc'>, number> = {
  newest: -1,
  name: -2,
  'top-rated': -3,
};

/** The id of a price list's price order (ascending; descending is the next id). */
export function priceOrderId(listKey: string): number {
  if (listKey === 'retail') return -10;
  const match = /^([gp])(\d+)$/.exec(listKey);
  if (!match) throw new Error(`unknown price list ${listKey}`);
  return -(1000 + Number(match[2]) * 4 + (match[1] === 'p' ? 2 : 0));
}

/** The order a listing page reads: a category's merchandised order, a global order, or a price order. */
export function orderIdFor(sort: ProductSort, categoryId: number, list: PriceList): number {
  if (sort === 'featured') return categoryId;
  if (sort === 'price-asc') return priceOrderId(list.key);
  if (sort === 'price-desc') return priceOrderId(list.key) - 1;
  return GLOBAL_ORDERS[sort];
}
