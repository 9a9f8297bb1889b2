/**
 * `/account/delete` (issue 26 §4; decision 101): a signed-in customer deletes their account. The current password
 * is asked (SPEC §8's "Password is incorrect." when it does not match) with a ticked confirmation; guessing is
 * bounded as on the password page (5 tries per customer and 10 per client address in 15 minutes). On success every
 * session of theirs has ended, this browser's cookies are cleared and it lands on `/account/deleted`. Private.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, cookieHeaders, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import {
  ACCOUNT_DELETED_PATH,
  DELETE_ACCOUNT_PATH,
  deleteAccountForm,
  PRIVACY_MESSAGES,
  PRIVACY_PATH,
} from '../components/account/privacy-forms';
import { CheckboxField, FormStatus, KitForm, SubmitButton, TextField } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Delete your account', noIndex: true });

const GUESS_WINDOW_MS = 15 * 60_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return data({}, { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const profile = await requireCustomer(request, context);
  return handleForm({ request, context }, deleteAccountForm, {
    limits: [
      perClient({ limit: 10, windowMs: GUESS_WINDOW_MS }),
      { name: 'customer', limit: 5, windowMs: GUESS_WINDOW_MS, key: () => String(profile.id) },
    ],
    async submit(value, { reject }) {
      const outcome = await context.services.deleteAccount({
        customerId: profile.id,
        password: value.current_password,
        cartId: context.viewer.cartId,
      });
      if (!outcome.ok)
        return reject({ fieldErrors: { current_password: [PRIVACY_MESSAGES.passwordWrong] } }, 400);
      // This browser is signed out (the provider's single logout is best effort: its session is revoked already).
      const cleared = await context.services.identity.signOut(request.headers.get('Cookie'));
      throw redirect(ACCOUNT_DELETED_PATH, { status: 303, headers: cookieHeaders(cleared) });
    },
  });
}

export default function DeleteAccount() {
  const kit = useKitForm(deleteAccountForm, { action: DELETE_ACCOUNT_PATH, redirectTo: DELETE_ACCOUNT_PATH });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Delete your account</h1>
      <AccountNav />
      <p>
        This removes your profile, saved addresses, sessions, marketing choices and back-in-stock requests,
        and signs you out everywhere. Orders you placed are kept for our accounts without your name, email
        address or street address; repair requests you sent keep the product, not your contact details. This
        cannot be undone.
      </p>
      <p>
        Want a copy first? <Link to={PRIVACY_PATH}>Download your data</Link>.
      </p>
      <KitForm kit={kit} className={styles.form}>
        <TextField
          field={kit.fields.current_password}
          label="Current Password"
          type="password"
          autoComplete="current-password"
        />
        <CheckboxField field={kit.fields.confirm} label="I understand that my account will be deleted" />
        <SubmitButton kit={kit} pendingLabel="Deleting…">
          Delete my account
        </SubmitButton>
        <FormStatus kit={kit} />
      </KitForm>
    </div>
  );
}
