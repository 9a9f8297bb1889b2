import { createContext, useContext } from 'react';
import type { CardView } from './card-view';
import { ProductCard } from './product-card';

/**
 * A card's markup for given props, from the server's cache (card-markup.server.tsx), provided to the render by
 * entry.server. Null in the browser, where cards are rendered as components (and hydrate the server's markup).
 */
export type CardMarkup = (product: CardView, priority: boolean, headingLevel: 2 | 3) => string;

const CardMarkupContext = createContext<CardMarkup | null>(null);
export const CardMarkupProvider = CardMarkupContext.Provider;

/**
 * One card in its list item. `ProductCard` is a pure function of its props (no hooks, no context), so on the server
 * its markup is taken from a cache keyed by those props (decision 058): a personal render of a listing pastes the
 * 24 cards' markup instead of rendering some 800 elements again. The browser renders the same component, and its
 * markup is exactly what React renders for it, so hydration finds what it renders.
 */
export function CardItem({
  product,
  priority,
  headingLevel = 2,
  className,
  markProduct = false,
}: {
  product: CardView;
  priority: boolean;
  headingLevel?: 2 | 3;
  className?: string;
  /** Whether the item carries `data-product-id` (the recommendation block's click beacons find the card by it). */
  markProduct?: boolean;
}) {
  const markup = useContext(CardMarkupContext);
  const productId = markProduct ? product.id : undefined;
  if (markup) {
    return (
      <li
        className={className}
        data-product-id={productId}
        dangerouslySetInnerHTML={{ __html: markup(product, priority, headingLevel) }}
      />
    );
  }
  return (
    <li className={className} data-product-id={productId}>
      <ProductCard product={product} priority={priority} headingLevel={headingLevel} />
    </li>
  );
}
