/**
 * Who calls the repair service API (SPEC §7 "Repair admin service (bearer token)"): the customer of an
 * `Authorization: Bearer` token when the request has that header (a client that is not the store's pages), else
 * the request's viewer, signed in by the `customer_token` cookie. A header that is there decides alone: a bad or
 * expired token is no caller, whatever the cookies say.
 */
import type { Clock } from '../clock';
import type { IdentityClient } from '../identity/client.server';
import { bearerToken, customerOfBearer } from '../identity/bearer.server';
import { SIGN_IN_MESSAGES } from '../identity/messages';
import type { RateLimiter } from '../rate-limit/index.server';
import { signOutCookies, type Viewer } from '../viewer/index.server';
import { handleRepairApi } from './api.server';
import type { RepairsService } from './index.server';

export type ApiCaller =
  | { kind: 'customer'; customerId: number }
  /** No caller: the 401 says `message` (undefined: the SPEC's missing-token message). */
  | { kind: 'none'; message?: string }
  /** The provider could not be asked about the token. */
  | { kind: 'unavailable' };

export const PROVIDER_UNAVAILABLE = 'Sign-in could not be checked right now. Please try again.';

export async function repairApiCaller(
  request: Request,
  deps: {
    viewer: Pick<Viewer, 'customer'>;
    identityClient: Pick<IdentityClient, 'verify' | 'isLive'>;
    clock: Clock;
  },
): Promise<ApiCaller> {
  const token = bearerToken(request.headers.get('Authorization'));
  if (token === undefined)
    return deps.viewer.customer
      ? { kind: 'customer', customerId: deps.viewer.customer.id }
      : { kind: 'none' };
  const bearer = await customerOfBearer(token, { client: deps.identityClient, now: deps.clock.now() });
  if (bearer.ok) return { kind: 'customer', customerId: bearer.customerId };
  if (bearer.reason === 'unavailable') return { kind: 'unavailable' };
  return bearer.reason === 'expired'
    ? { kind: 'none', message: SIGN_IN_MESSAGES.tokenExpired }
    : { kind: 'none' };
}

/** One call of the repair service API for a route: its caller resolved, then `handleRepairApi`. */
export async function serveRepairApi(
  request: Request,
  path: string,
  context: {
    viewer: Pick<Viewer, 'customer'>;
    services: {
      repairs: RepairsService;
      rateLimiter: RateLimiter;
      identity: { client: Pick<IdentityClient, 'verify' | 'isLive'> };
      clock: Clock;
      config: { secure: boolean };
    };
  },
): Promise<Response> {
  const { services } = context;
  const caller = await repairApiCaller(request, {
    viewer: context.viewer,
    identityClient: services.identity.client,
    clock: services.clock,
  });
  if (caller.kind === 'unavailable')
    return Response.json(
      { message: PROVIDER_UNAVAILABLE },
      { status: 503, headers: { 'Cache-Control': 'private, no-store', 'Retry-After': '5' } },
    );
  return handleRepairApi(request, path, {
    repairs: services.repairs,
    rateLimiter: services.rateLimiter,
    customerId: caller.kind === 'customer' ? caller.customerId : null,
    unauthenticatedMessage: caller.kind === 'none' ? caller.message : undefined,
    signOutCookies: () => signOutCookies({ secure: services.config.secure }),
  });
}
