/**
 * The loader of the repair entry pages: the viewer's repairs, if signed in; else the repair user info they gave
 * (decision 047), which also prefills the sign-up panel (`signUpPrefill`).
 */
import type { AppLoadContext } from '@remix-run/node';

export async function loadRepairEntry(request: Request, context: AppLoadContext) {
  const customer = context.viewer.customer;
  const submitted = Number(new URL(request.url).searchParams.get('submitted'));
  if (!customer) {
    // SPEC §3 repair user info a signed-out shopper gave here: "Create Your Account" opens filled in with it.
    const repairUserInfo = context.services.identity.repairUserInfo.read(request.headers.get('Cookie'));
    return {
      signedIn: false,
      repairs: [],
      hasDraft: false,
      submittedId: null,
      repairUserInfo,
      signUpPrefill: repairUserInfo,
    };
  }
  const listed = await context.timing.measure('db', () => context.services.repairs.list(customer.id));
  // A paid repair's order is an order like any other (decision 092): the list says its status as My Orders does.
  const statuses = await context.services.orderDesk.statusWords(
    customer.id,
    listed.flatMap((repair) => (repair.payment_order_id ? [repair.payment_order_id] : [])),
  );
  const repairs = listed.map((repair) => ({
    ...repair,
    order_status: repair.payment_order_id ? (statuses.get(repair.payment_order_id) ?? null) : null,
  }));
  return {
    signedIn: true,
    repairs,
    hasDraft: repairs.some((repair) => repair.status === 'draft'),
    // Only the customer's own repair is announced.
    repairUserInfo: null,
    signUpPrefill: null,
    submittedId: repairs.some((repair) => repair.id === submitted && repair.status !== 'draft')
      ? submitted
      : null,
  };
}
