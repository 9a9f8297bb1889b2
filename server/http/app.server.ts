import path from 'node:path';
// The adapter's request/response converters; its handler is replaced by ours (shareable responses below).
import { sendRemixResponse } from '@remix-run/express/dist/server.js';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import { sql } from 'drizzle-orm';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { RequestContext, Services } from '../context.server';
import { CACHE_NONE, effectiveCacheControl, isShareableResponse } from '../web/cache.server';
import { edgeGuard, sendRefusal } from './edge';
import { Health } from './health';
import { InFlight } from './in-flight';
import { personalStateRoute } from './personal-state.server';
import { markPriceList, searchJsonPriceList, vouchPriceList } from './price-list';
import { precompressedAssets } from './precompressed';
import { siteOrigin, toRemixRequest } from './remix-request';
import { RenderGate } from './render-gate';
import { RouteSubsets } from '../web/route-subsets.server';
import { searchTestFixtureRoutes } from '../search/test-fixtures.server';
import { testFixtureRoutes } from '../cart/test-fixtures.server';
import { inventoryFixtureRoutes } from '../inventory/test-fixtures.server';
import { requestContext } from './request-context.server';
import { contentSecurityPolicy, originCheck, securityHeaders } from './security';
import { ifNoneMatchMatches, MicroCache, toShareableEntry, type ShareableEntry } from './shareable';
import { searchJsonRoutes } from '../search/index.server';
import { IMPORTED_IMAGES_PATH } from '../catalogue/index.server';
import { needsFreshSessionCheck, withClientAddress } from '../identity/index.server';
import { readPersonalState } from '../viewer/index.server';
import { isSpliceable, sendSpliced, sharedContextOf, splicerOf, type Splicer } from './splice.server';
import { esiFragmentRoute, esiKitOf, sendShell, wantsShell, type EsiKit } from './esi.server';

/** Whether a path's last segment has an extension (`/favicon.svg`, `/brand/logo.svg`): only such a path is a file. */
export function mayBeFile(requestPath: string): boolean {
  const last = requestPath.slice(requestPath.lastIndexOf('/') + 1);
  return last.includes('.');
}

export type HttpAppOptions = {
  services: Services;
  /** Production: the built server bundle and the folder of built client files. */
  build?: { server: ServerBuild; clientDir: string };
  /** Development: Vite's dev server in middleware mode. */
  vite?: {
    middlewares: express.RequestHandler;
    ssrLoadModule(id: string): Promise<Record<string, unknown>>;
  };
  /** The in-process micro-cache of shareable pages; by default on in production for `config.microCacheTtlMs`. */
  microCache?: { ttlMs: number; maxEntries?: number; maxBytes?: number } | false;
  /**
   * Production: match a document request against the routes its path can match (route-subsets.server.ts; on by default).
   * Off, every request is matched against the whole route table, as Remix's own handler does.
   */
  routeSubsets?: boolean;
  /**
   * Splice, don't render (decision 107): a shopper without scripts who has a cart or an account gets the shared copy
   * with their header spliced in. On by default in production; off, they get a full personal render.
   */
  splice?: boolean;
  /**
   * Personal pages assembled by the CDN (decision 115): a spliceable request from a trusted proxy that asks for ESI
   * gets the shell, and `/_esi/personal/…` answers its fragments. On by default wherever the splice is; the VCL's
   * switch decides whether the CDN asks.
   */
  esi?: boolean;
  /** Counts requests and request work under way, for a graceful stop (server/main.ts); one of its own if none. */
  inFlight?: InFlight;
  /** `/healthz` and the drain of a graceful stop (server/main.ts); by default one that pings `services.db`. */
  health?: Health;
};

/** A queued render is shed after this long: well before entry.server's 5 s abort would turn it into a 500. */
const RENDER_MAX_WAIT_MS = 2_500;
const RETRY_AFTER_SECONDS = 2;
/** A URL whose answer was not a shared page is rendered personally for a spliceable request this long. */
const NOT_SPLICEABLE_MS = 60_000;
const NOT_SPLICEABLE_MAX_ENTRIES = 2_000;
/** The 503 copy of app/components/error-page/http-errors.ts, as a page that needs no render. */
const BUSY_TEXT =
  'The store cannot answer right now, usually for a minute or two during maintenance. Please try again in a moment.';
