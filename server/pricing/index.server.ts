/**
 * The pricing context (SPEC §6, issue 7 §2): price lists from the customer groups, and the rules that turn a
 * product's list and sale prices into what a viewer pays (`price-rules.ts`, with its SQL twin `price-sql.ts`).
 * Other contexts call this service or the pure rules; nothing else computes a price.
 */
import type { PriceListKey } from '../viewer/public';
import { allPriceLists, priceListFor, priceListKeyFor, type GroupForPricing } from './price-lists';
import type { PriceList } from './price-rules';

export * from './price-rules';
export * from './badge-claims';
export { priceSql, type PriceColumns } from './price-sql';
export { allPriceLists, priceListFor, priceListKeyFor, type GroupForPricing } from './price-lists';

export type PricingService = {
  /** The price list a key names (retail for an unknown key). Groups are read once and kept until invalidated. */
  priceList(key: PriceListKey): Promise<PriceList>;
  /** Every price list of the store, retail first. */
  priceLists(): Promise<PriceList[]>;
  /** The key of a customer's price list (at sign-in). */
  priceListKeyFor(group: GroupForPricing | null, options: { pro: boolean }): PriceListKey;
  /** Drops the kept groups (after they change). */
  invalidate(): void;
};

export function createPricingService({
  loadGroups,
}: {
  loadGroups: () => Promise<GroupForPricing[]>;
}): PricingService {
  let groups: Promise<GroupForPricing[]> | undefined;
  const current = () => {
    groups ??= loadGroups().catch((error: unknown) => {
      groups = undefined;
      throw error;
    });
    return groups;
  };
  return {
    async priceList(key) {
      return key === 'retail' ? priceListFor('retail', []) : priceListFor(key, await current());
    },
    async priceLists() {
      return allPriceLists(await current());
    },
    priceListKeyFor,
    invalidate() {
      groups = undefined;
    },
  };
}
