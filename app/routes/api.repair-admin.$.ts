/**
 * SPEC §7 "Repair admin service" under `/api/repair-admin/<call>` (server/repairs/api.server.ts): the caller is the
 * customer of the `Authorization: Bearer` token, or without that header the signed-in viewer; a 401 also signs the
 * browser out.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { PROVIDER_UNAVAILABLE, repairApiCaller } from '../../server/repairs/api-caller.server';
import { handleRepairApi } from '../../server/repairs/api.server';
import { signOutCookies } from '../../server/viewer/index.server';

async function answer({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { services, viewer } = context;
  const caller = await repairApiCaller(request, {
    viewer,
    identityClient: services.identity.client,
    clock: services.clock,
  });
  if (caller.kind === 'unavailable')
    return Response.json(
      { message: PROVIDER_UNAVAILABLE },
      { status: 503, headers: { 'Cache-Control': 'private, no-store', 'Retry-After': '5' } },
    );
  return handleRepairApi(request, params['*'] ?? '', {
    repairs: services.repairs,
    rateLimiter: services.rateLimiter,
    customerId: caller.kind === 'customer' ? caller.customerId : null,
    unauthenticatedMessage: caller.kind === 'none' ? caller.message : undefined,
    signOutCookies: () =>
      signOutCookies({ secure: services.config.publicUrl?.startsWith('https://') ?? false }),
  });
}

export const loader = (args: LoaderFunctionArgs) => answer(args);
export const action = (args: ActionFunctionArgs) => answer(args);
