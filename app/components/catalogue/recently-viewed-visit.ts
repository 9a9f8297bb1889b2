/**
 * The recently viewed strip's work in the browser (recently-viewed.tsx loads this module once the product page has
 * hydrated, so none of it is in the page's scripts at load: issue 7 §6, decision 049): record this view in the
 * cookies when the shopper allowed functional cookies, and load the cards of the products seen before it.
 */
import type { ProductCard } from '../../../server/catalogue/public';
import { cookiesAfterView, readRecentlyViewed } from './recently-viewed-cookie';

/** What the strip shows: the cards of the others, each linking the colour the shopper viewed (issue 9 §8). */
export type Seen = ProductCard[];

/**
 * Reads the `recently_viewed` cookies, records this view (newest first, at most 10; only with the consent to
 * functional cookies, C0003: without it, lists left from an earlier consent are removed) and resolves with the
 * cards of the others, or null when there are none or they could not be loaded (the strip is an extra).
 */
export function visitAndLoad(productId: number, colorSlug: string): Promise<Seen | null> {
  const cookies = readRecentlyViewed(document.cookie);
  const others = cookies.ids.filter((id) => id !== productId);
  const colors = new Map(cookies.ids.map((id, index) => [id, cookies.colors[index] ?? '']));
  const secure = window.location.protocol === 'https:';
  for (const cookie of cookiesAfterView(document.cookie, { id: productId, colorSlug }, { secure }))
    document.cookie = cookie;
  if (others.length === 0) return Promise.resolve(null);
  return fetch(`/products/recently-viewed?ids=${others.join(',')}`, {
    headers: { Accept: 'application/json' },
  })
    .then((response) => (response.ok ? (response.json() as Promise<{ products: ProductCard[] }>) : null))
    .then((data) => {
      const products = (data?.products ?? [])
        .filter((product) => product.id !== productId)
        .map((product) => {
          const slug = (colors.get(product.id) ?? '').toLowerCase();
          const viewed = product.swatches.find((swatch) => slug !== '' && swatch.slug.toLowerCase() === slug);
          return viewed ? { ...product, href: viewed.href } : product;
        });
      return products.length > 0 ? products : null;
    })
    .catch(() => null);
}
