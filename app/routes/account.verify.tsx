/**
 * `/account/verify?token=…`: the link of the verification mail. The page asks for a click (a POST), so a mail
 * scanner opening the link verifies nothing; the token is single-use and expires (the provider's).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';
import { VERIFY_MESSAGES, verifyEmailForm } from '../components/account/verify-form';
import { FormStatus, KitForm, SubmitButton } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Verify your account', noIndex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return data(
    { token },
    { headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, verifyEmailForm, {
    limits: [perClient({ limit: 20, windowMs: 10 * 60_000 })],
    async submit({ token }, { success, reject }) {
      const verified = await context.services.identity.verifyEmail(token);
      return verified ? success(VERIFY_MESSAGES.verified) : reject({ formErrors: [VERIFY_MESSAGES.invalid] });
    },
  });
}

export default function VerifyAccount() {
  const { token } = useLoaderData<typeof loader>();
  const location = useLocation();
  const kit = useKitForm(verifyEmailForm, {
    action: `${location.pathname}${location.search}`,
    redirectTo: `${location.pathname}${location.search}`,
  });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Verify your account</h1>
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
          <p>Confirm that this e-mail address is yours to activate your account.</p>
          <SubmitButton kit={kit} pendingLabel="Verifying…">
            Verify my account
          </SubmitButton>
          <FormStatus kit={kit} fields={['token']} />
        </KitForm>
      )}
    </div>
  );
}
