/**
 * The product page's "You may also like" block (issue 9 §8, issue 12 §6; docs/decisions/057-recommendations-and-beacons.md).
 *
 * The server renders the strip of the shared page (the same for every viewer of a price list) into the HTML, so it
 * works without JavaScript. In the browser the block is a static island until it nears the viewport: its code (the
 * strip and its cards, product-strip.tsx; the refinement and beacons, recommendations-block.ts) is not in the page's
 * scripts at load (issue 7 §6). Hydration keeps the server's markup as it is (an element whose content React does
 * not own), and no Suspense boundary waits for code: nothing can update a boundary that has not hydrated (React
 * #421). Near the viewport the block loads its code and renders the strip itself (the same markup), then shows the
 * shopper's own cards when the private refinement answers, in a transition of its own state.
 */
import { Await } from '@remix-run/react';
import { memo, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { allowsPerformance } from '../consent/consent';
import type { CardView as Card } from './card-view';
import type { ProductStrip as Strip } from './product-strip';
// The strip's and its cards' styles are the page's own: the server's markup of the block is styled before its code
// arrives, and without JavaScript (their class names are all these modules hold in the page's scripts).
import './product-card.css';
import './recommendations.css';

/** How near the viewport the block is when its code loads. */
const NEAR_VIEWPORT = '400px 0px';

const loadStripModule = () => import('./product-strip');
let loadedStrip: typeof Strip | undefined;

/** Loads the strip's module; afterwards strips render at once (the server's renders: the product loader awaits it). */
export async function loadProductStrip(): Promise<typeof Strip> {
  loadedStrip ??= (await loadStripModule()).ProductStrip;
  return loadedStrip;
}

/**
 * "You may also like" (10 on product pages): deferred data (a shared page waits for it: entry.server.tsx). The
 * promise given never rejects (the loader turns a failure into an empty list), so the page never fails because of
 * it. Memoised: the page re-renders while its Suspense boundary may still be hydrating (stock refresh, recently
 * viewed), and an update reaching a boundary that has not hydrated is a React error (#421).
 */
export const Recommendations = memo(function Recommendations({
  products,
  productId,
  title = 'You may also like',
}: {
  /** The cards, or deferred data streamed after the page when they were not ready with it (decision 058). */
  products: Promise<Card[]> | Card[];
  /** The product whose page this is. */
  productId: number;
  title?: string;
}) {
  return (
    <Suspense fallback={null}>
      <Await resolve={products}>
        {(resolved) => (
          <RecommendationBlock key={productId} productId={productId} served={resolved} title={title} />
        )}
      </Await>
    </Suspense>
  );
});

function RecommendationBlock({
  productId,
  served,
  title,
}: {
  productId: number;
  served: Card[];
  title: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Set on the server (the loader loaded it) and after a first load in this tab; unset while hydrating, so the
  // server's markup is kept as it is until the code arrives.
  const [ProductStrip, setProductStrip] = useState(() => loadedStrip);
  const [refined, setRefined] = useState<Card[] | null>(null);
  const restore = useRef<(() => void) | null>(null);
  const servedIds = served.map((product) => product.id).join(',');

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let live = true;
    let stop: (() => void) | undefined;
    const start = () => {
      void Promise.all([loadProductStrip(), import('./recommendations-block')])
        .then(([loaded, block]) => {
          if (!live) return;
          // The island's markup is replaced by React's: the focused card and the row's scroll are kept.
          restore.current = block.captureIsland(element);
          startTransition(() => setProductStrip(() => loaded));
          stop = block.startRecommendations(element, {
            productId,
            servedIds: servedIds === '' ? [] : servedIds.split(',').map(Number),
            onRefined: (cards) => startTransition(() => setRefined(cards)),
          });
        })
        // Without its code the served block stays as it is: complete, its links plain links.
        .catch(() => undefined);
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              observer?.disconnect();
              start();
            },
            { rootMargin: NEAR_VIEWPORT },
          )
        : null;
    if (observer) observer.observe(element);
    else start();
    return () => {
      live = false;
      observer?.disconnect();
      stop?.();
    };
  }, [productId, servedIds]);

  useEffect(() => {
    restore.current?.();
    restore.current = null;
  }, [ProductStrip]);

  if (!ProductStrip) {
    // React keeps what the server rendered inside (and renders nothing there on a client navigation).
    return <div ref={ref} data-recommendations="" suppressHydrationWarning dangerouslySetInnerHTML={EMPTY} />;
  }
  return (
    <div ref={ref} data-recommendations="">
      <ProductStrip title={title} products={refined ?? served} id="recommendations-title" />
    </div>
  );
}

const EMPTY = { __html: '' };

/**
 * The product-view beacon of a product page (issue 12 §6): sent after hydration, once per product shown, with the
 * shopper's performance consent only (search-beacons.ts, a chunk loaded then, not at load, and only with it).
 */
export function useProductViewBeacon(productId: number): void {
  useEffect(() => {
    // The module sends nothing without the consent; without it, it is not loaded either (decision 062).
    if (!allowsPerformance(document.cookie)) return;
    void import('../analytics/search-beacons')
      .then(({ trackProductView }) => trackProductView(productId))
      .catch(() => undefined);
  }, [productId]);
}
