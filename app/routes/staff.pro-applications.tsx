/**
 * Pro program review (issue 10 §9, SPEC §3 `pro_program_application_status`): pending applications, oldest first,
 * with who sent them, and Approve / Decline. Approval makes the customer a pro user in the pro program's group
 * (their prices and pro stock follow; their account shows "Approved"); declining lets them apply again. Either
 * way the customer gets a mail. For staff with the pro review role (server/staff: the `/staff/sign-in` session, or
 * HTTP Basic for scripts); each decision records who made it. One form-kit form that works without JavaScript. Decision 047.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormStatus, KitForm } from '~/components/forms/fields';
import { formRouteHeaders, handleForm } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import { StaffErrorPage } from '~/components/repair/staff-error';
import { requireStaff } from '~/components/repair/staff.server';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import * as styles from '../components/account/account.css';
import { PRO_REVIEW_MESSAGES, PRO_REVIEW_PATH, proReviewForm } from '../components/account/pro-review-form';

const formHeaders = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE, 'X-Robots-Tag': 'noindex' });

/** The kit's headers, and the Basic challenge of a refused request (this route's boundary renders the refusal). */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(formHeaders(args));
  const challenge = args.errorHeaders?.get('WWW-Authenticate');
  if (challenge) headers.set('WWW-Authenticate', challenge);
  return headers;
};

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Pro program applications', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'pro-review');
  const applications = await context.timing.measure('db', () =>
    context.services.customers.pendingProApplications(),
  );
  return {
    applications: applications.map((application) => ({
      ...application,
      createdAt: application.createdAt.toISOString(),
    })),
  };
}

const DECISION_MAIL = {
  approved: {
    template: 'pro-application-approved',
    subject: (brand: string) => `Welcome to the ${brand} Pro Program`,
    text: (firstName: string) =>
      `Hello ${firstName},\n\nyour pro program application is approved. Your pro prices show as you shop, and pro-priced items are marked "Pro Discount Applied" in your cart.\n`,
  },
  rejected: {
    template: 'pro-application-declined',
    subject: (brand: string) => `Your ${brand} Pro Program application`,
    text: (firstName: string) =>
      `Hello ${firstName},\n\nwe could not approve your pro program application this time. You are welcome to apply again from your account.\n`,
  },
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, 'pro-review');
  return handleForm({ request, context }, proReviewForm, {
    async submit({ decide: { applicationId, decision } }, { success, reject }) {
      const { customers, mail, content } = context.services;
      const outcome = await customers.decideProApplication(applicationId, decision, staff.id);
      if (!outcome.ok)
        return reject(
          {
            formErrors: [
              outcome.reason === 'decided' ? PRO_REVIEW_MESSAGES.decided : PRO_REVIEW_MESSAGES.notFound,
            ],
          },
          outcome.reason === 'decided' ? 409 : 404,
        );
      context.logger.info('pro application decided', { applicationId, decision, staffUserId: staff.id });
      const letter = DECISION_MAIL[decision];
      await mail.enqueue({
        to: outcome.email,
        template: letter.template,
        subject: letter.subject(content.seo().siteName),
        text: letter.text(outcome.firstName),
      });
      return success(
        decision === 'approved'
          ? PRO_REVIEW_MESSAGES.approved(outcome.firstName)
          : PRO_REVIEW_MESSAGES.rejected(outcome.firstName),
      );
    },
  });
}

export default function ProApplications() {
  const { applications } = useLoaderData<typeof loader>();
  const kit = useKitForm(proReviewForm, { action: PRO_REVIEW_PATH, redirectTo: PRO_REVIEW_PATH });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Pro program applications</h1>
      <FormStatus kit={kit} fields={['decide']} />
      {applications.length === 0 ? <p>No applications are waiting for review.</p> : null}
      <KitForm kit={kit}>
        <ul className={styles.cards} aria-label="Applications waiting for review">
          {applications.map((application) => {
            const who = `${application.firstName} ${application.lastName}`;
            return (
              <li key={application.id} className={styles.card}>
                <h2 id={`application-${application.id}`}>{`Application #${application.id}: ${who}`}</h2>
                <dl className={styles.details}>
                  <dt className={styles.term}>E-mail</dt>
                  <dd>{application.email}</dd>
                  <dt className={styles.term}>Customer group</dt>
                  <dd>{application.groupName ?? 'None'}</dd>
                  <dt className={styles.term}>Organization</dt>
                  <dd>{application.organization}</dd>
                  <dt className={styles.term}>Occupation</dt>
                  <dd>{application.occupation}</dd>
                  {application.details ? (
                    <>
                      <dt className={styles.term}>Details</dt>
                      <dd>{application.details}</dd>
                    </>
                  ) : null}
                  <dt className={styles.term}>Applied</dt>
                  <dd>{application.createdAt.slice(0, 16).replace('T', ' ')}</dd>
                </dl>
                <div
                  className={styles.actions}
                  role="group"
                  aria-labelledby={`application-${application.id}`}
                >
                  <button
                    type="submit"
                    name="decide"
                    value={`${application.id}:approved`}
                    className={button.primary}
                    disabled={kit.submitting}
                  >
                    Approve
                  </button>
                  <button
                    type="submit"
                    name="decide"
                    value={`${application.id}:rejected`}
                    className={button.secondary}
                    disabled={kit.submitting}
                  >
                    Decline
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </KitForm>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <StaffErrorPage
      heading="Pro program applications"
      signInNeeded="This page needs the staff sign-in."
      styles={styles}
    />
  );
}
