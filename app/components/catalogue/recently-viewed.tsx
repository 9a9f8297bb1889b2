import { useEffect, useState } from 'react';
import { cookiesAfterView, readRecentlyViewed } from './recently-viewed-cookie';
import type { ProductCard } from '../../../server/catalogue/public';
import { ProductStrip } from './recommendations';

/** What the strip shows: the cards, and the colour slug the shopper viewed of each product. */
type Seen = { products: ProductCard[]; colors: ReadonlyMap<number, string> };

/**
 * The recently viewed strip. With JavaScript it reads the `recently_viewed` cookies in the browser, loads
 * the cards of the products seen before this one, then records this view (newest first, at most 10) when the
 * shopper allowed functional cookies.
 * The page's HTML stays the same for everyone (and cacheable); without JavaScript nothing is recorded or
 * shown (docs/decisions/020-recently-viewed-and-product-page-extras.md).
 *
 * The cards are fetched into this component's own state, not through a Remix fetcher: a fetcher's update
 * re-renders every route consumer, including the recommendations' Suspense boundary while it may still be
 * hydrating, which React 18 refuses (error 421). Each card links the colour the shopper viewed (issue 9 §8).
 */
export function RecentlyViewed({ productId, colorSlug }: { productId: number; colorSlug: string }) {
  const [seen, setSeen] = useState<Seen>({ products: [], colors: new Map() });
  useEffect(() => {
    const cookies = readRecentlyViewed(document.cookie);
    const others = cookies.ids.filter((id) => id !== productId);
    const colors = new Map(cookies.ids.map((id, index) => [id, cookies.colors[index] ?? '']));
    let current = true;
    if (others.length > 0) {
      fetch(`/products/recently-viewed?ids=${others.join(',')}`, { headers: { Accept: 'application/json' } })
        .then((response) => (response.ok ? (response.json() as Promise<{ products: ProductCard[] }>) : null))
        .then((data) => {
          if (current && data) setSeen({ products: data.products, colors });
        })
        // The strip is an extra: without it the page is complete.
        .catch(() => undefined);
    }
    // Recorded only with the shopper's consent to functional cookies (C0003); without it, lists left from an
    // earlier consent are removed.
    const secure = window.location.protocol === 'https:';
    for (const cookie of cookiesAfterView(document.cookie, { id: productId, colorSlug }, { secure }))
      document.cookie = cookie;
    return () => {
      current = false;
    };
  }, [productId, colorSlug]);
  const products = seen.products
    .filter((product) => product.id !== productId)
    .map((product) => {
      const slug = (seen.colors.get(product.id) ?? '').toLowerCase();
      const viewed = product.swatches.find((swatch) => slug !== '' && swatch.slug.toLowerCase() === slug);
      return viewed ? { ...product, href: viewed.href } : product;
    });
  return <ProductStrip title="Recently viewed" products={products} id="recently-viewed-title" />;
}
