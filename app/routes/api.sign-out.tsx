/**
 * Sign-out (SPEC §4 "Authentication"): single logout at the provider, the cookies of SPEC §7 cleared, then the
 * signed-out page, which goes on to `/?login=true` after 2 seconds.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signOutForm } from '../components/account/sign-in-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, signOutForm, {
    async submit() {
      const cookies = await context.services.identity.signOut(request.headers.get('Cookie'));
      const headers = new Headers();
      for (const cookie of cookies) headers.append('Set-Cookie', cookie);
      throw redirect('/signed-out', { status: 303, headers });
    },
  });
}

export default function SignOutReply() {
  return <FormReplyPage title="Sign Out" />;
}
