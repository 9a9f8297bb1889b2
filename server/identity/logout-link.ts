/**
 * `?logout` (SPEC §2 query flags, issue 10 §7) starts a sign-out from a plain address. An address that signs out
 * is a logout-CSRF vector (another site links or embeds it and the shopper is signed out), so the sign-out starts
 * from the address only when the browser says the navigation is the shopper's own: typed, bookmarked or followed
 * from one of this store's pages. Anything else (another site, a prefetch, a browser that says nothing) opens the
 * sign-in panel, which offers a signed-in customer the Sign Out button (a POST, behind the Origin check).
 * Decision 047. Pure: the caller passes the request's headers.
 */

export const LOGOUT_FLAG = 'logout';

export type LogoutLinkRequest = {
  /** A customer is signed in (there is something to sign out). */
  signedIn: boolean;
  /** `Sec-Fetch-Site`, when the browser sends Fetch Metadata. */
  secFetchSite: string | null;
  /** `Sec-Purpose` or `Purpose` (a prefetch or prerender the shopper may never see). */
  purpose: string | null;
  /** `Referer`, for browsers without Fetch Metadata. */
  referer: string | null;
  /** This store's origin (`PUBLIC_URL`'s, or the request's own). */
  origin: string;
};

/** `sign-out`: start it now; `confirm`: ask with the Sign Out button; `none`: nobody is signed in. */
export type LogoutLinkDecision = 'sign-out' | 'confirm' | 'none';

function sameOrigin(referer: string, origin: string): boolean {
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}

export function logoutLinkDecision(request: LogoutLinkRequest): LogoutLinkDecision {
  if (!request.signedIn) return 'none';
  if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return 'confirm';
  const site = request.secFetchSite?.trim().toLowerCase();
  // `none`: the shopper typed the address, chose a bookmark or opened it from outside the browser.
  if (site) return site === 'same-origin' || site === 'none' ? 'sign-out' : 'confirm';
  // No Fetch Metadata (older browsers): only a link on one of our own pages counts.
  return request.referer !== null && sameOrigin(request.referer, request.origin) ? 'sign-out' : 'confirm';
}
