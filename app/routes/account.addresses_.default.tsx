/** "Make default" of the account's addresses (issue 10 §9): one of the customer's addresses becomes the default. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { ACCOUNT_MESSAGES, defaultAddressForm } from '../components/account/account-forms';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const profile = await requireCustomer(request, context);
  return handleForm({ request, context }, defaultAddressForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit({ addressId }, { success, reject }) {
      const done = await context.services.customers.setDefaultAddress(profile.id, addressId);
      return done
        ? success(ACCOUNT_MESSAGES.defaultSaved)
        : reject({ formErrors: [ACCOUNT_MESSAGES.addressNotFound] }, 404);
    },
  });
}

export default function MakeDefaultReply() {
  return <FormReplyPage title="My Addresses" />;
}
