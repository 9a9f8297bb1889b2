/**
 * What routes need around the cart service: the actor of a request (from its viewer, never from cookies) and the
 * cart cookie's Set-Cookie values (SPEC §9: 30 days; registered in server/web/cookie-registry.ts).
 */
import type { Config } from '../config.server';
import { clearCookieHeaders, setCookieHeader } from '../web/cookies.server';
import type { Viewer } from '../viewer/public';
import type { CartActor, CartResult } from './index.server';

export function cartActor(viewer: Viewer): CartActor {
  return { cartId: viewer.cartId, customer: viewer.customer, priceList: viewer.priceList };
}

/** The cart cookie naming `cartId`, or the headers that remove it (`null`). */
export function cartCookieHeaders(config: Config, cartId: string | null): Headers {
  const headers = new Headers();
  const options = config.cookies;
  const values =
    cartId === null ? clearCookieHeaders('cart', options) : [setCookieHeader('cart', cartId, options)];
  for (const value of values) headers.append('Set-Cookie', value);
  return headers;
}

/** The cookie change a cart result asks for: set a new cart's id, clear a cart this shopper cannot use. */
export function cookieHeadersAfter(config: Config, viewer: Viewer, result: CartResult): Headers | undefined {
  if (result.ok)
    return result.cartId !== viewer.cartId ? cartCookieHeaders(config, result.cartId) : undefined;
  return result.clearCookie ? cartCookieHeaders(config, null) : undefined;
}
