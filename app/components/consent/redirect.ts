/**
 * Where a form may send the shopper back to (CONVENTIONS 7: `redirectTo` is checked to be a same-origin path).
 * Pure; used by the cookie-settings route and fit for any other `redirectTo`.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  const path = value.trim();
  // A path of this origin: one leading slash, not `//host` or `/\host` (browsers read both as another host).
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(path) || path.length > 2048) return fallback;
  try {
    const url = new URL(path, 'http://same.invalid');
    if (url.host !== 'same.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * The page a settings page was opened from: its `redirectTo` parameter, else a same-origin `Referer` (the footer
 * link carries no parameter), never the settings page itself.
 */
export function returnPath(request: { url: string; referer: string | null }, selfPath: string): string {
  const url = new URL(request.url);
  const asked = url.searchParams.get('redirectTo');
  let candidate = asked === null ? undefined : safeRedirectPath(asked);
  if (candidate === undefined && request.referer) {
    try {
      const referer = new URL(request.referer);
      if (referer.origin === url.origin) candidate = safeRedirectPath(`${referer.pathname}${referer.search}`);
    } catch {
      candidate = undefined;
    }
  }
  if (!candidate || new URL(candidate, url.origin).pathname === selfPath) return '/';
  return candidate;
}
