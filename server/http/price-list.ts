/**
 * The origin vouches for the price list of every shared copy (decision 010, issue 23 §5).
 *
 * A CDN looks a copy up before it asks the origin, so its key can only be the request's claim: the list inside the
 * `price_list` cookie (deploy/varnish/storefront.vcl). That cookie is the same for every customer of a list and
 * can be copied; on its own it proves nothing, and the viewer ignores it unless the signed-in session names the
 * same list (server/viewer `readViewer`). Two rules make a copied or forged claim harmless:
 *
 * 1. a request whose price-list cookie is not backed by its session (absent session, another list, a bad
 *    signature, two such cookies) never gets the shared copy: it is rendered personally and sent
 *    `private, no-store`, so no cache may keep it;
 * 2. every shared copy names the list it was rendered for in `X-Price-List`, and the CDN stores a copy under a
 *    claim only when the two are equal.
 *
 * With either rule alone a forged claim cannot put a retail page under a pro key; the VCL and the origin each
 * enforce one.
 */
import type { NextFunction, Request, Response } from 'express';
import type { RequestContext } from '../context.server';
import type { PriceListKey } from '../viewer/public';
import { COOKIES, cookieName } from '../web/cookie-registry';
import { unsignValue } from '../web/cookies.server';
import type { Keyring } from '../web/keys';

/** The response header naming the verified price list of a shared copy; the CDN compares its claim with it. */
export const PRICE_LIST_HEADER = 'X-Price-List';

const PRICE_LIST_NAMES = new Set([cookieName(COOKIES.priceList, false), cookieName(COOKIES.priceList, true)]);

/**
 * Whether the request's price-list cookies agree with the viewer's price list: none at all (a retail claim, and
 * the viewer of a request without one is retail), or exactly one, correctly signed, naming `priceList`. Every
 * pair of the raw header is looked at (a parser keeps only the first of two same-named cookies; a CDN might
 * read the other).
 */
export function priceListCookieBacked(
  cookieHeader: string | null | undefined,
  priceList: PriceListKey,
  keys: Keyring,
): boolean {
  if (!cookieHeader) return true;
  const values = cookieHeader
    .split(';')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? null : { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim() };
    })
    .filter((pair) => pair !== null && PRICE_LIST_NAMES.has(pair.name))
    .map((pair) => pair!.value);
  if (values.length === 0) return true;
  if (values.length > 1) return false;
  return unsignValue(keys, COOKIES.priceList.name, values[0]!) === priceList;
}

/**
 * Rule 1: a request whose price-list cookie its session does not back gets a personal render (`private, no-store`).
 * Mounted right after the request context, before anything reads `sharedCopy`.
 */
export function vouchPriceList(keys: Keyring) {
  return (req: Request, res: Response, next: NextFunction) => {
    const context = res.locals.requestContext as RequestContext;
    if (context.sharedCopy && !priceListCookieBacked(req.get('cookie'), context.viewer.priceList, keys)) {
      context.sharedCopy = false;
    }
    next();
  };
}

/**
 * Rule 2 and the shared copy's `Vary`: names the verified price list of a response that may be shared, and says
 * that the copy depends on cookies (an HTTP cache that knows nothing of price lists then keys on them all; the
 * VCL keys on the vouched list instead). A personal answer gets `Vary: Cookie` and no list.
 */
export function markPriceList(res: Response): void {
  const context = res.locals.requestContext as RequestContext;
  res.vary('Cookie');
  if (context.sharedCopy) res.setHeader(PRICE_LIST_HEADER, context.viewer.priceList);
  else res.removeHeader(PRICE_LIST_HEADER);
}

/** The search JSON (`/api/search/*`) is priced per viewer: keyed like pages (decision 010). */
export function searchJsonPriceList() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/search/')) markPriceList(res);
    next();
  };
}
