import { useEffect } from 'react';

/**
 * Enforces the shopper's cookie choice in the browser: without the performance group (C0002) the tracking
 * cookies (tracking-cookies.ts) are expired now and every 3 seconds. Renders nothing; mounted once in root.
 * The consent is read from `document.cookie`, never from the server, so cached pages stay shareable.
 *
 * The sweep's code is its own chunk, fetched once the page has hydrated (issue 7 §6, decision 049): nothing of it
 * is needed to show the page, and the first sweep comes one small request later than the hydration.
 */
export function ConsentManager() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
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
      .catch(() => undefined);
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return null;
}
