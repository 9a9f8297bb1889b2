/**
 * Tracking cookies that must not stay in the browser without the performance group (C0002), and the
 * `document.cookie` assignments that expire them. A cookie is removed only by a Set-Cookie with the same name,
 * domain and path it was written with, which the browser does not reveal: every plausible variant is expired
 * (host-only and each parent domain, and every path prefix of the current page).
 */

/** Exact names: Google Analytics, Google Ads conversion linker, Meta pixel. */
export const TRACKING_COOKIES = ['_ga', '_gid', '_gat', '_gcl_au', '_fbp', '_fbc'] as const;
/** Name prefixes: GA4 stream cookies `_ga_<id>`, throttle cookies `_gat_<id>`. */
export const TRACKING_COOKIE_PREFIXES = ['_ga_', '_gat_'] as const;

export function isTrackingCookie(name: string): boolean {
  return (
    (TRACKING_COOKIES as readonly string[]).includes(name) ||
    TRACKING_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix))
  );
}

/** Names of the tracking cookies present in a `document.cookie` string, each once. */
export function trackingCookiesIn(cookieString: string): string[] {
  const names = cookieString
    .split(';')
    .map((pair) => pair.split('=', 1)[0]!.trim())
    .filter((name) => name !== '' && isTrackingCookie(name));
  return [...new Set(names)];
}

/** Domains a cookie of this page may have been set on: host-only (undefined), the host, and parent domains. */
export function domainVariants(hostname: string): (string | undefined)[] {
  const variants: (string | undefined)[] = [undefined];
  const isIp = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  if (isIp || !hostname.includes('.')) return [undefined, ...(hostname ? [hostname] : [])];
  const labels = hostname.split('.');
  // Down to the registrable-looking suffix of two labels (never the bare TLD).
  for (let start = 0; start <= labels.length - 2; start += 1) {
    const domain = labels.slice(start).join('.');
    variants.push(domain, `.${domain}`);
  }
  return variants;
}

/** `/`, and each directory prefix of the page's path: `/mens/jackets/` gives `/`, `/mens`, `/mens/jackets`. */
export function pathVariants(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/'];
  for (let index = 1; index <= segments.length; index += 1)
    paths.push(`/${segments.slice(0, index).join('/')}`);
  return paths;
}

const EXPIRED = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0';

/** The `document.cookie = …` strings that expire every tracking cookie of `cookieString` on this page. */
export function expiringAssignments(
  cookieString: string,
  location: { hostname: string; pathname: string },
): string[] {
  const assignments: string[] = [];
  for (const name of trackingCookiesIn(cookieString)) {
    for (const domain of domainVariants(location.hostname)) {
      for (const path of pathVariants(location.pathname)) {
        assignments.push(`${name}=; ${EXPIRED}; Path=${path}${domain ? `; Domain=${domain}` : ''}`);
      }
    }
  }
  return assignments;
}

/** Expires the tracking cookies in this document; returns how many names were present. */
export function removeTrackingCookies(
  doc: Pick<Document, 'cookie'>,
  location: Pick<Location, 'hostname' | 'pathname'>,
) {
  const present = trackingCookiesIn(doc.cookie);
  for (const assignment of expiringAssignments(doc.cookie, location)) doc.cookie = assignment;
  return present.length;
}
