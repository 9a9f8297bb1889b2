/**
 * `/account/new-password?token=…`: the page the reset mail links to. The new password goes through the shared
 * check; the provider uses the token once (flow initialisation, then submission with the flow id, SPEC §7).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';
import { newPasswordForm, RESET_MESSAGES } from '../components/account/password-reset-forms';
import { FormStatus, KitForm, SubmitButton, TextField } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Choose a new password', noIndex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  return data({ token: new URL(request.url).searchParams.get('token') ?? '' });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, newPasswordForm, {
    limits: [perClient({ limit: 10, windowMs: 600_000 })],
    async submit({ token, password }, { success, reject }) {
      const outcome = await context.services.identity.resetPassword(token, password);
      return outcome.ok ? success(RESET_MESSAGES.reset) : reject({ formErrors: [outcome.message] });
    },
  });
}

export default function NewPassword() {
  const { token } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const kit = useKitForm(newPasswordForm, { action: here, redirectTo: here });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Choose a new password</h1>
      {kit.message ? (
        <>
          <FormStatus kit={kit} />
          <p>
            <Link to="/?login=true">Sign in</Link>
          </p>
        </>
      ) : (
        <KitForm kit={kit} className={styles.form}>
          <input type="hidden" name="token" value={token} />
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
            Save Password
          </SubmitButton>
          <FormStatus kit={kit} fields={['token']} />
        </KitForm>
      )}
    </div>
  );
}
