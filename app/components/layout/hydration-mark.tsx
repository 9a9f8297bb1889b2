import { useEffect } from 'react';

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`), after the first commit. Scripts and
 * tests that must not act on server HTML whose handlers are not attached yet wait for it; the end-to-end fixture
 * does, instead of retrying clicks that landed too early.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
