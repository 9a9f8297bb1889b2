import { useEffect, useState } from 'react';
import type { ProductStrip as Strip } from './product-strip';
import { loadProductStrip } from './recommendations';
import { viewHasWork } from './recently-viewed-names';
import type { Seen } from './recently-viewed-visit';

/**
 * The recently viewed strip. With JavaScript it reads the `recently_viewed` cookies in the browser, loads
 * the cards of the products seen before this one, then records this view (newest first, at most 10) when the
 * shopper allowed functional cookies (recently-viewed-visit.ts, a chunk of its own loaded after hydration).
 * The page's HTML stays the same for everyone (and cacheable); without JavaScript nothing is recorded or
 * shown (docs/decisions/020-recently-viewed-and-product-page-extras.md).
 *
 * The cards are fetched into this component's own state, not through a Remix fetcher: a fetcher's update
 * re-renders every route consumer, including the recommendations' Suspense boundary while it may still be
 * hydrating, which React 18 refuses (error 421). Each card links the colour the shopper viewed (issue 9 §8, recently-viewed-visit.ts).
 */
export function RecentlyViewed({ productId, colorSlug }: { productId: number; colorSlug: string }) {
  const [seen, setSeen] = useState<{ products: Seen; ProductStrip: typeof Strip } | null>(null);
  useEffect(() => {
    // Nothing to record, show or remove (a shopper without the functional consent and without lists): no script.
    if (!viewHasWork(document.cookie)) return;
    let current = true;
    // Its own chunk, loaded after hydration: reading and writing the cookies and fetching the cards; the strip's
    // code (shared with the recommendations) only when there are cards to show.
    void import('./recently-viewed-visit')
      .then(({ visitAndLoad }) => visitAndLoad(productId, colorSlug))
      .then(async (products) => (products ? { products, ProductStrip: await loadProductStrip() } : null))
      .then((loaded) => {
        if (current && loaded) setSeen(loaded);
      })
      // The strip is an extra: without it the page is complete.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [productId, colorSlug]);
  if (!seen) return null;
  const { ProductStrip, products } = seen;
  return <ProductStrip title="Recently viewed" products={products} id="recently-viewed-title" />;
}
