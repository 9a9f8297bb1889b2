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

/** SPEC §4: "On the repair path the sign-in panel opens afterwards." */
function repairPathSignIn(from: string): string | null {
  const url = new URL(safeRedirect(from), 'http://same-origin.invalid');
  if (!url.pathname.startsWith('/warranties/repair')) return null;
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
      const signInPanel = repairPathSignIn(from);
      if (signInPanel) throw redirect(signInPanel, { status: 303, headers: setCookies(outcome.cookies) });
      return success(SIGN_UP_MESSAGES.created, { headers: setCookies(outcome.cookies) });
    },
  });
}

export default function SignUpReply() {
  return <FormReplyPage title="Create Your Account" />;
}
