// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import { CardItem, CardMarkupProvider } from './card-markup';
import { createCardMarkup } from './card-markup.server';
import type { CardView } from './card-view';

const sale: CardView = {
  id: 2098,
  name: 'Jetstream Softshell Jacket',
  href: '/products/jetstream-softshell-jacket/Optifade-Subalpine',
  price: { currentCents: 27599, compareAtCents: 36900, source: 'sale' },
  image: {
    url: '/images/catalogue/jacket/sub-front.svg',
    alt: 'Jetstream in Subalpine',
    width: 800,
    height: 1000,
  },
  swatches: [
    { id: 1, label: 'Optifade Subalpine', swatchUrl: '/swatches/sub.svg', hex: '#8b8673' },
    { id: 2, label: 'Shadow', swatchUrl: null, hex: '#3b3d3c' },
  ],
  colorCount: 9,
  rating: { score: 4.5, totalCount: 12 },
  badges: ['25% OFF', 'New Sizes'],
};
const regular: CardView = {
  ...sale,
  id: 7,
  name: 'Plain & “simple” <tee>',
  price: { currentCents: 4500, compareAtCents: null, source: 'list' },
  image: null,
  swatches: [],
  colorCount: undefined,
  rating: null,
  badges: [],
};
const group: CardView = {
  ...sale,
  id: 8,
  price: { currentCents: 30000, compareAtCents: 36900, source: 'group' },
};

function List({ priority, headingLevel }: { priority: boolean; headingLevel: 2 | 3 }) {
  return (
    <ul>
      {[sale, regular, group].map((product) => (
        <CardItem key={product.id} product={product} priority={priority} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

describe('cards from the markup cache (decision 058)', () => {
  test.each([
    [true, 2],
    [false, 3],
  ] as const)('are the markup React renders for them (eager %s, h%s)', (priority, headingLevel) => {
    const cache = createCardMarkup();
    const rendered = renderToString(<List priority={priority} headingLevel={headingLevel} />);
    const cached = () =>
      renderToString(
        <CardMarkupProvider value={cache}>
          <List priority={priority} headingLevel={headingLevel} />
        </CardMarkupProvider>,
      );
    expect(cached()).toBe(rendered);
    expect(cache.size).toBe(3);
    // The second render is served from the cache, and still the same.
    expect(cached()).toBe(rendered);
    expect(cache.size).toBe(3);
  });

  test('are keyed by everything the card shows: another price is another entry', () => {
    const cache = createCardMarkup();
    const before = cache(sale, false, 2);
    const cheaper = cache({ ...sale, price: { ...sale.price, currentCents: 19999 } }, false, 2);
    expect(cheaper).not.toBe(before);
    expect(cheaper).toContain('$199.99');
    expect(cache(sale, true, 2)).not.toBe(before);
    expect(cache(sale, false, 3)).not.toBe(before);
    expect(cache.size).toBe(4);
  });

  test('keep at most their capacity, the least recently used leaving first', () => {
    const cache = createCardMarkup(2);
    const first = cache(sale, false, 2);
    cache(regular, false, 2);
    cache(sale, false, 2); // used again: the regular card is now the oldest
    cache(group, false, 2);
    expect(cache.size).toBe(2);
    expect(cache(sale, false, 2)).toBe(first);
  });

  test('hydrate in the browser as the components they are, without a mismatch', async () => {
    const html = renderToString(
      <CardMarkupProvider value={createCardMarkup()}>
        <List priority={true} headingLevel={2} />
      </CardMarkupProvider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const before = container.innerHTML;
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <List priority={true} headingLevel={2} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // Hydration kept every node the server sent: nothing was rendered again in the browser.
    expect(container.innerHTML).toBe(before);
    expect(container.querySelectorAll('article')).toHaveLength(3);
  });
});
