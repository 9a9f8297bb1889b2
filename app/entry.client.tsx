import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { quietAbortedRequests } from './aborted-requests';
import { preloadErrorPage } from './components/error-page/error-page-lazy';
import { preloadPanelBody } from './components/panels/panel-body';
import { loadBeforeHydration, loadsBeforeHydration } from './hydration-waits';

// A request the router aborts (superseded by a newer one) is not an error (aborted-requests.ts).
quietAbortedRequests(console);

// Code the page's HTML needs before it hydrates (hydration-waits.ts); the product page's route module registers the
// back-in-stock form's and the size chart's. A panel the server rendered open (`?login`, `?cart`…): its body is
// loaded when it opens (panel-body.tsx). An error page (the root's error boundary): its code loads with an error
// only (error-page-lazy.tsx).
const panel = document.querySelector('[data-panel-dialog]')?.getAttribute('data-panel-dialog');
if (panel) loadBeforeHydration(() => preloadPanelBody(panel));
if (document.querySelector('[data-error-page]')) loadBeforeHydration(preloadErrorPage);

void loadsBeforeHydration().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
