import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * True once the page runs in the browser with its scripts; false on the server and during hydration, so
 * what depends on it renders the same on both sides first.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
