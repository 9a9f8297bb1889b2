import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * Security headers for every response. The Content-Security-Policy allows scripts from this origin and the
 * inline scripts Remix renders: on personal pages they carry the per-response nonce; on shareable (cached)
 * pages the HTTP layer replaces the nonce by the SHA-256 hashes of exactly the scripts that carried it
 * (docs/decisions/010-caching-and-csp.md). Nothing may frame the store.
 */
export function contentSecurityPolicy(
  scripts: string | { hashes: readonly string[] },
  options: { development: boolean },
): string {
  const inline =
    typeof scripts === 'string' ? [`'nonce-${scripts}'`] : scripts.hashes.map((hash) => `'sha256-${hash}'`);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline],
    'style-src': options.development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // React renders a few computed style attributes (e.g. progress widths); no style elements.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': options.development ? ["'self'", 'ws:'] : ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

export function securityHeaders(options: { development: boolean; https: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = res.locals.requestContext?.cspNonce ?? newNonce();
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, options));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing request: a browser that says the request is
 * cross-site (Sec-Fetch-Site) or names another Origin is refused with 403. Requests that carry neither
 * header come from non-browser clients, which cannot ride on a shopper's cookies.
 */
export function isCrossSiteRequest(
  method: string,
  headers: { origin?: string; secFetchSite?: string },
  expectedOrigin: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers.secFetchSite;
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  return origin !== expectedOrigin;
}

/**
 * `X-Forwarded-Host` (its first value) when the request came through a proxy TRUST_PROXY trusts, else undefined:
 * Express's own rule for `req.hostname`, keeping the port (decision 082).
 */
export function forwardedHost(req: Request): string | undefined {
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const value = req.get('x-forwarded-host');
  if (!value || !trust?.(req.socket.remoteAddress ?? '', 0)) return undefined;
  return value.split(',', 1)[0]!.trim();
}

/**
 * The origin this request was addressed to, as the shopper's browser saw it: its scheme (`req.protocol`, which
 * Express reads from a trusted proxy's `X-Forwarded-Proto`; anything but http/https reads as http) and its host
 * (a trusted proxy's `X-Forwarded-Host`, else `Host`, both checked by the edge). Without TRUST_PROXY, the socket's
 * scheme and the `Host` header.
 */
export function requestOrigin(req: Request): string {
  const scheme = req.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${(forwardedHost(req) ?? req.get('host') ?? 'localhost').toLowerCase()}`;
}

/** The origin a browser's form must come from: PUBLIC_URL, else the request's own (`requestOrigin`). */
export function expectedOrigin(publicUrl: string | undefined, req: Request): string {
  return publicUrl ?? requestOrigin(req);
}

/** The refusal of a cross-site or wrong-origin state-changing request (a 403 with a message, never a 500). */
export const CROSS_SITE_MESSAGE = 'Cross-site form submissions are not accepted.';

/**
 * The one Origin check of state-changing requests (decision 082). It decides alone: the request Remix gets names
 * the expected origin's host (remix-request.ts), so Remix's own check (Origin against `Host`, which answers 500
 * "host header does not match origin" behind a proxy that rewrites Host) can no longer disagree with it.
 */
export function originCheck(publicUrl: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const crossSite = isCrossSiteRequest(
      req.method,
      { origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site') },
      expectedOrigin(publicUrl, req),
    );
    if (crossSite) {
      res.status(403).set('Cache-Control', 'no-store').type('text/plain').send(CROSS_SITE_MESSAGE);
      return;
    }
    next();
  };
}
