import { Await } from '@remix-run/react';
import { memo, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { usePlainLinkPrefetch, usePlainLinks } from '../layout/plain-links';
import type { CardView as Card } from './card-view';
import { useHydrated } from './listing-hydrated';
import { ProductCard } from './product-card';
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
          <li key={product.id} className={styles.item} data-product-id={product.id}>
            <ProductCard product={product} priority={false} headingLevel={3} />
          </li>
        ))}
      </ul>
      {prefetch}
    </section>
  );
}

/** How near the viewport the block is when its behaviour loads (recommendations-block.ts). */
const NEAR_VIEWPORT = '400px 0px';

/**
 * "You may also like" (10 on product pages): deferred data streamed after the page (a shared page, the same for
 * every viewer of its price list, waits for it: entry.server.tsx). The promise given never rejects (the loader
 * turns a failure into an empty list), so the page never fails because of it. Memoised: the page re-renders while
 * its Suspense boundary may still be hydrating (stock refresh, recently viewed), and an update reaching a boundary
 * that has not hydrated is a React error (#421).
 *
 * With JavaScript, the block refines itself for the shopper and sends its beacons (issue 12 §6,
 * docs/decisions/057-recommendations-and-beacons.md): once hydrated and near the viewport, it loads
 * recommendations-block.ts, which asks for the shopper's own cards (a private request) and reports render,
 * impression and clicks. Nothing of that is in the page's scripts at load, and nothing updates the boundary from
 * outside: the refined cards are this component's own state, set in a transition from its own effect, which runs
 * only once the component (and so its boundary) has hydrated.
 */
export const Recommendations = memo(function Recommendations({
  products,
  productId,
  title = 'You may also like',
}: {
  products: Promise<Card[]>;
  /** The product whose page this is. */
  productId: number;
  title?: string;
}) {
  return (
    <Suspense fallback={null}>
      <Await resolve={products}>
        {(resolved) => (
          <RecommendationBlock key={productId} productId={productId} served={resolved} title={title} />
        )}
      </Await>
    </Suspense>
  );
});

function RecommendationBlock({
  productId,
  served,
  title,
}: {
  productId: number;
  served: Card[];
  title: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [refined, setRefined] = useState<Card[] | null>(null);
  const servedIds = served.map((product) => product.id).join(',');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let live = true;
    let stop: (() => void) | undefined;
    const start = () => {
      void import('./recommendations-block')
        .then(({ startRecommendations }) => {
          if (!live) return;
          stop = startRecommendations(element, {
            productId,
            servedIds: servedIds === '' ? [] : servedIds.split(',').map(Number),
            onRefined: (cards) => startTransition(() => setRefined(cards)),
          });
        })
        // The refinement and beacons are extras: the served block is complete.
        .catch(() => undefined);
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              observer?.disconnect();
              start();
            },
            { rootMargin: NEAR_VIEWPORT },
          )
        : null;
    if (observer) observer.observe(element);
    else start();
    return () => {
      live = false;
      observer?.disconnect();
      stop?.();
    };
  }, [productId, servedIds]);
  return (
    <div ref={ref} data-recommendations="">
      <ProductStrip title={title} products={refined ?? served} id="recommendations-title" />
    </div>
  );
}

/**
 * The product-view beacon of a product page (issue 12 §6): sent after hydration, once per product shown, with the
 * shopper's performance consent only (search-beacons.ts, a chunk loaded then, not at load).
 */
export function useProductViewBeacon(productId: number): void {
  useEffect(() => {
    void import('../analytics/search-beacons')
      .then(({ trackProductView }) => trackProductView(productId))
      .catch(() => undefined);
  }, [productId]);
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
