/**
 * Sign-in, step 1 (SPEC §4): the e-mail check. Accepted: a new provider flow is kept in `signin_flow` and the panel
 * shows the password step (from the root loader without JavaScript, from `/api/sign-in` with it).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { signInEmailForm } from '../components/account/sign-in-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import {
  actionOnlyLoader,
  formRouteHeaders,
  handleForm,
  perClient,
  perField,
} from '../components/forms/form.server';

const MINUTE = 60_000;

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, signInEmailForm, {
    limits: [
      perClient({ limit: 30, windowMs: 10 * MINUTE }),
      perField('email', { limit: 20, windowMs: 10 * MINUTE }),
    ],
    async submit({ email }, { success, reject }) {
      const outcome = await context.services.identity.submitEmail(email);
      if (!outcome.ok) return reject({ fieldErrors: { email: [outcome.message] } });
      return success('', {
        headers: outcome.cookies.map((cookie) => ['Set-Cookie', cookie] as [string, string]),
      });
    },
  });
}

export default function SignInEmailReply() {
  return <FormReplyPage title="Sign In" />;
}
