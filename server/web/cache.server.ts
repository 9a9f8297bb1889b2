/**
 * Cache policies, named once. Routes import these (this module is pure, safe in the server bundle) and emit
 * them from `headers`. A request either gets the **shared copy** of its price list (decision 021: the page every
 * viewer of that price list gets, cacheable in-process and at the CDN) or a personal render, which always leaves
 * as `private, no-store`, whatever the route said, so a CDN never stores a shopper's page.
 */
import { COOKIES, cookieName, personalCookieNames, type CookieDefinition } from './cookie-registry';

/** Cookies whose presence makes a response personal (their definitions say so: `cookie-registry.ts`). */
const PERSONAL_COOKIES: readonly string[] = personalCookieNames();

/**
 * Personal cookies the viewer accounts for (cart, sign-in): a shared page never renders them, and the viewer
 * says when their owner must get a personal render (viewer's `getsSharedPages`). Any other personal cookie (the flash
 * message of a form posted without JavaScript) is rendered into the page it comes with, so that page is personal.
 */
const VIEWER_COOKIES: readonly CookieDefinition[] = [
  COOKIES.cart,
  COOKIES.customerToken,
  COOKIES.customerSession,
];
const PAGE_PERSONAL_COOKIES: readonly string[] = PERSONAL_COOKIES.filter(
  (name) =>
    !VIEWER_COOKIES.some((definition) =>
      [cookieName(definition, false), cookieName(definition, true)].includes(name),
    ),
);

/**
 * Whether the request carries a personal cookie that is rendered into the page (a flash message): such a page is
 * personal whoever the viewer is. The cart and sign-in cookies are left to the viewer (server/http
 * `getsSharedCopy`).
 */
export function carriesPagePersonalCookie(cookieHeader: string | null | undefined): boolean {
  return hasCookie(cookieHeader, PAGE_PERSONAL_COOKIES);
}

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

function hasCookie(cookieHeader: string | null | undefined, names: readonly string[]): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const name = pair.split('=', 1)[0]?.trim();
    return names.some((personal) => personal === name);
  });
}

/** Error and redirect answers: never stored by a shared cache (a transient 404/500 must not stick at the CDN). */
export const CACHE_NONE = 'no-store';

function isPublicCacheControl(cacheControl: string | null | undefined): boolean {
  return /(^|,)\s*public\s*(,|$)/i.test(cacheControl ?? '');
}

/**
 * Whether a response may be shared between viewers of one price list (CDN, the in-process page cache, ETags over
 * one body): a successful GET/HEAD that its route marked public, asked by a request that gets the shared copy
 * (`getsSharedCopy`) and setting no cookie. The document renderer and the HTTP layer decide with this one function.
 */
export function isShareableResponse(input: {
  method: string;
  status: number;
  cacheControl: string | null | undefined;
  /** `getsSharedCopy` of the request. */
  sharedCopy: boolean;
  setsCookie: boolean;
}): boolean {
  const method = input.method.toUpperCase();
  return (
    (method === 'GET' || method === 'HEAD') &&
    input.status === 200 &&
    isPublicCacheControl(input.cacheControl) &&
    input.sharedCopy &&
    !input.setsCookie
  );
}

/**
 * The Cache-Control a rendered response leaves with. A personal render (a request that does not get the shared
 * copy) always gets `private, no-store`, whatever the route said. Otherwise the route's policy stands when the
 * response is shareable; a public policy on a response that sets a cookie becomes `private, no-store`, and on an
 * error or redirect `no-store`. Non-public policies pass unchanged.
 */
export function effectiveCacheControl(input: Parameters<typeof isShareableResponse>[0]): string | null {
  if (!input.sharedCopy) return CACHE_PRIVATE;
  const cacheControl = input.cacheControl ?? null;
  if (!isPublicCacheControl(cacheControl) || isShareableResponse(input)) return cacheControl;
  return input.setsCookie ? CACHE_PRIVATE : CACHE_NONE;
}
