import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BACK_IN_STOCK_FORM_ID } from './components/catalogue/back-in-stock-action';

/**
 * Code a page's server HTML needs before it hydrates: the back-in-stock form is loaded lazily
 * (`back-in-stock-lazy.tsx`), and a Suspense boundary hydrated while its code is still on the way fails as soon as
 * anything above it updates (React #421). Only a page that shows the form waits for it; if it cannot be loaded,
 * the page hydrates anyway (the form then renders when it can).
 */
function loadShownLazyModules(): Promise<unknown> {
  if (!document.getElementById(BACK_IN_STOCK_FORM_ID)) return Promise.resolve();
  return import('./components/catalogue/back-in-stock-lazy')
    .then((module) => module.preloadBackInStockForm())
    .catch(() => undefined);
}

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
