import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { quietAbortedRequests } from './aborted-requests';
import { BACK_IN_STOCK_FORM_ID } from './components/catalogue/back-in-stock-action';

/**
 * Code a page's server HTML needs before it hydrates: the back-in-stock form is loaded lazily
 * (`back-in-stock-lazy.tsx`), and a Suspense boundary hydrated while its code is still on the way fails as soon as
 * anything above it updates (React #421). Only a page that shows the form waits for it; if it cannot be loaded,
 * the page hydrates anyway (the form then renders when it can). The same holds for a panel the server rendered open,
 * the size chart rendered open, and an error page.
 */
function loadShownLazyModules(): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  if (document.getElementById(BACK_IN_STOCK_FORM_ID)) {
    loads.push(
      import('./components/catalogue/back-in-stock-lazy').then((module) => module.preloadBackInStockForm()),
    );
  }
  // A panel the server rendered open (`?login`, `?cart`…): its body is loaded when it opens (panel-body.tsx).
  const panel = document.querySelector('[data-panel-dialog]')?.getAttribute('data-panel-dialog');
  if (panel) {
    loads.push(import('./components/panels/panel-body').then((module) => module.preloadPanelBody(panel)));
  }
  // The product page's size chart rendered open (`?size-chart=true`): its modal is its own chunk (size-chart.tsx).
  if (document.querySelector('[data-size-chart]')) {
    loads.push(import('./components/catalogue/size-chart').then((module) => module.preloadSizeChartModal()));
  }
  // An error page (the root's error boundary): its code loads with an error only (error-page-lazy.tsx).
  if (document.querySelector('[data-error-page]')) {
    loads.push(import('./components/error-page/error-page-lazy').then((module) => module.preloadErrorPage()));
  }
  return Promise.all(loads.map((load) => load.catch(() => undefined)));
}

// A request the router aborts (superseded by a newer one) is not an error (aborted-requests.ts).
quietAbortedRequests(console);

void loadShownLazyModules().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
