/**
 * The catalogue's one use of pricing: the price a viewer on a price list sees for a product or variant, from its
 * pricing inputs (list and sale price, type, exclusions, group percentages). Pure.
 */
import { priceFor, saleBadgeFor, type PriceList, type PricedItem } from '../pricing/public';
import type { DisplayPrice } from './types';

export type { PricedItem };

export function displayPrice(list: PriceList, item: PricedItem): DisplayPrice {
  const price = priceFor(list, item);
  return {
    currentCents: price.currentCents,
    compareAtCents: price.compareAtCents,
    source: price.source,
    saleBadge: saleBadgeFor(price),
  };
}
