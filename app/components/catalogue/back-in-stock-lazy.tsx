/**
 * The back-in-stock form, loaded only where a page shows it (issue 7 §6, decision 024): the form kit's browser
 * half (conform and zod, about 26 KB gzip) stays out of the product page's scripts until a sold-out size is shown.
 *
 * The server loads the module before rendering (`preloadBackInStockForm` in the loader), so the HTML always carries
 * the form (it works without JavaScript). In the browser, a page whose HTML carries the form loads the module before
 * React hydrates (`entry.client.tsx` calls `preloadBackInStockForm` first): hydrating a Suspense boundary that is
 * still waiting for its code fails as soon as anything above it updates (React #421). Not a top-level await here:
 * the form's chunk imports from the product route's chunk, so awaiting it while that chunk evaluates never ends.
 * A form that appears later (a size sold out by the stock refresh, a client navigation) renders once its module
 * has arrived.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type { BackInStockForm as Form } from './back-in-stock';

const load = () => import('./back-in-stock');
const LazyForm = lazy(() => load().then((module) => ({ default: module.BackInStockForm })));
let loaded: typeof Form | undefined;

/** Loads the form's module now; afterwards the form renders without suspending (the server's renders). */
export async function preloadBackInStockForm(): Promise<void> {
  loaded ??= (await load()).BackInStockForm;
}

export function BackInStockForm(props: ComponentProps<typeof Form>) {
  const Loaded = loaded;
  return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <LazyForm {...props} />}</Suspense>;
}
