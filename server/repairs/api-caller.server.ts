/**
 * One call of the repair service API for a route (SPEC §7 "Repair admin service (bearer token)"): its caller named
 * by the identity context's bearer-or-cookie rule (`callerOfRequest`: the `Authorization: Bearer` token, else the
 * viewer signed in by the `customer_token` cookie), then `handleRepairApi`.
 */
import type { Clock } from '../clock';
import { CALLER_MESSAGES, callerOfRequest, SIGN_IN_MESSAGES } from '../identity/index.server';
import type { RateLimiter } from '../rate-limit/index.server';
import { signOutCookies, type Viewer } from '../viewer/index.server';
import { handleRepairApi } from './api.server';
import type { RepairsService } from './service.server';

export const PROVIDER_UNAVAILABLE = CALLER_MESSAGES.unavailable;

export async function serveRepairApi(
  request: Request,
  path: string,
  context: {
    viewer: Pick<Viewer, 'customer'>;
    services: {
      repairs: RepairsService;
      rateLimiter: RateLimiter;
      identity: { client: Parameters<typeof callerOfRequest>[1]['client'] };
      clock: Clock;
      config: { secure: boolean };
    };
  },
): Promise<Response> {
  const { services } = context;
  const customer = context.viewer.customer;
  const caller = await callerOfRequest(request, {
    client: services.identity.client,
    now: services.clock.now(),
    cookie: customer ? { customerId: customer.id } : null,
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
    // SPEC §4 'Token is Expired.' for an expired token; any other refusal is the missing-token message.
    unauthenticatedMessage:
      caller.kind === 'none' && caller.reason === 'expired'
        ? SIGN_IN_MESSAGES.tokenExpired
        : CALLER_MESSAGES.missingToken,
    signOutCookies: () => signOutCookies({ secure: services.config.secure }),
  });
}
