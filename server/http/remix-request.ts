/**
 * The web `Request` Remix gets for an Express request. Unlike the adapter's `createRemixRequest`, its origin is
 * the store's own (`siteOrigin`: PUBLIC_URL), never the `Host` or `X-Forwarded-Host` header, so no header can
 * put another site into canonical URLs, `og:url`, the sitemap or a mailed link (issue 8 §4); and its body is the
 * one the edge already read and bounded (`edge.ts`).
 */
import { createRemixHeaders } from '@remix-run/express/dist/server.js';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { EdgeLocals } from './edge';
import { expectedOrigin } from './security';

/**
 * The origin absolute URLs are made from: PUBLIC_URL (required in production, config.server.ts); without it
 * (development, tests) this request's own scheme and host (`requestOrigin`: a trusted proxy's forwarded ones, else
 * the socket's and `Host`, which the edge has checked to be a host name).
 */
export function siteOrigin(publicUrl: string | undefined, req: ExpressRequest): string {
  return expectedOrigin(publicUrl, req);
}

export function toRemixRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  const url = new URL(req.originalUrl, `${origin}/`);
  let controller: AbortController | null = new AbortController();
  // Remix compares a form's Origin with `X-Forwarded-Host` or `Host` and answers 500 on a mismatch. The HTTP layer's
  // check (security.ts `originCheck`) has already decided against `origin`, so Remix is told that host (decision 082).
  const headers = createRemixHeaders(req.headers);
  headers.set('host', url.host);
  headers.delete('x-forwarded-host');
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const body = (res.locals as EdgeLocals).body ?? Buffer.alloc(0);
    init.body = body.length > 0 ? (body as Uint8Array<ArrayBuffer>) : null;
  }
  // Abort loaders and actions when the client goes away before the answer (`close` without `finish`).
  res.on('finish', () => {
    controller = null;
  });
  res.on('close', () => controller?.abort());
  return new Request(url.href, init);
}
