import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { isShareableResponse } from '../server/web/cache.server';
import { routesOfRequest } from '../server/web/route-subsets.server';
import { CardMarkupProvider } from './components/catalogue/card-markup';
import { cardMarkup } from './components/catalogue/card-markup.server';
import { preloadErrorPage } from './components/error-page/error-page-lazy';
import { FooterMarkupProvider } from './components/footer/footer-markup';
import { footerMarkup } from './components/footer/footer-markup.server';
import { NavigationMarkupProvider } from './components/header/navigation-markup';
import { navigationMarkup } from './components/header/navigation-markup.server';
import { fizzNulByteFilter } from './fizz-nul-bytes';
import { NonceProvider } from './nonce';
import { RequestIdProvider } from './request-id';

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Renders the document. Crawlers get the whole document at once (onAllReady), and so does every shareable
 * page (public, anonymous, 200): the HTTP layer buffers it anyway to hash its scripts and compute its ETag,
 * and the one copy that a CDN keeps must be complete without JavaScript. Other pages get the shell as soon as
 * it is ready and deferred data streams in. The time to the first byte is reported as `render`.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const shareable = isShareableResponse({
    method: request.method,
    status: responseStatusCode,
    cacheControl: responseHeaders.get('Cache-Control'),
    sharedCopy: loadContext.sharedCopy,
    setsCookie: responseHeaders.has('Set-Cookie'),
  });
  // The error page's code is loaded on first use (error-page-lazy.tsx); a render must not suspend on it.
  await preloadErrorPage();
  const waitForAll = shareable || isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  const nonce = loadContext.cspNonce;
  const { content } = loadContext.services;
  const started = performance.now();
  // The manifest of the routes this request was matched against (the request handler's table, route-subsets.server.ts).
  const context = {
    ...remixContext,
    manifest: routesOfRequest(remixContext.manifest, remixContext.routeModules),
  };
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId}>
          {/* The menu's entries, rendered once per navigation document and pasted into every page. */}
          <NavigationMarkupProvider value={navigationMarkup(loadContext.services.content.navigation().items)}>
            {/* The footer's links, likewise (footer-markup.server.ts). */}
            <FooterMarkupProvider value={footerMarkup(content.footer(), content.social())}>
              {/* Product cards' markup from a cache keyed by their props (card-markup.tsx, decision 058). */}
              <CardMarkupProvider value={cardMarkup}>
                <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
              </CardMarkupProvider>
            </FooterMarkupProvider>
          </NavigationMarkupProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          loadContext.timing.add('render', performance.now() - started);
          // React 18.3 can leave NUL bytes at its 2 KB view boundaries, and one batch of its output (the shell,
          // a deferred boundary) goes on as one chunk (see fizz-nul-bytes.ts).
          const body = fizzNulByteFilter();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, Remix's error boundary renders them.
          // An abort because the client left is not an error.
          if (shellRendered && !request.signal.aborted) loadContext.logger.error('render error', { error });
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY + 1_000);
    // A client that has gone gets no more work (the adapter aborts the request's signal when it disconnects).
    request.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        abort();
      },
      { once: true },
    );
  });
}

/**
 * Unexpected errors in loaders, actions and rendering. Aborted requests are not errors, nor are the 4xx answers
 * Remix produces itself (an unknown action, a bad method): those are the client's mistake, logged per request.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.logger.error('unhandled error', { error, path: new URL(request.url).pathname });
};

/**
 * The splice of a shared copy for a shopper without scripts (decision 107), and its regions for a CDN that
 * assembles the page (decision 115), for the HTTP layer (server/http).
 */
export {
  personalShell,
  renderPersonalRegion,
  splicePersonalState,
  SPLICE_REGIONS,
} from './components/header/personal-splice.server';
