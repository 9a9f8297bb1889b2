/**
 * `/pro-program/apply/` (SPEC §2; issue 10 §9): the pro program application, on the form kit (post/redirect/get
 * without JavaScript, a fetcher with it; idempotent, so a double submit makes one application). Signed-in
 * customers only: anyone else goes to `/pro-program` with the sign-in panel and the redirect flag, which brings
 * them back here after sign-in. Members and customers with a pending application see where they stand instead.
 */
import type { FieldMetadata } from '@conform-to/react';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { ACCOUNT_MESSAGES, PRO_OCCUPATIONS, proApplicationForm } from '../components/account/account-forms';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { ProStatus, proStanding } from '../components/account/pro-status';
import { FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '../components/forms/fields';
import * as fieldStyles from '../components/forms/fields.css';
import { formRouteHeaders, handleForm, newIdempotencyKey, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { pageMeta } from '../components/seo/meta';

const APPLY_PATH = '/pro-program/apply/';
const SIGN_IN_TO_APPLY = '/pro-program?login=true&redirect=true';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Apply to the Pro Program', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.viewer.customer) throw redirect(SIGN_IN_TO_APPLY, { status: 303, headers: ACCOUNT_HEADERS });
  const profile = await requireCustomer(request, context);
  return data(
    { standing: proStanding(profile), idempotencyKey: newIdempotencyKey() },
    { headers: ACCOUNT_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.viewer.customer) throw redirect(SIGN_IN_TO_APPLY, { status: 303, headers: ACCOUNT_HEADERS });
  const profile = await requireCustomer(request, context);
  return handleForm({ request, context }, proApplicationForm, {
    limits: [perClient({ limit: 10, windowMs: 60 * 60_000 })],
    async submit(value, { success, reject }) {
      const outcome = await context.services.customers.applyToProProgram(profile.id, value);
      if (outcome.ok) return success(ACCOUNT_MESSAGES.applied);
      return reject(
        {
          formErrors: [
            outcome.reason === 'member' ? ACCOUNT_MESSAGES.alreadyMember : ACCOUNT_MESSAGES.alreadyPending,
          ],
        },
        409,
      );
    },
  });
}

export default function ProProgramApply() {
  const { standing, idempotencyKey } = useLoaderData<typeof loader>();
  const kit = useKitForm(proApplicationForm, {
    action: APPLY_PATH,
    redirectTo: APPLY_PATH,
    idempotencyKey,
  });
  const { fields } = kit;
  const open = standing.kind === 'none' || standing.kind === 'rejected';
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Apply to the Pro Program</h1>
      <p>
        <Link to="/pro-program">About the pro program</Link>
      </p>
      {open ? (
        <KitForm kit={kit} className={styles.form}>
          <p>Tell us where you work and what you do; we review every application by hand.</p>
          <TextField
            field={fields.organization as FieldMetadata<string>}
            label="Organization or employer"
            autoComplete="organization"
          />
          <div className={fieldStyles.field}>
            <label htmlFor={fields.occupation.id} className={fieldStyles.label}>
              Occupation
            </label>
            <select
              id={fields.occupation.id}
              name={fields.occupation.name}
              className={fieldStyles.input}
              defaultValue=""
              aria-invalid={fields.occupation.errors ? true : undefined}
              aria-describedby={fields.occupation.errors ? fields.occupation.errorId : undefined}
            >
              <option value="">Choose…</option>
              {PRO_OCCUPATIONS.map((occupation) => (
                <option key={occupation} value={occupation}>
                  {occupation}
                </option>
              ))}
            </select>
            <FieldErrors field={fields.occupation} />
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={fields.details.id} className={fieldStyles.label}>
              Anything else we should know (optional)
            </label>
            <textarea
              id={fields.details.id}
              name={fields.details.name}
              className={fieldStyles.input}
              rows={4}
              maxLength={1000}
              aria-invalid={fields.details.errors ? true : undefined}
              aria-describedby={fields.details.errors ? fields.details.errorId : undefined}
            />
            <FieldErrors field={fields.details} />
          </div>
          <div className={styles.actions}>
            <SubmitButton kit={kit} pendingLabel="Sending…">
              Apply
            </SubmitButton>
          </div>
          <FormStatus kit={kit} />
        </KitForm>
      ) : (
        <>
          {kit.message ? (
            <p role="status" className={styles.success}>
              {kit.message}
            </p>
          ) : null}
          <ProStatus standing={standing} />
        </>
      )}
    </div>
  );
}
