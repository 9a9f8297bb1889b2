/**
 * Forgot password (SPEC §4, §7 "a password reset call with the email"): the provider mails a single-use link when
 * the address has an account and answers the same either way, so this answers "A link to reset has been sent to
 * your email." for every well-formed address (no account enumeration), or SPEC §8's failure text.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { forgotPasswordForm, RESET_MESSAGES } from '../components/account/password-reset-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import {
  actionOnlyLoader,
  formRouteHeaders,
  handleForm,
  perClient,
  perField,
} from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, forgotPasswordForm, {
    limits: [
      perClient({ limit: 10, windowMs: 600_000 }),
      perField('email', { limit: 3, windowMs: 3_600_000 }),
    ],
    async submit({ email }, { success, reject }) {
      const sent = await context.services.identity.requestPasswordReset(email);
      return sent ? success(RESET_MESSAGES.sent) : reject({ formErrors: [RESET_MESSAGES.failed] });
    },
  });
}

export default function ForgotPasswordReply() {
  return <FormReplyPage title="Forgot Password" />;
}
