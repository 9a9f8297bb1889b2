/**
 * `?logout` on any page (SPEC §2 query flags, issue 10 §7; decision 047): when the navigation is the shopper's own
 * (`logoutLinkDecision`), the sign-out starts at once — single logout at the provider, the SPEC §7 cookies
 * cleared — and the shopper is sent to `/signed-out`, which pauses 2 seconds and goes on to `/?login=true`, with
 * JavaScript and without. Otherwise the page renders with the sign-in panel open, which offers Sign Out.
 */
import { redirect } from '@remix-run/node';
import type { RequestContext } from '../../../server/context.server';
import { LOGOUT_FLAG, logoutLinkDecision } from '../../../server/identity/public';
import { queryFlagIsOn } from '../../../server/viewer/public';
import { cookieHeaders } from './account.server';

export const SIGNED_OUT_PATH = '/signed-out';

/**
 * Throws the redirect that signs out when the URL's `?logout` should; returns otherwise. `url` is the request's URL
 * as the root loader has parsed it already (this runs on every document request).
 */
export async function startSignOutFromLink(
  request: Request,
  context: RequestContext,
  url: URL,
): Promise<void> {
  if (!queryFlagIsOn(url.searchParams, LOGOUT_FLAG)) return;
  const decision = logoutLinkDecision({
    signedIn: context.viewer.customer !== null,
    secFetchSite: request.headers.get('Sec-Fetch-Site'),
    purpose: request.headers.get('Sec-Purpose') ?? request.headers.get('Purpose'),
    referer: request.headers.get('Referer'),
    origin: context.services.config.publicUrl
      ? new URL(context.services.config.publicUrl).origin
      : url.origin,
  });
  if (decision !== 'sign-out') return;
  const cookies = await context.services.identity.signOut(request.headers.get('Cookie'));
  context.logger.info('signed out from ?logout');
  throw redirect(SIGNED_OUT_PATH, { status: 303, headers: cookieHeaders(cookies) });
}
