/**
 * "About you" on the warranty page (SPEC §3 "Repair userInfo prefill"; decision 047): keeps the shopper's contact
 * details and return address in the signed `repair_user_info` cookie for an hour, then opens "Create Your
 * Account" on the repair entry, filled in with them (a 303: the page without JavaScript, a fetcher's navigation
 * with it). Signed-in customers have an account already: their repair details come from it.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import {
  REPAIR_SIGN_UP,
  repairUserInfoForm,
  repairUserInfoOf,
} from '../components/account/repair-user-info-form';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.viewer.customer) throw redirect('/warranties/repair', { status: 303 });
  return handleForm({ request, context }, repairUserInfoForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit(value) {
      const cookie = context.services.identity.repairUserInfo.remember(repairUserInfoOf(value));
      throw redirect(REPAIR_SIGN_UP, { status: 303, headers: { 'Set-Cookie': cookie } });
    },
  });
}

export default function RepairUserInfoReply() {
  return <FormReplyPage title="About you" />;
}
