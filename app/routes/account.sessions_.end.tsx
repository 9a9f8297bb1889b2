/** "Sign out" of one session of the account's list (decision 086): the customer's own sessions only. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import { SESSION_MESSAGES, sessionEndForm } from '../components/account/session-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const profile = await requireCustomer(request, context);
  return handleForm({ request, context }, sessionEndForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit({ session }, { success, reject }) {
      const ended = await context.services.identity.endSession(profile.id, session);
      if (!ended) return reject({ formErrors: [SESSION_MESSAGES.gone] }, 404);
      context.logger.info('session ended by the customer');
      return success(SESSION_MESSAGES.ended);
    },
  });
}

export default function EndSessionReply() {
  return <FormReplyPage title="My Sessions" />;
}
