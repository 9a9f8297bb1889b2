/** Sign-in "Go Back" (SPEC §4): the flow is forgotten; the panel returns to the e-mail step with empty fields. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { signInBackForm } from '../components/account/sign-in-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, signInBackForm, {
    async submit(_value, { success }) {
      const cookies = context.services.identity.goBack();
      return success('', { headers: cookies.map((cookie) => ['Set-Cookie', cookie] as [string, string]) });
    },
  });
}

export default function SignInBackReply() {
  return <FormReplyPage title="Sign In" />;
}
