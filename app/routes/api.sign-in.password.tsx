/**
 * Sign-in, step 2 (SPEC §4): the password. On success the provider's code is exchanged for the token, the
 * customer's cookies are set (the viewer), the cart seam runs, the login event is stored and the shopper is sent
 * where the redirect rules say (a 303, which a fetcher follows as a navigation). A refusal keeps the flow (its
 * lockout, its activation offer) in `signin_flow` and shows the SPEC §8 message.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signInPasswordForm } from '../components/account/sign-in-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

const setCookies = (cookies: string[]) => cookies.map((cookie) => ['Set-Cookie', cookie] as [string, string]);

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, signInPasswordForm, {
    // The provider locks an account after five failures; this bounds one client across accounts.
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit({ password, from }, { reject }) {
      const result = await context.services.identity.submitPassword({
        cookieHeader: request.headers.get('Cookie'),
        password,
        viewer: context.viewer,
        from: from ?? '/',
        userAgent: request.headers.get('User-Agent'),
      });
      if (!result.ok)
        return reject({ formErrors: [result.message] }, 400, { headers: setCookies(result.cookies) });
      context.logger.info('signed in', { reason: result.redirect.reason });
      throw redirect(result.redirect.to, { status: 303, headers: setCookies(result.cookies) });
    },
  });
}

export default function SignInPasswordReply() {
  return <FormReplyPage title="Sign In" />;
}
