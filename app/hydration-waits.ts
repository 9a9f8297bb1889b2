/**
 * Code a page's server HTML needs before React hydrates it (decisions 024, 056, 063): a part whose code loads lazily
 * (the back-in-stock form, the size chart's modal, a panel the server rendered open, an error page) hydrates behind a
 * Suspense boundary while its code is on the way, and that boundary fails as soon as anything above it updates (React
 * #421). So the module that knows of such a part registers its load here when the document shows it, and
 * `entry.client.tsx` hydrates once every registered load has settled.
 *
 * Remix evaluates the page's route modules before it imports the client entry, so a route's chunk (the product
 * page's, which holds the form's and the chart's wrappers) registers in time, and the entry needs no dynamic import
 * of it (each one named every chunk and stylesheet the route loads, in every page's entry).
 */
const loads: Promise<unknown>[] = [];

/**
 * Starts `load` now; hydration waits for it. A load that fails does not stop hydration: the part renders when its
 * code arrives.
 */
export function loadBeforeHydration(load: () => Promise<unknown>): void {
  loads.push(load().catch(() => undefined));
}

/** Settles once every load registered so far has. */
export function loadsBeforeHydration(): Promise<unknown> {
  return Promise.all(loads);
}
