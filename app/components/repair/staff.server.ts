/** The repair desk's sign-in check for loaders and actions (server/repairs/staff-auth.server.ts). */
import type { AppLoadContext } from '@remix-run/node';
import { requireStaff } from '../../../server/repairs/index.server';

export function requireRepairDesk(request: Request, context: AppLoadContext): Promise<void> {
  return requireStaff(request, {
    password: context.services.config.staffPassword,
    rateLimiter: context.services.rateLimiter,
    clientIp: context.clientIp,
  });
}
