/**
 * Splice, don't render (decision 107). A shopper whose browser does not run scripts and who holds a cart or an
 * account used to get a full personal render of every catalogue page (decision 021). The page they get differs
 * from the shared copy of their price list only in the header and footer's personal regions, so the HTTP layer
 * answers them from the shared copy (the page cache's, or one rendered once as shared and cached) with those
 * regions rewritten by the app's `splicePersonalState` (app/components/header/personal-splice.server.ts, reached
 * through the server build's entry module). The answer stays `private, no-store`, with its own ETag and the
 * shared copy's hash-based policy (the splice touches no script).
 */
import crypto from 'node:crypto';
import type { ServerBuild } from '@remix-run/node';
import type { Request, Response } from 'express';
import type { RequestContext } from '../context.server';
import { hasPersonalState, queryFlagIsOn, type PersonalState } from '../viewer/public';
import { CACHE_PRIVATE, carriesPagePersonalCookie } from '../web/cache.server';
import type { Keyring } from '../web/keys';
import type { ServerTiming } from '../web/timing';
import { priceListCookieBacked } from './price-list';
import { contentSecurityPolicy } from './security';
import type { ShareableEntry } from './shareable';
import { ifNoneMatchMatches } from './shareable';

export type Splicer = (html: Buffer, state: PersonalState) => Buffer | null;

/** The app's splice, exported by entry.server.tsx; undefined for a build without one. */
export function splicerOf(build: ServerBuild): Splicer | undefined {
  const exported = (build.entry.module as { splicePersonalState?: unknown }).splicePersonalState;
  return typeof exported === 'function' ? (exported as Splicer) : undefined;
}

/**
 * Query flags that need the shopper's own render (SPEC §2): the cart panel with their cart, sign-out, and the
 * account panels (the sign-in panel greets a signed-in customer). The VCL passes the same names.
 */
export const PERSONAL_RENDER_FLAGS = [
  'cart',
  'logout',
  'login',
  'create-an-account',
  'reset-password',
] as const;

/**
 * Whether this request is answered by a splice: a GET or HEAD of a document (not loader data) by a viewer who
 * gets a personal render only because their cart count and account state must be in the HTML (a cart or an
 * account, no `js` cookie), with no flash message or other page-personal cookie, no flag that needs a personal
 * render, a price-list cookie the session backs, and no cookie being set by this request (a session renewed or
 * ended: rendered for the new viewer).
 */
export function isSpliceable(req: Request, res: Response, context: RequestContext, keys: Keyring): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (context.sharedCopy || context.viewer.runsScripts || !hasPersonalState(context.viewer)) return false;
  if (req.path.endsWith('.data') || res.hasHeader('Set-Cookie')) return false;
  const cookie = req.get('cookie');
  if (carriesPagePersonalCookie(cookie)) return false;
  if (!priceListCookieBacked(cookie, context.viewer.priceList, keys)) return false;
  const params = new URL(req.originalUrl, 'http://store.invalid').searchParams;
  return !PERSONAL_RENDER_FLAGS.some((flag) => queryFlagIsOn(params, flag));
}

/**
 * The context the shared copy is rendered in for such a request: this viewer as if their browser ran scripts,
 * which is exactly the request whose answer the page cache keeps under this price list and URL.
 */
export function sharedContextOf(context: RequestContext): RequestContext {
  return { ...context, viewer: { ...context.viewer, runsScripts: true }, sharedCopy: true };
}

/** The spliced page's validator: the shared copy's, qualified by the state spliced in. */
export function splicedEtag(sharedEtag: string, state: PersonalState): string {
  const opaque = sharedEtag.replace(/^W\//, '').replace(/"/g, '');
  const suffix = crypto
    .createHash('sha256')
    .update(`${state.cartCount}:${state.signedIn}`)
    .digest('base64url')
    .slice(0, 8);
  return `W/"${opaque}.${suffix}"`;
}

/** Whether a shared entry is an HTML page (the splice applies to documents only). */
export const isHtmlEntry = (entry: ShareableEntry) => entry.scriptHashes !== null;

/**
 * Sends the shared copy made personal: the body spliced, `private, no-store`, `Vary: Cookie`, the copy's
 * script hashes as the policy, an ETag of its own. False when the page lacks the regions (nothing was sent).
 */
export function sendSpliced(
  req: Request,
  res: Response,
  entry: ShareableEntry,
  state: PersonalState,
  splice: Splicer,
  options: { development: boolean; timing: ServerTiming; source: string },
): boolean {
  if (!isHtmlEntry(entry)) return false;
  const started = performance.now();
  const body = splice(entry.body, state);
  if (body === null) return false;
  // Where the shared copy came from (hit, shared, render) and what the splice cost.
  options.timing.add('splice', performance.now() - started, options.source);
  res.status(200);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('Cache-Control', CACHE_PRIVATE);
  res.removeHeader('X-Price-List');
  res.vary('Cookie');
  const etag = splicedEtag(entry.etag, state);
  res.setHeader('ETag', etag);
  res.setHeader(
    'Content-Security-Policy',
    contentSecurityPolicy({ hashes: entry.scriptHashes! }, { development: options.development }),
  );
  if (ifNoneMatchMatches(req.get('if-none-match'), etag)) {
    for (const name of ['Content-Type', 'Content-Length']) res.removeHeader(name);
    res.status(304).end();
    return true;
  }
  res.end(body);
  return true;
}
