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

/** A size the seed sells, with what a test needs to find and name it. */
export type SeedSize = {
  name: string;
  /** The product page of the size's colour. */
  path: string;
  color: string;
  size: string;
  sku: string;
  /** Units of standard (non-pro) stock the seed gives it. */
  stock: number;
  /** How the cart names its line: "Name, Colour, Size". */
  label: string;
};

/**
 * The first visible, purchasable size (with a colour) whose standard stock is within [min, max]; with `atListPrice`
 * only one whose variant has no price of its own. Throws when the seed has none, so a test never skips silently.
 */
export function sizeWithStandardStock(
  seed: Seed,
  { min, max = Infinity, atListPrice = false }: { min: number; max?: number; atListPrice?: boolean },
): SeedSize {
  const labelOf = (valueId: number | null) =>
    seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';
  const standardOf = (sku: string) =>
    seed.inventoryRecords.find((row) => row.variantSku === sku)?.standardQuantity ?? 0;
  for (const product of seed.products) {
    if (!product.isVisible) continue;
    const variant = seed.variants.find(
      (candidate) =>
        candidate.productId === product.id &&
        candidate.sizeValueId !== null &&
        candidate.colorValueId !== null &&
        !candidate.purchasingDisabled &&
        (!atListPrice || candidate.priceCents === null) &&
        standardOf(candidate.sku) >= min &&
        standardOf(candidate.sku) <= max,
    );
    if (!variant) continue;
    const color = labelOf(variant.colorValueId);
    const size = labelOf(variant.sizeValueId);
    return {
      name: product.name,
      path: productPath(product.url, color),
      color,
      size,
      sku: variant.sku,
      stock: standardOf(variant.sku),
      label: `${product.name}, ${color}, ${size}`,
    };
  }
  throw new Error(`the seed has no size with ${min} to ${max} units of standard stock`);
}
