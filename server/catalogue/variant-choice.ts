/** Which variant of the selected colour a product page has chosen (SPEC §2 `?size=`). Pure. */
import type { ProductVariant } from './types';

/**
 * The variant of `size`; a colour sold without a size option has a single variant, chosen with the
 * colour. An unknown size chooses nothing (the page then asks for a size).
 */
export function chosenVariant(
  variants: readonly ProductVariant[],
  size: string | null,
): ProductVariant | null {
  const [only] = variants;
  if (variants.length === 1 && only?.size === null) return only;
  return variants.find((variant) => size !== null && variant.size === size) ?? null;
}
