/**
 * The root error boundary's page (error-page.tsx with its copy, http-errors.ts), loaded only when an error is shown
 * (issue 7 §6, decision 049): no page that renders without an error carries its code.
 *
 * As with the back-in-stock form and the panels' bodies, no render that must not suspend waits for it:
 * - the server loads the module before it renders any document (`entry.server.tsx`), so an error page's HTML
 *   is complete (it works without JavaScript);
 * - in the browser, a page whose HTML is an error page (`[data-error-page]`) loads it before React hydrates: this
 *   module registers the load with hydration-waits.ts when it is evaluated. A Suspense boundary hydrated while its
 *   code is on the way fails as soon as anything above it updates (React #421);
 * - an error met by a client-side navigation shows the page once its module has arrived (an empty main for the
 *   time of one small request).
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { loadBeforeHydration } from '../../hydration-waits';
import type { RootErrorPage as Page } from './error-page';

const load = () => import('./error-page');
const LazyPage = lazy(() => load().then((module) => ({ default: module.RootErrorPage })));
let loaded: typeof Page | undefined;

/** Loads the page's module now; afterwards it renders without suspending. Never rejects. */
export async function preloadErrorPage(): Promise<void> {
  try {
    loaded ??= (await load()).RootErrorPage;
  } catch {
    // A failed download (offline for a moment): the page renders when its module arrives.
  }
}

// The page's HTML is an error page: hydration waits for its module (hydration-waits.ts).
if (typeof document !== 'undefined' && document.querySelector('[data-error-page]')) {
  loadBeforeHydration(preloadErrorPage);
}

export function RootErrorPage(props: ComponentProps<typeof Page>) {
  // Decided at the boundary's first render: a module already loaded renders as an eagerly imported one would.
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPage {...props} />
    </Suspense>
  );
}