const BUSY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="robots" content="noindex"><title>Temporarily unavailable</title></head><body><main>' +
  `<h1>Temporarily unavailable</h1><p>${BUSY_TEXT}</p><p><a href="">Try again</a></p></main></body></html>`;

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { services } = options;
  const { config } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // The health probe first: no cookies, no log line, a database round trip (decision 081).
  const health = options.health ?? new Health(() => services.db.execute(sql`select 1`), services.logger);
  app.use(health.route());
  const inFlight = options.inFlight ?? new InFlight();
  app.use(requestContext(services, inFlight));
  // A price-list cookie the session does not back never gets the shared copy (decision 010).
  app.use(vouchPriceList(config.cookies.keys));
  app.use(
    securityHeaders({
      development: Boolean(options.vite),
      https: config.secure,
    }),
  );
  // Method, Host, URL escapes, body size and type: refused here with 4xx before any route (edge.ts).
  app.use(edgeGuard());
  app.use(compression());
  app.use(searchJsonPriceList());
  // Search calls served from memory (server/search/http.server.ts), ahead of everything that is not for them:
  // the static-file handlers would look each of these URLs up on disk first (a stat per request, and an error
  // built for the miss), which cost as much as the search itself. They are GETs: the Origin check has nothing to
  // check, and they never reach the render gate (decision 023).
  app.use(searchJsonRoutes());

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else if (options.build) {
    const { clientDir } = options.build;
    // Fingerprinted build output never changes under the same name. Scripts and styles go out as the build
    // compressed them, Brotli or Zopfli's gzip (decision 062), not through `compression()`.
    const assetsDir = path.join(clientDir, 'assets');
    app.use(
      '/assets',
      precompressedAssets(assetsDir),
      express.static(assetsDir, { immutable: true, maxAge: '1y', index: false }),
    );
    // Only a path whose last segment has an extension can be one of these files: a page's path (`/mens/`,
    // `/products/…/Black`) goes on to the handler without a file-system lookup (issue 7 §4, profiled).
    const files = express.static(clientDir, { maxAge: '1h', index: false });
    app.use((req, res, next) => (mayBeFile(req.path) ? files(req, res, next) : next()));
  }
  // Pictures a catalogue import stored (decision 096), from the database so every app server has them: named by
  // their content, so never stale. An SVG is a document: it gets a policy that runs nothing and a sandbox.
  app.get(`${IMPORTED_IMAGES_PATH}/:name`, (req, res, next) => {
    services.catalogue
      .importedImage(req.params.name ?? '')
      .then((image) => {
        if (!image) return next();
        res.setHeader('Content-Type', image.contentType);
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        res.send(Buffer.from(image.bytes));
      })
      .catch(next);
  });
  if (config.benchStaticDir) {
    // The benchmark's baseline: the same page bytes served as files by this same server.
    app.use('/__static', express.static(config.benchStaticDir, { index: false }));
  }

  if (config.testFixtures) {
    services.logger.warn(
      'TEST_FIXTURES is set: POST /__test/cart makes carts, POST /__test/sold-out sells out a colourway, GET /__test/search-events reads beacons, POST /__test/gift-card-delivery mails gift cards as of a date (end-to-end tests only)',
    );
    app.use(testFixtureRoutes());
    app.use(inventoryFixtureRoutes());
    app.use(searchTestFixtureRoutes());
  }

  app.use(originCheck(config.publicUrl));
  // The embedded sign-in provider (server/identity/provider): its own sub-app, cookies and rate limits. The
  // storefront's client calls it in process as the shopper whose request runs (decision 080).
  app.use((_req, res, next) =>
    withClientAddress((res.locals.requestContext as RequestContext).clientIp, next),
  );
  if (services.identityProvider) app.use('/idp', services.identityProvider);
  // A signed-in viewer whose session record has ended (signed out, a password reset, on any server) is signed out
  // before any route reads the viewer; actions and personal pages read the record itself (decision 074).
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    const context = res.locals.requestContext as RequestContext;
    try {
      const fresh = needsFreshSessionCheck(req.method, req.path);
      const ended = await services.identity.checkViewerSession(context.viewer, { fresh });
      if (ended) {
        context.viewer = ended.viewer;
        context.sharedCopy = false;
        for (const cookie of ended.cookies) res.append('Set-Cookie', cookie);
      }
      next();
    } catch (error) {
      next(error);
    }
  });
  // The cart count and account state of shared pages, fetched by hydrated browsers (decision 021).
  app.use(personalStateRoute());
  // The personal fragments of shells the CDN assembles (decision 115).
  const esiKit: EsiKit | undefined =
    options.build && options.splice !== false && options.esi !== false
      ? esiKitOf(options.build.server)
      : undefined;
  if (esiKit) app.use(esiFragmentRoute(esiKit, config.keys.esiFragments));

  const vite = options.vite;
  // Production: a document request is matched against the routes its path can match (route-subsets.server.ts).
  const subsets = vite ? undefined : new RouteSubsets(options.build!.server);
  const handleRequest = vite
    ? createRequestHandler(
        () => vite.ssrLoadModule('virtual:remix/server-build') as unknown as Promise<ServerBuild>,
        'development',
      )
    : (request: globalThis.Request, context: RequestContext) =>
        subsets!.handlerFor(request)(request, context);
  const microCacheOptions =
    options.microCache ?? (vite || config.microCacheTtlMs <= 0 ? false : { ttlMs: config.microCacheTtlMs });
  const microCache = microCacheOptions
    ? new MicroCache({
        ttlMs: microCacheOptions.ttlMs,
        maxEntries: microCacheOptions.maxEntries ?? 500,
        maxBytes: microCacheOptions.maxBytes ?? 64 * 1024 * 1024,
        maxEntryBytes: 2 * 1024 * 1024,
      })
    : undefined;
  const development = Boolean(vite);
  /** Renders of shareable URLs in progress, so that a burst of misses for one URL costs one render. */
  const rendering = new Map<string, Promise<ShareableEntry | null>>();

  /** Sends a shareable response: its ETag, the hash-based CSP for HTML, and a 304 when the client has it. */
  function sendShareable(req: Request, res: Response, entry: ShareableEntry): void {
    res.status(200);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('ETag', entry.etag);
    // The copy depends on the price-list cookie and on whether the request gets the shared copy at all: an HTTP
    // cache that follows the RFC keys on the cookies; the CDN keys on the price list the origin names (decision 010).
    markPriceList(res);
    if (entry.scriptHashes) {
      res.setHeader(
        'Content-Security-Policy',
        contentSecurityPolicy({ hashes: entry.scriptHashes }, { development }),
      );
    }
    if (ifNoneMatchMatches(req.get('if-none-match'), entry.etag)) {
      for (const name of ['Content-Type', 'Content-Length']) res.removeHeader(name);
      res.status(304).end();
      return;
    }
    res.end(entry.body);
  }

  const gate = new RenderGate({
    concurrency: config.render.concurrency,
    maxQueue: config.render.queue,
    maxWaitMs: RENDER_MAX_WAIT_MS,
  });

  /**
   * Renders through the gate: a render starts only while fewer than `RENDER_CONCURRENCY` run; a request that
   * cannot start within RENDER_MAX_WAIT_MS (or finds the queue full) gets a 503 with Retry-After at once, and one
   * whose client has gone while it waited is dropped.
   */
  async function render(
    req: Request,
    res: Response,
    context: RequestContext,
    work: typeof renderNow = renderNow,
  ): Promise<ShareableEntry | null> {
    const gone = new AbortController();
    const whenGone = new Promise<null>((resolve) =>
      gone.signal.addEventListener('abort', () => resolve(null), { once: true }),
    );
    const onClose = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.once('close', onClose);
    try {
      const outcome = await gate.run(() => {
        // Tracked until it ends, even when its client has gone: its statements must not meet a closed database.
        const rendering = inFlight.track(work(req, res, context));
        // A client that leaves frees the slot at once: its render is aborted (entry.server) and its response
        // can no longer be written, so nothing may wait for it (a stream to a closed socket never drains).
        rendering.catch(() => undefined);
        return Promise.race([rendering, whenGone]);
      }, gone.signal);
      if (outcome.kind === 'done') return outcome.value;
      if (outcome.kind === 'shed') {
        context.logger.warn('render shed', { path: req.path, running: gate.running, waiting: gate.waiting });
        sendBusy(req, res);
      } else if (!res.headersSent) {
        res.destroy(); // the client has gone: nothing to answer
      }
      return null;
    } finally {
      res.off('close', onClose);
    }
  }

  /** Renders through Remix; a shareable answer is buffered, made cacheable and returned for waiting requests. */
  async function renderNow(
    req: Request,
    res: Response,
    context: RequestContext,
  ): Promise<ShareableEntry | null> {
    const origin = siteOrigin(config.publicUrl, req);
    const response = await handleRequest(toRemixRequest(req, res, origin), context);
    const decision = {
      method: req.method,
      status: response.status,
      cacheControl: response.headers.get('Cache-Control'),
      sharedCopy: context.sharedCopy,
      setsCookie: response.headers.has('Set-Cookie'),
    };
    if (isShareableResponse(decision) && response.body) {
      const entry = await toShareableEntry(response, { nonce: context.cspNonce, now: Date.now() });
      sendShareable(req, res, entry);
      return req.method === 'GET' ? entry : null;
    }
    const cacheControl = effectiveCacheControl(decision);
    if (cacheControl) response.headers.set('Cache-Control', cacheControl);
    // A redirect or an error that says nothing is not stored anywhere either (a transient one must not stick).
    else if (response.status >= 300) response.headers.set('Cache-Control', CACHE_NONE);
    await sendRemixResponse(res, response);
    return null;
  }

  /**
   * Renders the shared copy for a spliceable request (decision 107), in the context of this viewer with scripts:
   * the entry the page cache keeps, sent nowhere; null when the answer is not a shareable page (its body dropped).
   */
  async function renderShared(
    req: Request,
    res: Response,
    context: RequestContext,
  ): Promise<ShareableEntry | null> {
    const origin = siteOrigin(config.publicUrl, req);
    const response = await handleRequest(toRemixRequest(req, res, origin), context);
    const shareable = isShareableResponse({
      method: req.method,
      status: response.status,
      cacheControl: response.headers.get('Cache-Control'),
      sharedCopy: context.sharedCopy,
      setsCookie: response.headers.has('Set-Cookie'),
    });
    if (shareable && response.body)
      return toShareableEntry(response, { nonce: context.cspNonce, now: Date.now() });
    // Read to its end (a render cut short logs an error), and dropped: the request is rendered personally.
    await response.arrayBuffer().catch(() => undefined);
    return null;
  }

  // Splice, don't render (decision 107): the app's splice, from the production build's entry module.
  const splicer: Splicer | undefined =
    options.build && options.splice !== false ? splicerOf(options.build.server) : undefined;
  /** Page-cache keys whose answer was no shared page (an account page, a 404): rendered personally for a while. */
  const notSpliceable = new Map<string, number>();

  /**
   * Answers a spliceable request from the shared copy of its price list: the page cache's, one being rendered, or
   * one rendered now (as shared, and cached). False when nothing was sent and the request needs a personal render.
   */
  async function serveSpliced(
    req: Request,
    res: Response,
    context: RequestContext,
    splice: Splicer,
  ): Promise<boolean> {
    const key = pageCacheKey(req, context);
    const now = Date.now();
    const until = notSpliceable.get(key);
    if (until !== undefined) {
      if (until > now) return false;
      notSpliceable.delete(key);
    }
    // A CDN that assembles the page (decision 115) gets the shell and asks for the state itself, per shopper.
    const shell = esiKit && wantsShell(req) ? esiKit : undefined;
    const state = shell
      ? null
      : await context.timing.measure('db', () =>
          readPersonalState(context.viewer, (cartId) => services.cart.itemCount(cartId)),
        );
    let entry = microCache?.get(key, now) ?? null;
    let source = 'hit';
    if (!entry) {
      const pending = rendering.get(key);
      if (pending) {
        source = 'shared';
        entry = await pending;
      } else if (req.method === 'GET') {
        source = 'render';
        const rendered = render(req, res, sharedContextOf(context), renderShared);
        rendering.set(
          key,
          rendered.catch(() => null),
        );
        try {
          entry = await rendered;
          if (entry) microCache?.set(key, entry);
        } finally {
          rendering.delete(key);
        }
      }
    }
    // A shed render has been answered (503), a client that left needs no answer.
    if (res.headersSent || res.destroyed) return true;
    const shared = entry;
    let sent = false;
    if (shared !== null && shell) {
      context.timing.add('splice', 0, `${source} esi`);
      sent = sendShell(req, res, shared, shell, {
        keys: config.keys.esiFragments,
        priceList: context.viewer.priceList,
        development,
      });
    } else if (shared !== null && state !== null) {
      sent = sendSpliced(req, res, shared, state, splice, { development, timing: context.timing, source });
    }
    if (!sent && source === 'render') {
      if (notSpliceable.size >= NOT_SPLICEABLE_MAX_ENTRIES) notSpliceable.clear();
      notSpliceable.set(key, now + NOT_SPLICEABLE_MS);
    }
    return sent;
  }

  /**
   * Everything a shared body depends on: the origin of its absolute URLs (PUBLIC_URL, or the checked Host when it
   * is unset), the viewer's price list (a signed cookie that is not personal: decision 021) and the URL.
   */
  function pageCacheKey(req: Request, context: RequestContext): string {
    return `${siteOrigin(config.publicUrl, req)} ${context.viewer.priceList} ${req.originalUrl}`;
  }

  app.all('*', async (req: Request, res: Response, next: NextFunction) => {
    const context = res.locals.requestContext as RequestContext;
    try {
      await renewStaleSession(req, res, context);
      if (splicer && isSpliceable(req, res, context, config.cookies.keys)) {
        if (!(await serveSpliced(req, res, context, splicer))) await render(req, res, context);
        return;
      }
      const cacheable = (req.method === 'GET' || req.method === 'HEAD') && context.sharedCopy;
      if (!microCache || !cacheable) {
        await render(req, res, context);
        return;
      }
      const key = pageCacheKey(req, context);
      const hit = microCache.get(key, Date.now());
      if (hit) {
        context.timing.add('cache', 0, 'hit');
        sendShareable(req, res, hit);
        return;
      }
      // A render of this URL is under way: wait for it rather than render the same page again.
      const pending = rendering.get(key);
      if (pending) {
        const shared = await pending;
        if (shared) {
          context.timing.add('cache', 0, 'shared');
          sendShareable(req, res, shared);
          return;
        }
        await render(req, res, context);
        return;
      }
      const rendered = render(req, res, context);
      rendering.set(
        key,
        rendered.catch(() => null),
      );
      try {
        const entry = await rendered;
        if (entry) microCache.set(key, entry);
      } finally {
        rendering.delete(key);
      }
    } catch (error) {
      next(error);
    }
  });

  /**
   * A signed-in customer whose session predates a change to their group or flags (staff approved their pro
   * application: decision 055) gets it made again on this request, whatever the page: this request is rendered for
   * the renewed viewer (a personal render, `private, no-store`, since it sets the cookies) and the next ones get the
   * shared copies of their new price list. Anonymous requests pay nothing; signed-in ones a look in memory (the
   * version check queries at most once per CATALOGUE_CHECK_MS for changes made by other app servers).
   */
  async function renewStaleSession(req: Request, res: Response, context: RequestContext): Promise<void> {
    if (!context.viewer.customer) return;
    let renewed: Awaited<ReturnType<typeof services.identity.renewStaleSession>>;
    try {
      renewed = await services.identity.renewStaleSession(req.get('cookie') ?? null, context.viewer);
    } catch (error) {
      // Never a failed page for it: the session stays as it is until a later request (or an account page).
      context.logger.warn('session renewal failed', { error });
      return;
    }
    if (!renewed) return;
    context.viewer = renewed.viewer;
    context.sharedCopy = false;
    for (const cookie of renewed.cookies) res.append('Set-Cookie', cookie);
    context.logger.info('session renewed', { customerId: renewed.viewer.customer?.id });
  }

  /** The answer of a shed request: small, static, never stored, with a hint when to come back. */
  function sendBusy(req: Request, res: Response): void {
    if (res.headersSent) return;
    res.status(503).set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': CACHE_NONE });
    if (req.accepts('html') && !req.path.endsWith('.data')) {
      res.type('html').send(BUSY_PAGE);
    } else {
      res.type('text/plain').send(BUSY_TEXT);
    }
  }

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const context = res.locals.requestContext as RequestContext | undefined;
    // Errors that carry a client status (express.static's on a bad range or path) are the client's, not ours.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (!res.headersSent) sendRefusal(res, { status, message: 'This request cannot be answered as sent.' });
      else res.end();
      return;
    }
    (context?.logger ?? services.logger).error('unhandled request error', { error, path: req.path });
    if (!res.headersSent) {
      sendRefusal(res, {
        status: 500,
        message: 'Something went wrong on our side. Please try again in a moment.',
      });
    } else res.end();
  });
  return app;
}
