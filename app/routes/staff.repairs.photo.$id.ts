/** A repair photo for the repair desk (behind the staff sign-in), served so that it can never run as a page. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { idOr, photoResponse } from '../../server/repairs/index.server';
import { REPAIR_MESSAGES } from '../../server/repairs/public';
import { RepairError } from '~/components/repair/repair.server';
import { requireStaff } from '~/components/repair/staff.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'repairs');
  try {
    const fileId = idOr(params.id, REPAIR_MESSAGES.missingFiles);
    return photoResponse(await context.services.repairs.staffPhoto(fileId));
  } catch (error) {
    if (error instanceof RepairError)
      return new Response(JSON.stringify({ message: error.message }), {
        status: error.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' },
      });
    throw error;
  }
}
