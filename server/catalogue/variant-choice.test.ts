import { describe, expect, it } from 'vitest';
import type { ProductVariant } from './types';
import { chosenVariant } from './variant-choice';

const variant = (id: number, size: string | null): ProductVariant => ({
  id,
  sku: `600123-SUB-${size ?? 'OS'}`,
  size,
  price: { currentCents: 19_900, compareAtCents: null, source: 'list', saleBadge: null },
  purchasingDisabled: false,
  inventoryLevel: 3,
});

const sized = [variant(1, 'S'), variant(2, 'M'), variant(3, 'L')];
const sizeless = [variant(9, null)];

describe('chosenVariant', () => {
  it.each<[string, ProductVariant[], string | null, number | null]>([
    ['the variant of the size asked for', sized, 'M', 2],
    ['nothing while no size is asked for', sized, null, null],
    ['nothing for an unknown size', sized, 'XXL', null],
    ['nothing for a size in another case', sized, 'm', null],
    ['the only variant of a colour without sizes', sizeless, null, 9],
    ['the only variant of a colour without sizes, whatever the size', sizeless, 'M', 9],
    ['nothing for a colour without variants', [], 'M', null],
  ])('chooses %s', (_case, variants, size, id) => {
    expect(chosenVariant(variants, size)?.id ?? null).toBe(id);
  });
});
