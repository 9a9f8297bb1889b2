/** The forms context's browser-safe surface: the one check of redirect targets. */
export { safeRedirect } from './safe-redirect';
