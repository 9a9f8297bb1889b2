/**
 * The staff screens' sign-in check for loaders and actions (server/staff, decision 088): the staff user asking, who
 * must hold `role`; otherwise the refusal is thrown (303 to `/staff/sign-in`, 401, 403 or 429, each with a message).
 */
import type { AppLoadContext } from '@remix-run/node';
import type { StaffRole, StaffUser } from '../../../server/staff/index.server';

export function requireStaff(request: Request, context: AppLoadContext, role: StaffRole): Promise<StaffUser> {
  return context.services.staff.door.require(request, role, context.clientIp);
}
