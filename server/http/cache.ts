/**
 * Cache policies, named once. Routes import these (this module is pure, safe in the server bundle) and emit
 * them from `headers`; the HTTP layer downgrades any public response to `private, no-store` when the request
 * carries a personal cookie, so a CDN never stores a shopper's page.
 */

/** Cookies whose presence makes a response personal. */
export const PERSONAL_COOKIES = ['customer_token', 'cart'] as const;

export const CACHE_PRIVATE = 'private, no-store';

export type PublicCacheOptions = {
  /** Browser freshness in seconds (short: pages change with stock and prices). */
  maxAge?: number;
  /** Shared-cache (CDN) freshness in seconds. */
  sMaxAge: number;
  /** Seconds a CDN may serve a stale copy while it revalidates in the background. */
  staleWhileRevalidate: number;
};

export function cachePublic({ maxAge = 0, sMaxAge, staleWhileRevalidate }: PublicCacheOptions): string {
  return `public, max-age=${maxAge}, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
}

/** Catalogue pages (listings, product pages): fresh for 5 minutes at the CDN, served stale for a day. */
export const CACHE_CATALOGUE = cachePublic({ sMaxAge: 300, staleWhileRevalidate: 86_400 });
/** Content that changes on deploys (home, sitemap). */
export const CACHE_CONTENT = cachePublic({ sMaxAge: 600, staleWhileRevalidate: 86_400 });

export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const name = pair.split('=', 1)[0]?.trim();
    return PERSONAL_COOKIES.some((personal) => personal === name);
  });
}
