/**
 * Where a settings page sends the shopper back to. Redirect targets are checked by the one `safeRedirect`
 * (server/forms/safe-redirect.ts). Pure.
 */
import { safeRedirect } from '../../../server/forms/public';

/**
 * The page a settings page was opened from: its `redirectTo` parameter, else a same-origin `Referer` (the footer
 * link carries no parameter), never the settings page itself; `/` otherwise.
 */
export function returnPath(request: { url: string; referer: string | null }, selfPath: string): string {
  const url = new URL(request.url);
  const asked = url.searchParams.get('redirectTo');
  let candidate = asked === null ? '' : safeRedirect(asked, '');
  if (candidate === '' && request.referer) {
    try {
      const referer = new URL(request.referer);
      if (referer.origin === url.origin) candidate = safeRedirect(`${referer.pathname}${referer.search}`, '');
    } catch {
      candidate = '';
    }
  }
  if (candidate === '' || new URL(candidate, url.origin).pathname === selfPath) return '/';
  return candidate;
}
