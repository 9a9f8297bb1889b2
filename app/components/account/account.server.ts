/**
 * The account area's guard (issue 10 §9; SPEC §4 "Authentication"): private pages check the session with the
 * provider. A token it no longer honours signs the shopper out (SPEC §4 "401: forced logout") and sends them to
 * `/?login=true`; an expired one is cleared with "Token is Expired." (SPEC §8) on the profile page.
 */
import { redirect } from '@remix-run/node';
import type { RequestContext } from '../../../server/context.server';
import type { CustomerProfile } from '../../../server/customers/index.server';

export const ACCOUNT_HEADERS = { 'Cache-Control': 'private, no-store' } as const;

export function cookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers(ACCOUNT_HEADERS);
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/**
 * `headers` of a live session: the account headers, with the viewer cookies again when the profile changed since
 * sign-in (a pro application approved: `identity.refreshedSession`), so pricing follows from this page on.
 */
export type AccountAccess =
  { expired: true; headers: Headers } | { expired: false; profile: CustomerProfile; headers: Headers };

/**
 * The signed-in customer's profile, or: a redirect to `/?login=true` (thrown) when nobody is signed in or the
 * session is gone; `{ expired }` with the cookies that clear it when the token has expired (the caller shows
 * SPEC §8's message, or `requireCustomer` sends the shopper to the profile page, which does).
 */
export async function accountAccess(request: Request, context: RequestContext): Promise<AccountAccess> {
  const { identity, customers } = context.services;
  const cookie = request.headers.get('Cookie');
  const session = await identity.checkSession(cookie);
  if (session === 'expired') return { expired: true, headers: cookieHeaders(await identity.signOut(cookie)) };
  const customer = context.viewer.customer;
  if (!customer || session !== 'live') {
    const cleared = session === 'none' ? [] : await identity.signOut(cookie);
    throw redirect('/?login=true', { status: 303, headers: cookieHeaders(cleared) });
  }
  const profile = await context.timing.measure('db', () => customers.profile(customer.id));
  if (!profile)
    throw redirect('/?login=true', { status: 303, headers: cookieHeaders(await identity.signOut(cookie)) });
  return {
    expired: false,
    profile,
    headers: cookieHeaders(identity.refreshedSession(cookie, context.viewer, profile)),
  };
}

/** The viewer cookies again when a signed-in customer's profile has changed since sign-in ([] otherwise). */
export function refreshedSession(
  request: Request,
  context: RequestContext,
  profile: CustomerProfile | null,
): Headers {
  const cookies = profile
    ? context.services.identity.refreshedSession(request.headers.get('Cookie'), context.viewer, profile)
    : [];
  return cookieHeaders(cookies);
}

/** For account pages other than the profile: the profile, or the profile page (which explains an expiry). */
export async function requireCustomer(request: Request, context: RequestContext): Promise<CustomerProfile> {
  const access = await accountAccess(request, context);
  if (access.expired) throw redirect('/account/profile', { status: 303, headers: ACCOUNT_HEADERS });
  return access.profile;
}
