/**
 * The account area's profile page (SPEC §2 `/account/profile`): the signed-in customer's details, account type
 * and programme status (SPEC §3 flags), and sign-out. Private. The session is checked with the provider here: a
 * token it no longer honours signs the shopper out (SPEC §4 "401: forced logout"); an expired one is cleared with
 * "Token is Expired." (SPEC §8).
 */
import {
  data,
  redirect,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { SIGN_IN_MESSAGES } from '../../server/identity/public';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';
import { SignOutButton } from '../components/account/sign-in-panel';
import { pageMeta } from '../components/seo/meta';

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  for (const cookie of loaderHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
};

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'My Account', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { identity, customers } = context.services;
  const cookie = request.headers.get('Cookie');
  const session = await identity.checkSession(cookie);
  if (session === 'expired') {
    const cleared = await identity.signOut(cookie);
    return data({ expired: true as const }, { status: 401, headers: cookieHeaders(cleared) });
  }
  const customer = context.viewer.customer;
  if (!customer || session !== 'live') {
    const cleared = session === 'none' ? [] : await identity.signOut(cookie);
    throw redirect('/?login=true', { status: 303, headers: cookieHeaders(cleared) });
  }
  const profile = await context.timing.measure('db', () => customers.profile(customer.id));
  if (!profile)
    throw redirect('/?login=true', { status: 303, headers: cookieHeaders(await identity.signOut(cookie)) });
  return data({ expired: false as const, profile });
}

function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
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
  const { profile } = loaded;
  const { flags, group } = profile;
  const accountType = flags.proUser ? 'Pro' : 'Consumer';
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>My Account</h1>
      <p>Welcome back, {profile.firstName}.</p>
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
      {flags.proProgramApplicationStatus || flags.shedApplicationStatus ? (
        <section className={styles.section} aria-labelledby="programmes-heading">
          <h2 id="programmes-heading">Programmes</h2>
          <dl className={styles.details}>
            {flags.proProgramApplicationStatus ? (
              <>
                <dt className={styles.term}>Pro program</dt>
                <dd>{STATUS_TEXT[flags.proProgramApplicationStatus] ?? flags.proProgramApplicationStatus}</dd>
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
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="session-heading">
        <h2 id="session-heading">Session</h2>
        <SignOutButton />
      </section>
    </div>
  );
}
