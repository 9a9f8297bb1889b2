/** Products picked from generated seed data by what a test needs of their prices. */
import { productPath } from '../../server/catalogue/slug';
import type { generateSeedData } from '../../server/db/seed/index';

type Seed = ReturnType<typeof generateSeedData>;

/**
 * A product at its list price for everyone (no sale, no per-product group percentage, pro discount allowed, every
 * variant at the product's price), whose 30 % off is a whole number of cents: its page and its price.
 */
export function productAtOneListPrice(seed: Seed): { path: string; cents: number } {
  const labelOf = (valueId: number | null) =>
    seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';
  for (const candidate of seed.products) {
    if (!candidate.isVisible || candidate.productType === 'wader' || candidate.excludeProDiscount) continue;
    if (candidate.salePriceCents !== null || Object.keys(candidate.groupPercents ?? {}).length > 0) continue;
    if (candidate.priceCents % 10 !== 0) continue;
    const variants = seed.variants.filter((variant) => variant.productId === candidate.id);
    if (variants.length === 0 || variants.some((variant) => variant.priceCents !== null)) continue;
    return {
      path: productPath(candidate.url, labelOf(variants[0]!.colorValueId)),
      cents: candidate.priceCents,
    };
  }
  throw new Error('the seed has no product at one list price for every shopper');
}
