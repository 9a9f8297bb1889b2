/**
 * The entry of the warranty repair service (`/warranties`, `/warranties/repair`): what the service is, and either
 * the ways in for a signed-out shopper (sign in, with the redirect flag that brings them to the wizard afterwards;
 * or create an account, opened from `/warranties/repair`) or, signed in, the way to start or continue a repair and
 * the customer's repairs with their status.
 */
import { Link, useLocation } from '@remix-run/react';
import { RepairUserInfoForm } from '../account/repair-user-info';
import type { RepairUserInfoShape } from '../account/repair-user-info-form';
import { button } from '../../../styles/button.css';
import { formatPrice } from '../../../server/pricing/public';
import {
  PAYMENT_LABELS,
  STATUS_LABELS,
  WIZARD_PATHS,
  type PaymentState,
  type RepairStatus,
} from '../../../server/repairs/public';
import * as styles from './repair.css';

export type RepairListItem = {
  id: number;
  status: RepairStatus;
  product_name: string;
  damage_count: number;
  created_at: string;
  submitted_at: string | null;
  quote_cents: number | null;
  payment: PaymentState;
  payment_url: string | null;
  /** The status of the order that pays the repair, in My Orders' words (decision 092). */
  payment_order_id?: number | null;
  order_status?: string | null;
};

export function RepairEntry({
  signedIn,
  repairs,
  hasDraft,
  submittedId,
  repairUserInfo,
}: {
  signedIn: boolean;
  repairs: RepairListItem[];
  hasDraft: boolean;
  submittedId: number | null;
  /** What a signed-out shopper gave in "About you" (decision 047). */
  repairUserInfo: RepairUserInfoShape | null;
}) {
  const location = useLocation();
  const submitted = repairs.filter((repair) => repair.status !== 'draft');
  return (
    <>
      <h1 className={styles.heading}>Warranty repairs</h1>
      <p className={styles.intro}>
        Our gear is built to last, and when it is damaged we repair it. Tell us about the product, show us the
        damage with a few photos, and we will tell you what happens next. Repairs covered by the warranty are
        free.
      </p>
      {submittedId !== null ? (
        <p className={styles.notice} role="status">
          {`Your repair #${submittedId} has been submitted. We will be in touch.`}
        </p>
      ) : null}
      {signedIn ? (
        <div className={styles.actions}>
          <Link to={`${WIZARD_PATHS.product}?new_repair=true`} className={button.primary}>
            {hasDraft ? 'Continue your repair request' : 'Start a repair request'}
          </Link>
        </div>
      ) : (
        <section className={styles.section} aria-labelledby="repair-sign-in">
          <h2 id="repair-sign-in" className={styles.sectionTitle}>
            Sign in to request a repair
          </h2>
          <p>A repair request belongs to your account, so you can follow it until your gear is back.</p>
          <div className={styles.actions}>
            <Link to="/warranties?login=true&redirect=true" className={button.primary}>
              Sign in
            </Link>
            <Link to="/warranties/repair?create-an-account=true" className={button.secondary}>
              Create an account
            </Link>
          </div>
          <h3 className={styles.sectionTitle}>New here? Tell us about you</h3>
          <p>We will fill in your account with these details and keep the address for your repair.</p>
          <RepairUserInfoForm saved={repairUserInfo} here={`${location.pathname}${location.search}`} />
        </section>
      )}
      {signedIn ? (
        <section className={styles.section} aria-labelledby="your-repairs">
          <h2 id="your-repairs" className={styles.sectionTitle}>
            Your repairs
          </h2>
          {submitted.length === 0 ? (
            <p>You have not submitted a repair yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Repair</th>
                  <th scope="col">Product</th>
                  <th scope="col">Submitted</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody>
                {submitted.map((repair) => (
                  <tr key={repair.id} id={`repair-${repair.id}`}>
                    <td>{`#${repair.id}`}</td>
                    <td>{repair.product_name}</td>
                    <td>{repair.submitted_at?.slice(0, 10) ?? ''}</td>
                    <td className={styles.status}>{STATUS_LABELS[repair.status]}</td>
                    <td>
                      <RepairPayment repair={repair} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  );
}

/**
 * A repair's quote and payment (issue 13 §6): nothing before a quote, "Covered by the warranty", a link to pay a
 * due quote (the repair payment path, a plain link: no JavaScript needed), or "Paid".
 */
function RepairPayment({ repair }: { repair: RepairListItem }) {
  if (repair.payment === 'none') return null;
  if (repair.payment === 'due' && repair.payment_url)
    return (
      <Link to={repair.payment_url} className={button.primary}>
        {`Pay ${formatPrice(repair.quote_cents ?? 0)}`}
      </Link>
    );
  if (repair.payment === 'paid' && repair.order_status)
    return (
      <Link to={`/account/orders/${repair.payment_order_id}`}>
        {`${repair.order_status} (order #${repair.payment_order_id})`}
      </Link>
    );
  return <>{PAYMENT_LABELS[repair.payment]}</>;
}
