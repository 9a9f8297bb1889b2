import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { quietAbortedRequests } from './aborted-requests';
import { loadsBeforeHydration } from './hydration-waits';

// A request the router aborts (superseded by a newer one) is not an error (aborted-requests.ts).
quietAbortedRequests(console);

// Code the page's HTML needs before it hydrates, registered by the modules that know of it when Remix evaluated the
// page's route modules (hydration-waits.ts): a panel the server rendered open, an error page (the shell's modules),
// the product page's back-in-stock form and size chart (its route's chunk).
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
