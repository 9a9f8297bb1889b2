import { useEffect } from 'react';
import { allowsPerformance } from './consent';

/**
 * How often the choice of a shopper who allowed the performance group (C0002) is read again, so that a withdrawal
 * (on the cookie settings page, or in another tab) starts the sweep: within a second, plus the sweep's small
 * download, well inside the 3 seconds of SPEC §9.
 */
export const CONSENT_RECHECK_MS = 1000;

export type ConsentWatchEnvironment = {
  cookie(): string;
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
};

/**
 * Calls `start` (which loads and starts the tracking-cookie sweep) at once when the consent lacks C0002, else on the
 * first re-read that finds it withdrawn; never twice. Returns what stops the watch.
 */
export function startWhenRefused(env: ConsentWatchEnvironment, start: () => void): () => void {
  if (!allowsPerformance(env.cookie())) {
    start();
    return () => undefined;
  }
  const id = env.setInterval(() => {
    if (allowsPerformance(env.cookie())) return;
    env.clearInterval(id);
    start();
  }, CONSENT_RECHECK_MS);
  return () => env.clearInterval(id);
}

/**
 * Enforces the shopper's cookie choice in the browser: without the performance group (C0002) the tracking
 * cookies (tracking-cookies.ts) are expired now and every 3 seconds. Renders nothing; mounted once in root.
 * The consent is read from `document.cookie`, never from the server, so cached pages stay shareable.
 *
 * The sweep's code is its own chunk (issue 7 §6, decision 049), fetched once the page has hydrated when the consent
 * lacks C0002 (a new shopper's), or when a shopper who had allowed it withdraws it (decision 062): nothing of it is
 * needed to show the page, and a shopper who allowed analytics never needs it.
 */
export function ConsentManager() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    const stopWatch = startWhenRefused(
      {
        cookie: () => document.cookie,
        setInterval: (handler, ms) => window.setInterval(handler, ms),
        clearInterval: (id) => window.clearInterval(id as number),
      },
      () =>
        void import('./cleanup')
          .then(({ startTrackingCookieCleanup }) => {
            if (unmounted) return;
            stop = startTrackingCookieCleanup({
              document,
              location: window.location,
              setInterval: (handler, ms) => window.setInterval(handler, ms),
              clearInterval: (id) => window.clearInterval(id as number),
            });
          })
          // A failed download (offline for a moment): the next page load tries again.
          .catch(() => undefined),
    );
    return () => {
      unmounted = true;
      stopWatch();
      stop?.();
    };
  }, []);
  return null;
}
