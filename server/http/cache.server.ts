/**
 * Cache policies, named once. Routes import these (this module is pure, safe in the server bundle) and emit
 * them from `headers`; the HTTP layer downgrades any public response to `private, no-store` when the request
 * carries a personal cookie, so a CDN never stores a shopper's page.
 */
import { personalCookieNames } from './cookie-registry';

/** Cookies whose presence makes a response personal (their definitions say so: `cookie-registry.ts`). */
export const PERSONAL_COOKIES: readonly string[] = personalCookieNames();

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

/** Error and redirect answers: never stored by a shared cache (a transient 404/500 must not stick at the CDN). */
export const CACHE_NONE = 'no-store';

export function isPublicCacheControl(cacheControl: string | null | undefined): boolean {
  return /(^|,)\s*public\s*(,|$)/i.test(cacheControl ?? '');
}

/**
 * Whether a response may be shared between visitors (CDN, the in-process micro-cache, ETags over one body):
 * a successful GET/HEAD that its route marked public, asked without a personal cookie and setting no cookie.
 * The document renderer and the HTTP layer decide with this one function.
 */
export function isShareableResponse(input: {
  method: string;
  status: number;
  cacheControl: string | null | undefined;
  requestCookie: string | null | undefined;
  setsCookie: boolean;
}): boolean {
  const method = input.method.toUpperCase();
  return (
    (method === 'GET' || method === 'HEAD') &&
    input.status === 200 &&
    isPublicCacheControl(input.cacheControl) &&
    !hasPersonalCookie(input.requestCookie) &&
    !input.setsCookie
  );
}

/**
 * The Cache-Control a rendered response leaves with. A request with a personal cookie always gets
 * `private, no-store`, whatever the route said. Otherwise the route's policy stands when the response is
 * shareable; a public policy on a response that sets a cookie becomes `private, no-store`, and on an error or
 * redirect `no-store`. Non-public policies pass unchanged.
 */
export function effectiveCacheControl(input: Parameters<typeof isShareableResponse>[0]): string | null {
  if (hasPersonalCookie(input.requestCookie)) return CACHE_PRIVATE;
  const cacheControl = input.cacheControl ?? null;
  if (!isPublicCacheControl(cacheControl) || isShareableResponse(input)) return cacheControl;
  return input.setsCookie ? CACHE_PRIVATE : CACHE_NONE;
}
