import { useEffect } from 'react';
import { startTrackingCookieCleanup } from './cleanup';

/**
 * Enforces the shopper's cookie choice in the browser: without the performance group (C0002) the tracking
 * cookies (tracking-cookies.ts) are expired now and every 3 seconds. Renders nothing; mounted once in root.
 * The consent is read from `document.cookie`, never from the server, so cached pages stay shareable.
 */
export function ConsentManager() {
  useEffect(
    () =>
      startTrackingCookieCleanup({
        document,
        location: window.location,
        setInterval: (handler, ms) => window.setInterval(handler, ms),
        clearInterval: (id) => window.clearInterval(id as number),
      }),
    [],
  );
  return null;
}
