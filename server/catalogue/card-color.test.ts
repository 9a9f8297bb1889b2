import { describe, expect, it } from 'vitest';
import { cardColor } from './card-color';
import { toColorSwatches, type ColorValueRecord } from './colors';

const value = (id: number, label: string, extra: Partial<ColorValueRecord> = {}): ColorValueRecord => ({
  id,
  label,
  sortOrder: id,
  isDefault: false,
  swatch: null,
  colorHex: null,
  isPattern: false,
  ...extra,
});

/** Default Lead (a solid), then the patterns Optifade Timber and Optifade Subalpine, then Black. */
const JACKET = [
  value(1, 'Lead', { isDefault: true }),
  value(2, 'Optifade Subalpine', { isPattern: true }),
  value(3, 'Black'),
  value(4, 'Optifade Timber', { isPattern: true, sortOrder: 0 }),
];
/** No colour marked default: the first listed (patterns first) is. */
const PANT = [value(1, 'Covert'), value(2, 'Sitka Black Blaze Orange'), value(3, 'Optifade Elevated II')];

describe('cardColor', () => {
  it.each<[string, ColorValueRecord[], string[], string | undefined, boolean]>([
    ['the default colour without a colour filter', JACKET, [], 'Lead', false],
    ['the default colour when none is marked and no filter', PANT, [], 'Covert', false],
    ['the one colour the filter names', JACKET, ['Black'], 'Black', true],
    ['a pattern the filter names, by its slug', JACKET, ['Optifade-Subalpine'], 'Optifade Subalpine', true],
    ['a slug in any case', JACKET, ['optifade-subalpine'], 'Optifade Subalpine', true],
    ['the default colour when the filter names it among others', JACKET, ['Black', 'lead'], 'Lead', true],
    [
      'the first match in card order (patterns first), not the filter’s order',
      JACKET,
      ['Black', 'Optifade-Subalpine', 'Optifade-Timber'],
      'Optifade Timber',
      true,
    ],
    ['the option order among solids', JACKET, ['Black', 'Lead-Grey'], 'Black', true],
    ['a colour after the default', PANT, ['Optifade-Elevated-II'], 'Optifade Elevated II', true],
    ['the default when the filter names none of its colours', JACKET, ['Covert'], 'Lead', false],
    ['nothing for a product without colours', [], ['Black'], undefined, false],
  ])('shows %s', (_case, values, filter, label, matchesFilter) => {
    const shown = cardColor(toColorSwatches('jacket', values), filter);
    expect(shown.color?.label).toBe(label);
    expect(shown.matchesFilter).toBe(matchesFilter);
  });

  it('gives the same colour whatever the order of the filter’s values', () => {
    const colors = toColorSwatches('jacket', JACKET);
    const forward = cardColor(colors, ['Black', 'Optifade-Subalpine']);
    const backward = cardColor(colors, ['Optifade-Subalpine', 'Black']);
    expect(forward.color?.label).toBe('Optifade Subalpine');
    expect(backward.color?.label).toBe('Optifade Subalpine');
  });

  it('links the colour it shows', () => {
    const shown = cardColor(toColorSwatches('dew-point-jacket', JACKET), ['Optifade-Subalpine']);
    expect(shown.color?.href).toBe('/products/dew-point-jacket/Optifade-Subalpine');
  });
});
