import { renderToString } from 'react-dom/server';
import type { CardMarkup } from './card-markup';
import { ProductCard } from './product-card';

/**
 * Cards' markup by their props (decision 058). The key is the props themselves (the card's view for the viewer's
 * price list, whether its image loads eagerly, its heading level), so an entry can never be stale: a changed price,
 * name, stock badge or image is another key, and the old entry ages out. Bounded: least recently used first.
 */
export const CARD_MARKUP_ENTRIES = 4_000;

export function createCardMarkup(capacity = CARD_MARKUP_ENTRIES): CardMarkup & { readonly size: number } {
  const entries = new Map<string, string>();
  const markup = (product: Parameters<CardMarkup>[0], priority: boolean, headingLevel: 2 | 3) => {
    const key = `${headingLevel}${priority ? 'e' : 'l'}${JSON.stringify(product)}`;
    const cached = entries.get(key);
    if (cached !== undefined) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
    // renderToString, not renderToStaticMarkup: the `<!-- -->` between adjacent texts are what hydration expects.
    const rendered = renderToString(
      <ProductCard product={product} priority={priority} headingLevel={headingLevel} />,
    );
    entries.set(key, rendered);
    if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    return rendered;
  };
  return Object.defineProperty(markup, 'size', { get: () => entries.size }) as CardMarkup & {
    readonly size: number;
  };
}

/** The server's one cache of card markup. */
export const cardMarkup = createCardMarkup();
