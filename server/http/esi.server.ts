/**
 * Personal pages assembled by the CDN (decision 115), the optional counterpart at Varnish of the splice (decision
 * 107). With the VCL's switch on, a shopper without scripts who holds a cart or an account is not passed: Varnish
 * asks an app server for the page with `Surrogate-Capability: varnish="ESI/1.0"`, and gets the **shell**: the
 * shared copy of the shopper's price list with each personal region (the header's opening tag, the account and
 * cart links, the footer's opening tag) replaced by an `<esi:include>`. The shell holds nobody's state, so Varnish
 * keeps it like the shared copy (its own key) and, for every such shopper, fetches only the **fragments**: one
 * region made personal for the cookies of the request (`GET /_esi/personal/<region>/<bytes>.<signature>`).
 *
 * A fragment's URL carries the region's bytes from the shared copy, signed with the store's `esi` key (decision
 * 065), so any app server answers it without the copy and nobody can have the store echo markup of their own. The
 * page Varnish assembles is byte for byte the page the origin splices for the same shopper.
 */
import crypto from 'node:crypto';
import type { ServerBuild } from '@remix-run/node';
import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../context.server';
import { readPersonalState } from '../viewer/index.server';
import type { PersonalState } from '../viewer/public';
import { CACHE_NONE, CACHE_PRIVATE } from '../web/cache.server';
import type { Keyring } from '../web/keys';
import { contentSecurityPolicy } from './security';
import type { ShareableEntry } from './shareable';
import { ifNoneMatchMatches } from './shareable';

export const ESI_FRAGMENT_PATH = '/_esi/personal';
/** What a cache that assembles ESI sends (Edge Architecture Specification 1.0); the shipped VCL sends exactly it. */
const ESI_CAPABILITY = /(^|[\s,;="])ESI\/1\.0([\s,;"]|$)/;
/** A signature of 128 bits (base64url). */
const SIGNATURE_LENGTH = 22;
/** A region's bytes in a fragment URL: the longest is the account and cart links with their icons (about 1 KB). */
const MAX_REGION_BYTES = 8_192;

/** The app's regions and what they become, exported by entry.server.tsx (personal-splice.server.ts). */
export type EsiKit = {
  regions: readonly string[];
  personalShell(html: Buffer, include: (region: string, shared: Buffer) => string): Buffer | null;
  renderPersonalRegion(region: string, shared: Buffer, state: PersonalState): Buffer | null;
};

/** The app's ESI kit, from the server build's entry module; undefined for a build without one. */
export function esiKitOf(build: ServerBuild): EsiKit | undefined {
  const module = build.entry.module as Partial<Record<keyof EsiKit, unknown>> & { SPLICE_REGIONS?: unknown };
  const { personalShell, renderPersonalRegion, SPLICE_REGIONS } = module;
  if (typeof personalShell !== 'function' || typeof renderPersonalRegion !== 'function') return undefined;
  if (!Array.isArray(SPLICE_REGIONS)) return undefined;
  return {
    regions: SPLICE_REGIONS as string[],
    personalShell: personalShell as EsiKit['personalShell'],
    renderPersonalRegion: renderPersonalRegion as EsiKit['renderPersonalRegion'],
  };
}

/**
 * Whether the request is a cache's that assembles ESI: a GET with the capability, from a proxy the app trusts
 * (TRUST_PROXY). The shell is harmless to anyone (the shared copy and signed public bytes), but it is not a page:
 * only the CDN that asked for it may get it.
 */
export function wantsShell(req: Request): boolean {
  if (req.method !== 'GET') return false;
  const capability = req.get('surrogate-capability');
  if (!capability || !ESI_CAPABILITY.test(capability)) return false;
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const peer = req.socket.remoteAddress;
  return Boolean(trust && peer && trust(peer, 0));
}

function sign(key: string, region: string, payload: string): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${region}\n${payload}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

