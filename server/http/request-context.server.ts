/**
 * The per-request context (server/context.server.ts `RequestContext`): the request id, the viewer read from the
 * cookies, whether the request gets the shared copy of its price list, `Server-Timing` and one log line per response.
 */
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { RequestContext, Services } from '../context.server';
import { LOGOUT_FLAG } from '../identity/public';
import { readViewer } from '../viewer/index.server';
import { CART_PANEL_FLAG, getsSharedPages, queryFlagIsOn, type Viewer } from '../viewer/public';
import { carriesPagePersonalCookie } from '../web/cache.server';
import { ServerTiming } from '../web/timing';
import { clientAddress } from './client-address';
import type { InFlight } from './in-flight';
import { newNonce } from './security';

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Whether this request is answered with the shared copy of its viewer's price list (decision 021): yes unless the
 * viewer must see their cart count and account state rendered in (a cart or an account, and no `js` cookie), or
 * the request carries another personal cookie (a flash message).
 */
export function getsSharedCopy(cookieHeader: string | null | undefined, viewer: Viewer): boolean {
  return getsSharedPages(viewer) && !carriesPagePersonalCookie(cookieHeader);
}
/**
 * Whether the URL's flags need the shopper's own render (SPEC §2 query flags): `cart` opens the cart panel with
 * their cart, `logout` may sign them out (decision 047).
 */
const needsPersonalRender = (url: string) => {
  const params = new URL(url, 'http://store.invalid').searchParams;
  return queryFlagIsOn(params, CART_PANEL_FLAG) || queryFlagIsOn(params, LOGOUT_FLAG);
};

/** Builds the per-request context, echoes the request id, adds `Server-Timing` and logs each response. */
export function requestContext(services: Services, inFlight: InFlight) {
  return (req: Request, res: Response, next: NextFunction) => {
    // In flight until the response has closed (sent, or its client gone); work that outlives it is tracked apart.
    res.once('close', inFlight.begin());
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const started = performance.now();
    const timing = new ServerTiming();
    const cookie = req.get('cookie');
    const viewer = readViewer(cookie, { ...services.config.cookies, now: services.clock.now() });
    const context: RequestContext = {
      services,
      requestId,
      cspNonce: newNonce(),
      clientIp: clientAddress(req.ip ?? req.socket.remoteAddress),
      timing,
      logger: services.logger.child({ requestId }),
      viewer,
      // `?cart` opens the cart panel with the shopper's own cart rendered in, `?logout` signs out: never a shared copy.
      sharedCopy: getsSharedCopy(cookie, viewer) && !needsPersonalRender(req.originalUrl),
    };
    res.locals.requestContext = context;
    res.setHeader('X-Request-Id', requestId);

    // Headers go out at writeHead: that is the last moment to report the timings gathered so far.
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: Response, ...args: Parameters<Response['writeHead']>) {
      if (!res.headersSent) {
        const existing = res.getHeader('Server-Timing');
        const ours = timing.header({ total: performance.now() - started });
        res.setHeader('Server-Timing', existing ? `${String(existing)}, ${ours}` : ours);
      }
      return writeHead.apply(this, args);
    } as Response['writeHead'];

    res.on('finish', () => {
      context.logger.info('request', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    next();
  };
}
