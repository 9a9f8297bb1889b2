import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '~/root';

/** The root loader's data: site-wide content (navigation, promo bar, footer, social, SEO) and the cart count. */
export type RootData = NonNullable<ReturnType<typeof useRootData>>;

/**
 * Site-wide data for any component. Undefined when the root loader did not run: an error thrown by the
 * root loader itself, or a URL that matches no route at all (Remix then renders the root error boundary
 * without loading data), so every caller must render a fallback.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}
