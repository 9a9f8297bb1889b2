/**
 * Sign-up (SPEC §4): the create-customer payload of SPEC §3, then the automatic sign-in. On the repair path the
 * sign-in panel opens afterwards (a 303 to the page with `?login=true`); elsewhere the panel shows "Successfully
 * created customer!" and "Please check your email and verify your account.". Idempotent (a double submit creates
 * one customer), rate-limited per client and per e-mail, with a honeypot.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '../../server/forms/public';
import { createCustomerPayload, SIGN_UP_MESSAGES, signUpForm } from '../components/account/sign-up-form';
import { FormReplyPage } from '../components/forms/form-reply-page';
import {
  actionOnlyLoader,
  formRouteHeaders,
  handleForm,
  perClient,
  perField,
} from '../components/forms/form.server';

const HOUR = 3_600_000;

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

const setCookies = (cookies: string[]) => cookies.map((cookie) => ['Set-Cookie', cookie] as [string, string]);

/**
 * SPEC §4: "On the repair path the sign-in panel opens afterwards" — the repair entry (`/warranties`, issue 13 §1)
 * and the wizard's pages under it.
 */
function repairPathSignIn(from: string): string | null {
  const url = new URL(safeRedirect(from), 'http://same-origin.invalid');
  if (!/^\/warranties(\/|$)/.test(url.pathname)) return null;
  for (const flag of ['create-an-account', 'login', 'reset-password', 'cart']) url.searchParams.delete(flag);
  url.searchParams.set('login', 'true');
  return `${url.pathname}?${url.searchParams.toString()}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, signUpForm, {
    limits: [perClient({ limit: 10, windowMs: HOUR }), perField('email', { limit: 3, windowMs: HOUR })],
    async submit(value, { success, reject }) {
      const from = value.from ?? '/';
      const outcome = await context.services.identity.signUp({
        payload: createCustomerPayload(value),
        viewer: context.viewer,
        from,
      });
      if (!outcome.ok) return reject({ formErrors: [outcome.message] }, 409);
      context.logger.info('customer signed up', { signedIn: outcome.signedIn });
      // The repair user info given before (decision 047): its address becomes the account's default address,
      // the repair's return address; then it is forgotten.
      const cookies = [
        ...outcome.cookies,
        ...(await keepRepairAddress(request, context, outcome.customerId)),
      ];
      const signInPanel = repairPathSignIn(from);
      if (signInPanel) throw redirect(signInPanel, { status: 303, headers: setCookies(cookies) });
      return success(SIGN_UP_MESSAGES.created, { headers: setCookies(cookies) });
    },
  });
}

async function keepRepairAddress(
  request: Request,
  context: ActionFunctionArgs['context'],
  customerId: number,
): Promise<string[]> {
  const { identity, customers } = context.services;
  const info = identity.repairUserInfo.read(request.headers.get('Cookie'));
  if (!info) return [];
  await customers.saveAddress(customerId, null, {
    firstName: info.first_name,
    lastName: info.last_name,
    address1: info.address1,
    address2: info.address2,
    city: info.city,
    stateOrProvince: info.state_or_province,
    postalCode: info.postal_code,
    countryCode: info.country,
    phone: info.phone,
    makeDefault: true,
  });
  return identity.repairUserInfo.forget();
}

export default function SignUpReply() {
  return <FormReplyPage title="Create Your Account" />;
}
