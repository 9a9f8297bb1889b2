import { allowsPerformance } from './consent';
import { removeTrackingCookies } from './tracking-cookies';

/** SPEC §9: without consent group C0002, tracking cookies are removed every 3 seconds. */
export const TRACKING_CLEANUP_INTERVAL_MS = 3000;

export type CleanupEnvironment = {
  document: Pick<Document, 'cookie'>;
  location: Pick<Location, 'hostname' | 'pathname'>;
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
};

/**
 * Removes tracking cookies at once and then every TRACKING_CLEANUP_INTERVAL_MS, as long as the consent cookie
 * (read again on every tick, so a choice saved in another tab counts) lacks C0002. Returns the stop function.
 */
export function startTrackingCookieCleanup(env: CleanupEnvironment): () => void {
  const sweep = () => {
    if (!allowsPerformance(env.document.cookie)) removeTrackingCookies(env.document, env.location);
  };
  sweep();
  const id = env.setInterval(sweep, TRACKING_CLEANUP_INTERVAL_MS);
  return () => env.clearInterval(id);
}
