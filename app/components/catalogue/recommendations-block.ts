/**
 * The product page's "You may also like" block in the browser (issue 12 §6), loaded by dynamic import when the block
 * nears the viewport (recommendations.tsx), so none of it is in the page's scripts at load (issue 7 §6):
 *
 * - Refinement: with the functional consent (C0003, the one the recently viewed cookie needs) it asks
 *   /products/recommendations for this shopper's cards (last viewed products and cart, up to 10, `private,
 *   no-store`) and hands them to the block, which shows them in place of the shared ones.
 * - Beacons (search-beacons.ts, only with the performance consent C0002): the block's render with the products it
 *   shows once the refinement settled, its impression once per page load when half of it is in view, and a click
 *   on each card.
 *
 * No React here: the block's own component owns its state and applies the answer in a transition, after it
 * hydrated (decision 057, the #421 hazard).
 */
import { consentFromCookies } from '../consent/consent';
import { beacons, productPageKey } from '../analytics/search-beacons';
import type { CardView } from './card-view';

/** The block's name in beacons; a block showing this shopper's own cards says so. */
export const BLOCK = 'you-may-also-like';
export const PERSONAL_BLOCK = `${BLOCK}:personal`;
/** How long the block waits for the shopper's cards before it counts as shown with the shared ones. */
export const REFINE_TIMEOUT_MS = 4_000;
/** The share of the block in view that counts as an impression. */
const IMPRESSION_THRESHOLD = 0.5;

type Options = {
  productId: number;
  /** The cards' product ids as served. */
  servedIds: readonly number[];
  /** Shows the shopper's cards (called at most once). */
  onRefined(cards: CardView[]): void;
};

async function personalCards(productId: number, signal: AbortSignal): Promise<CardView[] | null> {
  if (!consentFromCookies(document.cookie).C0003) return null;
  const response = await fetch(`/products/recommendations?product=${productId}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) return null;
  const { products } = (await response.json()) as { products: CardView[] | null };
  return products && products.length > 0 ? products : null;
}

/** Starts the block's behaviour on its element; the returned function stops it (unmount, another product). */
export function startRecommendations(element: HTMLElement, options: Options): () => void {
  const queue = beacons();
  queue.enterPage(productPageKey(options.productId));
  const abort = new AbortController();
  const timeout = window.setTimeout(() => abort.abort(), REFINE_TIMEOUT_MS);
  let block = BLOCK;
  let stopped = false;
  let observer: IntersectionObserver | null = null;

  const onClick = (event: MouseEvent) => {
    const item = (event.target as Element | null)?.closest?.('a[href]')?.closest('li[data-product-id]');
    if (!(item instanceof HTMLElement) || !element.contains(item)) return;
    // At once: the shopper is leaving the page (a card link).
    queue.track({ kind: 'click', block, productIds: [Number(item.dataset.productId)] }, { now: true });
  };
  // Capture: the cards' links navigate in the app from a listener of their own (plain-links.tsx).
  element.addEventListener('click', onClick, true);

  const shown = (refined: CardView[] | null) => {
    if (stopped) return;
    if (refined) {
      block = PERSONAL_BLOCK;
      options.onRefined(refined);
    }
    const ids = refined ? refined.map((card) => card.id) : [...options.servedIds];
    if (ids.length === 0) return;
    queue.track({ kind: 'render', block, productIds: ids });
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer?.disconnect();
        observer = null;
        queue.track({ kind: 'impression', block, productIds: ids });
      },
      { threshold: IMPRESSION_THRESHOLD },
    );
    observer.observe(element);
  };

  personalCards(options.productId, abort.signal)
    .catch(() => null)
    .then((refined) => {
      window.clearTimeout(timeout);
      shown(refined);
    });

  return () => {
    stopped = true;
    window.clearTimeout(timeout);
    abort.abort();
    observer?.disconnect();
    element.removeEventListener('click', onClick, true);
  };
}

/**
 * Before React replaces the island's server markup with its own (the same cards): what to restore after, the
 * focused card link (a keyboard shopper's place) and the row's scroll.
 */
export function captureIsland(element: HTMLElement): () => void {
  const active = document.activeElement;
  const href =
    active instanceof HTMLAnchorElement && element.contains(active) ? active.getAttribute('href') : null;
  const scrollLeft = element.querySelector('ul')?.scrollLeft ?? 0;
  return () => {
    const row = element.querySelector('ul');
    if (row && scrollLeft > 0) row.scrollLeft = scrollLeft;
    if (href === null) return;
    const again = [...element.querySelectorAll('a[href]')].find((link) => link.getAttribute('href') === href);
    if (again instanceof HTMLElement) again.focus({ preventScroll: true });
  };
}
