/** The loader of the repair entry pages: the viewer's repairs, if signed in. */
import type { AppLoadContext } from '@remix-run/node';

export async function loadRepairEntry(request: Request, context: AppLoadContext) {
  const customer = context.viewer.customer;
  const submitted = Number(new URL(request.url).searchParams.get('submitted'));
  if (!customer) return { signedIn: false, repairs: [], hasDraft: false, submittedId: null };
  const repairs = await context.timing.measure('db', () => context.services.repairs.list(customer.id));
  return {
    signedIn: true,
    repairs,
    hasDraft: repairs.some((repair) => repair.status === 'draft'),
    // Only the customer's own repair is announced.
    submittedId: repairs.some((repair) => repair.id === submitted && repair.status !== 'draft')
      ? submitted
      : null,
  };
}
