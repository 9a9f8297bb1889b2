import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { cookiesAfterView, readRecentlyViewed } from './recently-viewed-cookie';
import type { ProductCard } from '../../../server/catalogue/public';
import { ProductStrip } from './recommendations';

/**
 * The recently viewed strip. With JavaScript it reads the `recently_viewed` cookies in the browser, loads
 * the cards of the products seen before this one, then records this view (newest first, at most 10) when the
 * shopper allowed functional cookies.
 * The page's HTML stays the same for everyone (and cacheable); without JavaScript nothing is recorded or
 * shown (docs/decisions/020-recently-viewed-and-product-page-extras.md).
 */
export function RecentlyViewed({ productId, colorSlug }: { productId: number; colorSlug: string }) {
  const fetcher = useFetcher<{ products: ProductCard[] }>();
  const { load } = fetcher;
  useEffect(() => {
    const seen = readRecentlyViewed(document.cookie);
    const others = seen.ids.filter((id) => id !== productId);
    if (others.length > 0) load(`/products/recently-viewed?ids=${others.join(',')}`);
    // Recorded only with the shopper's consent to functional cookies (C0003); without it, lists left from an
    // earlier consent are removed.
    const secure = window.location.protocol === 'https:';
    for (const cookie of cookiesAfterView(document.cookie, { id: productId, colorSlug }, { secure }))
      document.cookie = cookie;
  }, [productId, colorSlug, load]);
  const loaded = (fetcher.data?.products ?? []).filter((product) => product.id !== productId);
  // Cards link the colour the shopper viewed of each product (issue 9 §8). Cards exist only after the fetch in
  // the browser, so the cookie is there to read.
  const seen = loaded.length > 0 ? readRecentlyViewed(document.cookie) : { ids: [], colors: [] };
  const products = loaded.map((product) => {
    const slug = (seen.colors[seen.ids.indexOf(product.id)] ?? '').toLowerCase();
    const viewed = product.swatches.find((swatch) => slug !== '' && swatch.slug.toLowerCase() === slug);
    return viewed ? { ...product, href: viewed.href } : product;
  });
  return <ProductStrip title="Recently viewed" products={products} id="recently-viewed-title" />;
}
