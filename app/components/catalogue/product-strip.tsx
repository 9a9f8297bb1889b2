/**
 * Rows of product cards: the product page's strips ("You may also like", recently viewed) load this module when
 * they need it (recommendations.tsx, recently-viewed.tsx), so it is not in the product page's scripts at load.
 */
import { Await } from '@remix-run/react';
import { memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { usePlainLinkPrefetch, usePlainLinks } from '../layout/plain-links';
import type { CardView as Card } from './card-view';
import { useHydrated } from './listing-hydrated';
import { CardItem } from './card-markup';
import * as styles from './recommendations.css';

/**
 * A titled row of product cards (recommendations, recently viewed); nothing when there are none. The row
 * scrolls sideways (with its scrollbar shown); with JavaScript, Previous and Next buttons beside the title
 * scroll it by a view's width and are disabled at its ends (issue 9 §8: all cards visible or reachable by
 * visible controls).
 */
export function ProductStrip({ title, products, id }: { title: string; products: Card[]; id: string }) {
  const hydrated = useHydrated();
  const rowRef = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ start: true, end: true });
  // The cards' plain links navigate in the app and prefetch on intent (product-card.tsx).
  usePlainLinks(rowRef, products.length > 0);
  const prefetch = usePlainLinkPrefetch(rowRef, products.length > 0);
  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    const start = row.scrollLeft <= 1;
    const end = row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
    setEnds((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      row.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure, products.length]);
  if (products.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    const instant = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row?.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: instant ? 'instant' : 'smooth' });
  };
  const rowId = `${id}-row`;
  const scrollable = !(ends.start && ends.end);
  return (
    <section className={styles.strip} aria-labelledby={id}>
      <div className={styles.header}>
        <h2 id={id} className={styles.heading}>
          {title}
        </h2>
        {hydrated && scrollable ? (
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.control}
              aria-controls={rowId}
              disabled={ends.start}
              onClick={() => scroll(-1)}
            >
              <span aria-hidden="true">‹</span> Previous
            </button>
            <button
              type="button"
              className={styles.control}
              aria-controls={rowId}
              disabled={ends.end}
              onClick={() => scroll(1)}
            >
              Next <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </div>
      <ul ref={rowRef} id={rowId} role="list" className={styles.row}>
        {products.map((product) => (
          <CardItem
            key={product.id}
            className={styles.item}
            product={product}
            priority={false}
            headingLevel={3}
            markProduct
          />
        ))}
      </ul>
      {prefetch}
    </section>
  );
}

/** The article-style block (8 products) for content pages: the same deferred, never-failing contract. */
export const ArticleRecommendations = memo(function ArticleRecommendations({
  products,
  title = 'Shop the story',
}: {
  products: Promise<Card[]>;
  title?: string;
}) {
  return (
    <Suspense fallback={null}>
      <Await resolve={products}>
        {(resolved) => (
          <ProductStrip title={title} products={resolved.slice(0, 8)} id="article-recommendations-title" />
        )}
      </Await>
    </Suspense>
  );
});
