/**
 * `/account/sessions` (issue 26 §4, issue 23 §2; decision 086): where the customer is signed in, each session with
 * when it started, when it was last used and a coarse device label ("Firefox on Windows"; no address), with "Sign
 * out" per session (`/account/sessions/end`) and "Sign out everywhere else" (here). Ending a session refuses its
 * cookies and its token on every server and route. Forms of the kit: post/redirect/get without JavaScript, a
 * fetcher with it; the origin check guards every POST. Private.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import {
  PASSWORD_PATH,
  SESSION_MESSAGES,
  SESSIONS_PATH,
  sessionEndForm,
  sessionsEndOthersForm,
} from '../components/account/session-forms';
import { FormStatus, KitForm, SubmitButton } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { useRootData } from '../components/layout/root-data';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'My Sessions', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  const customer = context.viewer.customer!;
  const sessions = await context.timing.measure('db', () => context.services.identity.listSessions(customer));
  return data(
    {
      sessions: sessions.map((session) => ({
        handle: session.handle,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        device: session.device,
        current: session.current,
      })),
    },
    { headers: ACCOUNT_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireCustomer(request, context);
  const customer = context.viewer.customer!;
  return handleForm({ request, context }, sessionsEndOthersForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit(_value, { success }) {
      const ended = await context.services.identity.endOtherSessions(customer.id, customer.sessionId);
      context.logger.info('sessions ended by the customer', { count: ended });
      return success(ended > 0 ? SESSION_MESSAGES.endedOthers : SESSION_MESSAGES.noOthers);
    },
  });
}

type ListedSession = ReturnType<typeof useLoaderData<typeof loader>>['sessions'][number];

/** "2026-11-28 15:04 UTC": the same on the server and in the browser (no locale data, no time zone guessed). */
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export default function AccountSessions() {
  const { sessions } = useLoaderData<typeof loader>();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>My Sessions</h1>
      <AccountNav />
      <p>
        These are the browsers signed in to your account. Sign out of any you do not recognize, then{' '}
        <Link to={PASSWORD_PATH}>change your password</Link>.
      </p>
      <EndOutcome />
      <ul className={styles.cards} aria-label="Signed-in sessions">
        {sessions.map((session) => (
          <SessionCard key={session.handle} session={session} />
        ))}
      </ul>
      <section className={styles.section} aria-labelledby="sign-out-others-heading">
        <h2 id="sign-out-others-heading">Everywhere else</h2>
        <EndOthers others={others} />
      </section>
    </div>
  );
}

function SessionCard({ session }: { session: ListedSession }) {
  const device = session.device ?? 'Unknown browser';
  const label = session.current ? `${device} (this browser)` : device;
  return (
    <li className={styles.card} aria-label={label}>
      <p className={styles.term}>{label}</p>
      <dl className={styles.details}>
        <dt className={styles.term}>Signed in</dt>
        <dd>{when(session.createdAt)}</dd>
        <dt className={styles.term}>Last seen</dt>
        <dd>{when(session.lastSeenAt)}</dd>
      </dl>
      {session.current ? null : <EndSession session={session} device={device} />}
    </li>
  );
}

function EndSession({ session, device }: { session: ListedSession; device: string }) {
  const kit = useKitForm(sessionEndForm, {
    action: `${SESSIONS_PATH}/end`,
    redirectTo: SESSIONS_PATH,
    instance: session.handle,
  });
  return (
    <KitForm kit={kit} className={styles.inline}>
      <input type="hidden" name="session" value={session.handle} />
      <SubmitButton
        kit={kit}
        className={button.secondary}
        pendingLabel="Signing out…"
        aria-label={`Sign out ${device}, signed in ${when(session.createdAt)}`}
      >
        Sign out
      </SubmitButton>
      {kit.formErrors.length > 0 || kit.allErrors.session ? (
        <FormStatus kit={kit} fields={['session']} />
      ) : null}
    </KitForm>
  );
}

/** Stays mounted when no other session is left, so its outcome shows after the list has changed. */
function EndOthers({ others }: { others: number }) {
  const kit = useKitForm(sessionsEndOthersForm, { action: SESSIONS_PATH, redirectTo: SESSIONS_PATH });
  return (
    <KitForm kit={kit} className={styles.form}>
      {others > 0 ? (
        <SubmitButton kit={kit} pendingLabel="Signing out…">
          Sign out everywhere else
        </SubmitButton>
      ) : (
        <p>{SESSION_MESSAGES.noOthers}</p>
      )}
      <FormStatus kit={kit} />
    </KitForm>
  );
}

/** Without JavaScript, a per-session form's outcome comes back in the flash (its instances cannot show it). */
function EndOutcome() {
  const flash = useRootData()?.flash;
  if (!flash || flash.formId !== sessionEndForm.id) return null;
  const errors = Object.values(flash.result.error ?? {}).flatMap((messages) => messages ?? []);
  return (
    <p role="status" className={errors.length > 0 ? styles.error : styles.success}>
      {errors.length > 0 ? errors.join(' ') : flash.message}
    </p>
  );
}
