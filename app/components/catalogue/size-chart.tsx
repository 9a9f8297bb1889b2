import { Link } from '@remix-run/react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { loadBeforeHydration } from '../../hydration-waits';
import type { SizeChartModal as Modal } from './size-chart-modal';
import * as styles from './size-chart.css';

/** The query flag that opens the size chart (SPEC §2 "Other modals: size chart"), as panels use flags. */
export const SIZE_CHART_FLAG = 'size-chart';

/**
 * The modal's code (size-chart-modal.tsx) loads when the chart is about to open (decision 056): on pointer over,
 * focus on or a click of the link, at the latest while the page's data for the open chart is on its way. The
 * server loads it before rendering a page that shows the chart (the loader), and so does the browser before
 * hydrating one (registered with hydration-waits.ts below, when this module is evaluated): a Suspense boundary hydrated while its code is on the way fails as soon as
 * anything above it updates (React #421).
 */
const load = () => import('./size-chart-modal');
const LazyModal = lazy(() => load().then((module) => ({ default: module.SizeChartModal })));
let loaded: typeof Modal | undefined;

/** Loads the modal's code now; a modal rendered afterwards does not suspend. Never rejects. */
export async function preloadSizeChartModal(): Promise<void> {
  try {
    loaded ??= (await load()).SizeChartModal;
  } catch {
    // A failed download (offline for a moment): the modal loads when it renders.
  }
}

// The page's HTML shows the chart open (`?size-chart=true`): hydration waits for the modal's code.
if (typeof document !== 'undefined' && document.querySelector('[data-size-chart]')) {
  loadBeforeHydration(preloadSizeChartModal);
}

/** The link that opens the chart: a real URL, so it works without JavaScript. */
export function SizeChartLink({ openHref }: { openHref: string }) {
  const prefetch = () => void preloadSizeChartModal();
  return (
    <Link
      to={openHref}
      className={styles.openLink}
      preventScrollReset
      replace
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={prefetch}
      // The focus returns here when the chart closes, also when the URL opened it (size-chart-modal.tsx).
      data-size-chart-opener=""
    >
      Size chart
    </Link>
  );
}

/**
 * The size chart as a modal (size-chart-modal.tsx). Decided at its first render: a modal whose code has arrived
 * renders as an eagerly imported one would (the server's render, the hydration of a page that shows it); one still
 * on the way shows once it has, and takes the focus then.
 */
export function SizeChartModal(props: ComponentProps<typeof Modal>) {
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyModal {...props} />
    </Suspense>
  );
}
