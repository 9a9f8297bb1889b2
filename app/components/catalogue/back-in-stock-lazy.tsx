/**
 * The back-in-stock form, loaded only where a page shows it (issue 7 §6, decision 024): the form kit's browser
 * half (conform and zod, about 26 KB gzip) stays out of the product page's scripts until a sold-out size is shown.
 *
 * The server loads the module before rendering (`preloadBackInStockForm` in the loader), so the HTML always carries
 * the form (it works without JavaScript). In the browser, a page whose HTML carries the form loads the module before
 * React hydrates (this module registers `preloadBackInStockForm` with hydration-waits.ts when it is evaluated, before
 * the client entry runs), so the form hydrates with the page, with
 * no Suspense boundary of its own (see `BackInStockForm`). Not a top-level await here: it would hold the product
 * route's chunk (and every module after it) until the form's chunk has arrived, and a form chunk that imported from
 * the route's chunk would never let it finish; the registration starts the load and lets hydration wait instead.
 * A form that appears later (a size sold out by the stock refresh, a client navigation) renders once its module
 * has arrived.
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { loadBeforeHydration } from '../../hydration-waits';
import { BACK_IN_STOCK_FORM_ID } from './back-in-stock-action';
import type { BackInStockForm as Form } from './back-in-stock';

const load = () => import('./back-in-stock');
const LazyForm = lazy(() => load().then((module) => ({ default: module.BackInStockForm })));
let loaded: typeof Form | undefined;

/** Loads the form's module now; afterwards the form renders without suspending (the server's renders). */
export async function preloadBackInStockForm(): Promise<void> {
  loaded ??= (await load()).BackInStockForm;
}

// The page's HTML carries the form: hydration waits for its module (hydration-waits.ts).
if (typeof document !== 'undefined' && document.getElementById(BACK_IN_STOCK_FORM_ID)) {
  loadBeforeHydration(preloadBackInStockForm);
}

export function BackInStockForm(props: ComponentProps<typeof Form>) {
  // Decided once per form, at its first render: a form whose module is already loaded (the server's render, and the
  // hydration of a page that shows it) renders without a Suspense boundary, as an eagerly imported form would. A
  // boundary in the server HTML hydrates after the rest of the page, and an update that reaches it first (a click
  // that submits a fetcher) fails (React #421). A form that appears later keeps its boundary while it lives, so its
  // state (a typed address) survives the module's arrival.
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyForm {...props} />
    </Suspense>
  );
}
