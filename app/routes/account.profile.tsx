/**
 * The account area's profile page (SPEC §2 `/account/profile`; issue 10 §9): the signed-in customer's details and
 * their update (form kit: post/redirect/get without JavaScript, a fetcher with it), account type and programme
 * status (SPEC §3 flags, with the about-to-expire notices), and sign-out. Private. The session is checked with the
 * provider (`account.server.ts`): a token it no longer honours signs the shopper out (SPEC §4 "401: forced
 * logout"); an expired one is cleared with "Token is Expired." (SPEC §8).
 */
import type { FieldMetadata } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatPhone, SIGN_IN_MESSAGES } from '../../server/identity/public';
import { container } from '../../styles/utilities.css';
import { ACCOUNT_MESSAGES, profileForm } from '../components/account/account-forms';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, accountAccess, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { SignOutButton } from '../components/account/sign-out-button';
import { CheckboxField, FormStatus, KitForm, SubmitButton, TextField } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useLazyKitForm } from '../components/forms/use-lazy-kit-form';
import { profileLazyForm } from '../components/account/lazy-forms';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'My Account', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await accountAccess(request, context);
  if (access.expired) return data({ expired: true as const }, { status: 401, headers: access.headers });
  // An approval user (decision 045) finds the promotional orders waiting for them from here (issue 24 §11).
  const approves = (await context.services.checkout.approver(access.profile.id)) !== null;
  return data({ expired: false as const, profile: access.profile, approves }, { headers: access.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const profile = await requireCustomer(request, context);
  return handleForm({ request, context }, profileForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit(value, { success, reject }) {
      const saved = await context.services.customers.updateProfile(profile.id, {
        firstName: value.first_name,
        lastName: value.last_name,
        phone: value.phonenumber,
        emailSubscribed: value.email_subscribed,
        smsSubscribed: value.sms_subscribed,
      });
      return saved
        ? success(ACCOUNT_MESSAGES.profileSaved, { resetForm: false })
        : reject({ formErrors: ['Not Found'] }, 404);
    },
  });
}

const STATUS_TEXT: Record<string, string> = {
  approved: 'Approved',
  pending: 'Pending review',
  rejected: 'Not approved',
};

export default function AccountProfile() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.expired) {
    return (
      <div className={`${container} ${styles.page}`}>
        <h1 className={styles.heading}>My Account</h1>
        <p role="alert" className={styles.error}>
          {SIGN_IN_MESSAGES.tokenExpired}
        </p>
        <p>
          <Link to="/?login=true">Sign in again</Link>
        </p>
      </div>
    );
  }
  const { profile, approves } = loaded;
  const { flags, group } = profile;
  const accountType = flags.proUser ? 'Pro' : 'Consumer';
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>My Account</h1>
      <AccountNav />
      <p>Welcome back, {profile.firstName}.</p>
      {approves ? (
        <p>
          You approve promotional orders:{' '}
          <Link to="/promo-order/approvals">see the promotional orders waiting for your approval</Link>.
        </p>
      ) : null}
      <section className={styles.section} aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className={styles.details}>
          <dt className={styles.term}>Name</dt>
          <dd>
            {profile.firstName} {profile.lastName}
          </dd>
          <dt className={styles.term}>Email</dt>
          <dd>{profile.email}</dd>
          <dt className={styles.term}>Phone</dt>
          <dd>{profile.phone || '—'}</dd>
          <dt className={styles.term}>Account type</dt>
          <dd>{accountType}</dd>
          <dt className={styles.term}>Customer group</dt>
          <dd>{group?.name ?? 'Consumer'}</dd>
        </dl>
      </section>
      <ProgrammeStatus flags={flags} />
      <section className={styles.section} aria-labelledby="edit-profile-heading">
        <h2 id="edit-profile-heading">Edit your profile</h2>
        <ProfileForm profile={profile} />
      </section>
      <section className={styles.section} aria-labelledby="session-heading">
        <h2 id="session-heading">Session</h2>
        <SignOutButton />
      </section>
    </div>
  );
}

type Profile = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { expired: false }>['profile'];

function ProgrammeStatus({ flags }: { flags: Profile['flags'] }) {
  if (!flags.proProgramApplicationStatus && !flags.shedApplicationStatus && !flags.proUser) return null;
  return (
    <section className={styles.section} aria-labelledby="programs-heading">
      <h2 id="programs-heading">Programs</h2>
      <dl className={styles.details}>
        {flags.proProgramApplicationStatus || flags.proUser ? (
          <>
            <dt className={styles.term}>Pro program</dt>
            <dd>
              {flags.proProgramApplicationStatus
                ? (STATUS_TEXT[flags.proProgramApplicationStatus] ?? flags.proProgramApplicationStatus)
                : 'Member'}
            </dd>
          </>
        ) : null}
        {flags.shedApplicationStatus ? (
          <>
            <dt className={styles.term}>Shed app</dt>
            <dd>{STATUS_TEXT[flags.shedApplicationStatus] ?? flags.shedApplicationStatus}</dd>
          </>
        ) : null}
      </dl>
      {flags.isApplicationAboutToExpire ? (
        <p className={styles.notice}>Your pro program approval is about to expire.</p>
      ) : null}
      {flags.isShedApplicationAboutToExpire ? (
        <p className={styles.notice}>Your shed app approval is about to expire.</p>
      ) : null}
      <p>
        <Link to="/pro-program">About the pro program</Link>
      </p>
    </section>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const kit = useLazyKitForm(profileLazyForm, {
    action: '/account/profile',
    redirectTo: '/account/profile',
    defaultValue: {
      first_name: profile.firstName,
      last_name: profile.lastName,
      phonenumber: formatPhone(profile.phone),
      email_subscribed: profile.emailSubscribed ? 'on' : undefined,
      sms_subscribed: profile.smsSubscribed ? 'on' : undefined,
    } as never,
  });
  const { fields } = kit;
  return (
    <KitForm kit={kit} className={styles.form}>
      <TextField field={fields.first_name} label="First Name" autoComplete="given-name" />
      <TextField field={fields.last_name} label="Last Name" autoComplete="family-name" />
      <TextField
        field={fields.phonenumber as FieldMetadata<string>}
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="(123)-456-7890"
      />
      <CheckboxField field={fields.email_subscribed} label="Email me offers and news" />
      <CheckboxField field={fields.sms_subscribed} label="Text me offers" />
      <div className={styles.actions}>
        <SubmitButton kit={kit} pendingLabel="Saving…">
          Save profile
        </SubmitButton>
      </div>
      <FormStatus kit={kit} />
    </KitForm>
  );
}
