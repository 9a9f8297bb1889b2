/**
 * `/account/password` (issue 26 §4, issue 23 §2; decision 086): a signed-in customer changes their password. The
 * current password is asked (SPEC §8's "Password is incorrect." when it does not match), the new one passes SPEC
 * §5's shared check with its words, and every other session of the customer ends on every server; this one lasts.
 * Guessing is bounded: 5 tries per customer and 10 per client address in 15 minutes. Private.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import {
  PASSWORD_PATH,
  passwordChangeForm,
  SESSION_MESSAGES,
  SESSIONS_PATH,
} from '../components/account/session-forms';
import { FormStatus, KitForm, SubmitButton, TextField } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Change Password', noIndex: true });

const GUESS_WINDOW_MS = 15 * 60_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return data({}, { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const profile = await requireCustomer(request, context);
  const customer = context.viewer.customer!;
  return handleForm({ request, context }, passwordChangeForm, {
    limits: [
      perClient({ limit: 10, windowMs: GUESS_WINDOW_MS }),
      { name: 'customer', limit: 5, windowMs: GUESS_WINDOW_MS, key: () => String(profile.id) },
    ],
    async submit(value, { success, reject }) {
      const outcome = await context.services.identity.changePassword({
        customer,
        currentPassword: value.current_password,
        newPassword: value.password,
      });
      if (!outcome.ok)
        return reject({ fieldErrors: { current_password: [SESSION_MESSAGES.currentWrong] } }, 400);
      context.logger.info('password changed', { endedSessions: outcome.endedSessions });
      return success(SESSION_MESSAGES.changed);
    },
  });
}

export default function AccountPassword() {
  const kit = useKitForm(passwordChangeForm, { action: PASSWORD_PATH, redirectTo: PASSWORD_PATH });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Change Password</h1>
      <AccountNav />
      <KitForm kit={kit} className={styles.form}>
        <TextField
          field={kit.fields.current_password}
          label="Current Password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          field={kit.fields.password}
          label="New Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          field={kit.fields.confpassword}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton kit={kit} pendingLabel="Saving…">
          Change Password
        </SubmitButton>
        <FormStatus kit={kit} />
      </KitForm>
      <p>
        Changing your password signs you out everywhere else.{' '}
        <Link to={SESSIONS_PATH}>See your sessions</Link>.
      </p>
    </div>
  );
}
