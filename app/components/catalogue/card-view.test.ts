import { describe, expect, it } from 'vitest';
import type { ColorSwatch, ProductCard } from '../../../server/catalogue/public';
import { cardView } from './card-view';

const swatch = (id: number): ColorSwatch => ({
  id,
  label: `Colour ${id}`,
  slug: `Colour-${id}`,
  href: `/products/jacket/Colour-${id}`,
  swatchUrl: null,
  hex: '#000000',
  isPattern: false,
  isDefault: id === 1,
});

/** A card of a product in `colors` colours (ids 1…), showing colour `shown`. */
const card = (colors: number, shown: number, matchesFilter: boolean): ProductCard => ({
  id: 7,
  name: 'Jacket',
  url: 'jacket',
  href: `/products/jacket/Colour-${shown}`,
  price: { currentCents: 10_000, compareAtCents: null, source: 'list', saleBadge: null },
  shownColor: { id: shown, slug: `Colour-${shown}`, matchesFilter },
  image: null,
  swatches: Array.from({ length: colors }, (_, index) => swatch(index + 1)),
  rating: null,
  badges: [],
});

describe('cardView', () => {
  it.each<[string, ProductCard, number[], number | undefined]>([
    ['an unfiltered card: the first six, none marked', card(8, 1, false), [1, 2, 3, 4, 5, 6], undefined],
    ['a filtered colour among the first six: marked in place', card(8, 3, true), [1, 2, 3, 4, 5, 6], 3],
    ['a filtered colour further down: it takes the sixth place', card(9, 8, true), [1, 2, 3, 4, 5, 8], 8],
    ['a product of few colours', card(2, 2, true), [1, 2], 2],
  ])('sends the swatches of %s', (_case, product, ids, shown) => {
    const view = cardView(product);
    expect(view.swatches.map((item) => item.id)).toEqual(ids);
    expect(view.shownSwatchId).toBe(shown);
    expect(view.href).toBe(product.href);
  });

  it('counts every colour when it sends fewer', () => {
    expect(cardView(card(9, 8, true)).colorCount).toBe(9);
    expect(cardView(card(6, 1, false))).not.toHaveProperty('colorCount');
  });

  it('sends nothing new for an unfiltered card', () => {
    expect(Object.keys(cardView(card(3, 1, false))).sort()).toEqual(
      ['badges', 'href', 'id', 'image', 'name', 'price', 'rating', 'swatches'].sort(),
    );
  });
});
