/**
 * SPEC §7 "Repair admin service" under `/api/repair-admin/<call>` (server/repairs/api.server.ts): the caller is the
 * signed-in viewer; a 401 also signs the browser out.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleRepairApi } from '../../server/repairs/api.server';
import { signOutCookies } from '../../server/viewer/index.server';

function answer({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { services, viewer } = context;
  return handleRepairApi(request, params['*'] ?? '', {
    repairs: services.repairs,
    rateLimiter: services.rateLimiter,
    customerId: viewer.customer?.id ?? null,
    signOutCookies: () =>
      signOutCookies({ secure: services.config.publicUrl?.startsWith('https://') ?? false }),
  });
}

export const loader = (args: LoaderFunctionArgs) => answer(args);
export const action = (args: ActionFunctionArgs) => answer(args);
