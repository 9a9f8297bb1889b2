/** "Resend email?" (SPEC §4, §8): a new activation mail for the account the sign-in found not activated. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { SIGN_IN_MESSAGES } from '../../server/identity/public';
import { signInResendForm } from '../components/account/sign-in-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, signInResendForm, {
    limits: [perClient({ limit: 5, windowMs: 10 * 60_000 })],
    async submit(_value, { success, reject }) {
      const outcome = await context.services.identity.resendActivation(request.headers.get('Cookie'));
      if (!outcome.ok) return reject({ formErrors: [SIGN_IN_MESSAGES.signInFailed] });
      return success(SIGN_IN_MESSAGES.verificationSent, {
        headers: outcome.cookies.map((cookie) => ['Set-Cookie', cookie] as [string, string]),
      });
    },
  });
}

export default function SignInResendReply() {
  return <FormReplyPage title="Sign In" />;
}
