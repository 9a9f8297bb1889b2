import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * True once the product page runs in the browser with its scripts; false on the server and while hydrating,
 * so what depends on it renders the same on both sides first.
 */
export function useProductPageHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