/** The fragment URL of a region of the shared copy: its bytes and their signature. */
export function fragmentUrl(keys: Keyring, region: string, shared: Buffer): string {
  const payload = shared.toString('base64url');
  return `${ESI_FRAGMENT_PATH}/${region}/${payload}.${sign(keys[0], region, payload)}`;
}

/** The region's shared bytes a fragment URL carries, when one of the keys signed them; null otherwise. */
export function readFragmentUrl(keys: Keyring, region: string, tail: string): Buffer | null {
  const dot = tail.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = tail.slice(0, dot);
  const signature = Buffer.from(tail.slice(dot + 1));
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || payload.length > Math.ceil((MAX_REGION_BYTES * 4) / 3))
    return null;
  const valid = keys.some((key) => {
    const expected = Buffer.from(sign(key, region, payload));
    return expected.length === signature.length && crypto.timingSafeEqual(expected, signature);
  });
  return valid ? Buffer.from(payload, 'base64url') : null;
}

/** The shell's validator: the shared copy's, qualified (never the copy's own, which a cache may hold too). */
export function shellEtag(sharedEtag: string): string {
  return `W/"${sharedEtag.replace(/^W\//, '').replace(/"/g, '')}.esi"`;
}

/**
 * Sends the shell of a shared copy to the CDN that asked for it: the copy's headers (its `Cache-Control`, so the
 * CDN keeps it; `X-Price-List`, the list it vouches for), `Surrogate-Control` telling the CDN to assemble it, an
 * ETag of its own and the copy's script hashes as the policy (fragments are no scripts). False when the copy is
 * not an HTML page with the regions (nothing was sent).
 */
export function sendShell(
  req: Request,
  res: Response,
  entry: ShareableEntry,
  kit: EsiKit,
  options: { keys: Keyring; priceList: string; development: boolean },
): boolean {
  if (entry.scriptHashes === null) return false;
  let fits = true;
  const shell = kit.personalShell(entry.body, (region, shared) => {
    if (shared.length > MAX_REGION_BYTES) fits = false;
    return `<esi:include src="${fragmentUrl(options.keys, region, shared)}"/>`;
  });
  if (shell === null || !fits) return false;
  res.status(200);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('X-Price-List', options.priceList);
  res.vary('Cookie');
  res.setHeader('Surrogate-Control', 'content="ESI/1.0"');
  const etag = shellEtag(entry.etag);
  res.setHeader('ETag', etag);
  res.setHeader(
    'Content-Security-Policy',
    contentSecurityPolicy({ hashes: entry.scriptHashes }, { development: options.development }),
  );
  if (ifNoneMatchMatches(req.get('if-none-match'), etag)) {
    for (const name of ['Content-Type', 'Content-Length']) res.removeHeader(name);
    res.status(304).end();
    return true;
  }
  res.end(shell);
  return true;
}

/**
 * `GET /_esi/personal/<region>/<bytes>.<signature>`: one region of a shared copy made personal for the cookies of
 * the request (the CDN's subrequest carries the shopper's). Private and never stored; 404 for a region the app
 * does not have or bytes the store did not sign.
 */
export function esiFragmentRoute(kit: EsiKit, keys: Keyring): express.Router {
  const router = express.Router();
  router.get(`${ESI_FRAGMENT_PATH}/:region/:tail`, async (req: Request, res: Response, next) => {
    try {
      const { region, tail } = req.params as { region: string; tail: string };
      const shared = kit.regions.includes(region) ? readFragmentUrl(keys, region, tail) : null;
      if (shared === null) return notFound(res);
      const context = res.locals.requestContext as RequestContext;
      const state = await context.timing.measure('db', () =>
        readPersonalState(context.viewer, (cartId) => context.services.cart.itemCount(cartId)),
      );
      const body = kit.renderPersonalRegion(region, shared, state);
      if (body === null) return notFound(res);
      res
        .status(200)
        .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': CACHE_PRIVATE })
        .end(body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

function notFound(res: Response): void {
  res
    .status(404)
    .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NONE })
    .end('Not found');
}
