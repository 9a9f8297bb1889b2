import { Await } from '@remix-run/react';
import { memo, Suspense } from 'react';
import type { ProductCard as Card } from '../../../server/catalogue/public';
import { ProductCard } from './product-card';
import * as styles from './recommendations.css';

/** A titled row of product cards (recommendations, recently viewed); nothing when there are none. */
export function ProductStrip({ title, products, id }: { title: string; products: Card[]; id: string }) {
  if (products.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul role="list" className={styles.row}>
        {products.map((product) => (
          <li key={product.id} className={styles.item}>
            <ProductCard product={product} priority={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "You may also like" (10 on product pages): deferred data streamed after the page. The promise given never
 * rejects (the loader turns a failure into an empty list), so the page never fails because of it.
 * Memoised: the page re-renders while its Suspense boundary may still be hydrating (stock refresh, recently
 * viewed fetchers), and an update reaching a boundary that has not hydrated is a React error (#421).
 */
export const Recommendations = memo(function Recommendations({
  products,
  title = 'You may also like',
}: {
  products: Promise<Card[]>;
  title?: string;
}) {
  return (
    <Suspense fallback={null}>
      <Await resolve={products}>
        {(resolved) => <ProductStrip title={title} products={resolved} id="recommendations-title" />}
      </Await>
    </Suspense>
  );
});

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
