import { describe, expect, it } from 'vitest';
import { defaultColor, findColorBySlug, toColorSwatches, type ColorValueRecord } from './colors';

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

describe('toColorSwatches', () => {
  it('lists camouflage patterns first, then by option order', () => {
    const colors = toColorSwatches('mountain-pant', [
      value(1, 'Lead'),
      value(2, 'Optifade Subalpine', { isPattern: true }),
      value(3, 'Covert', { sortOrder: 0 }),
      value(4, 'Optifade Timber', { isPattern: true, sortOrder: 1 }),
    ]);
    expect(colors.map((color) => color.label)).toEqual([
      'Optifade Timber',
      'Optifade Subalpine',
      'Covert',
      'Lead',
    ]);
  });

  it('builds the slug, the colour page link and the swatch path', () => {
    const [color] = toColorSwatches('mountain-pant', [
      value(7, 'Optifade Subalpine', {
        swatch: 'sub.svg',
        colorHex: '#8b8673',
        isPattern: true,
        isDefault: true,
      }),
    ]);
    expect(color).toEqual({
      id: 7,
      label: 'Optifade Subalpine',
      slug: 'Optifade-Subalpine',
      href: '/products/mountain-pant/Optifade-Subalpine',
      swatchUrl: '/swatches/sub.svg',
      hex: '#8b8673',
      isPattern: true,
      isDefault: true,
    });
  });
});

describe('defaultColor', () => {
  it.each([
    ['the colour marked default', [value(1, 'Lead'), value(2, 'Covert', { isDefault: true })], 'Covert'],
    ['the first colour when none is marked', [value(1, 'Lead'), value(2, 'Covert')], 'Lead'],
    ['nothing for a product without colours', [], undefined],
  ])('picks %s', (_case, values, label) => {
    expect(defaultColor(toColorSwatches('p', values))?.label).toBe(label);
  });
});

describe('findColorBySlug', () => {
  const colors = toColorSwatches('p', [value(1, 'Optifade Subalpine'), value(2, 'Lead')]);
  it.each([
    ['Optifade-Subalpine', 'Optifade Subalpine'],
    ['optifade-subalpine', 'Optifade Subalpine'],
    ['LEAD', 'Lead'],
    ['Optifade Subalpine', undefined],
    ['Covert', undefined],
  ])('%j → %j', (slug, label) => {
    expect(findColorBySlug(colors, slug)?.label).toBe(label);
  });
});
