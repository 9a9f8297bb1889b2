/**
 * The repair desk (issue 13): submitted repairs, newest first, with the customer's details, damages and photos,
 * and buttons that move a repair to received, quoted, in repair or shipped; and the quote form (issue 13 §6): an
 * amount in dollars, 0 when the warranty covers the repair, else paid by the customer through the repair payment
 * path — each card says whether payment is due or paid. For staff with the repair desk role (server/staff: the
 * `/staff/sign-in` session, or HTTP Basic for scripts); each quote and move records who made it. Form-kit forms that work without JavaScript (the quote form is named in the action URL, `?form=repair-quote`).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { getSelectProps } from '@conform-to/react';
import { useLoaderData } from '@remix-run/react';
import { FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '~/components/forms/fields';
import * as fieldStyles from '~/components/forms/fields.css';
import { formRouteHeaders, handleForm } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import { repairQuoteForm, repairStatusForm } from '~/components/repair/repair-forms';
import { RepairError } from '~/components/repair/repair.server';
import * as styles from '~/components/repair/repair.css';
import { StaffErrorPage } from '~/components/repair/staff-error';
import { requireStaff } from '~/components/repair/staff.server';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { quoteInput, statusInput } from '../../server/repairs/index.server';
import { formatPrice } from '../../server/pricing/public';
import {
  PAYMENT_LABELS,
  STAFF_STATUSES,
  STATUS_LABELS,
  type RepairDetail,
  type RepairReason,
} from '../../server/repairs/public';

const PATH = '/staff/repairs';
const QUOTE_ACTION = `${PATH}?form=${repairQuoteForm.id}`;

const formHeaders = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE, 'X-Robots-Tag': 'noindex' });

/** The kit's headers, and the Basic challenge of a refused request (this route's boundary renders the refusal). */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(formHeaders(args));
  const challenge = args.errorHeaders?.get('WWW-Authenticate');
  if (challenge) headers.set('WWW-Authenticate', challenge);
  return headers;
};

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Repair desk', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, 'repairs');
  const [listed, reasons] = await context.timing.measure('db', () =>
    Promise.all([context.services.repairs.staffList(), context.services.repairs.reasons()]),
  );
  // A paid repair's order is an order like any other (decision 092): its status as the order desk and My Orders say it.
  const statuses = await context.services.orderDesk.statusWords(
    null,
    listed.flatMap((repair) => (repair.payment_order_id ? [repair.payment_order_id] : [])),
  );
  const repairs = listed.map((repair) => ({
    ...repair,
    order_status: repair.payment_order_id ? (statuses.get(repair.payment_order_id) ?? null) : null,
  }));
  return { repairs, reasons, staffEmail: staff.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, 'repairs');
  if (new URL(request.url).searchParams.get('form') === repairQuoteForm.id) {
    return handleForm({ request, context }, repairQuoteForm, {
      async submit({ repair_id, amount, reason }, { success, reject }) {
        try {
          const repair = await context.services.repairs.setQuote({
            ...quoteInput(repair_id, amount, reason),
            staffUserId: staff.id,
          });
          context.logger.info('repair quoted', {
            repairId: repair.id,
            quoteCents: repair.quote_cents,
            staffUserId: staff.id,
          });
          return success(quoteMessage(repair));
        } catch (error) {
          if (error instanceof RepairError) return reject({ formErrors: [error.message] }, 400);
          throw error;
        }
      },
    });
  }
  return handleForm({ request, context }, repairStatusForm, {
    async submit({ move }, { success, reject }) {
      const [id, status] = move.split(':') as [string, string];
      try {
        const repair = await context.services.repairs.setStatus({
          ...statusInput(id, status),
          staffUserId: staff.id,
        });
        context.logger.info('repair status changed', {
          repairId: repair.id,
          status: repair.status,
          staffUserId: staff.id,
        });
        return success(`Repair #${repair.id} is now ${STATUS_LABELS[repair.status]}.`);
      } catch (error) {
        if (error instanceof RepairError) return reject({ formErrors: [error.message] }, 400);
        throw error;
      }
    },
  });
}

function quoteMessage(repair: Pick<RepairDetail, 'id' | 'quote_cents'>): string {
  return repair.quote_cents === 0
    ? `Repair #${repair.id} is covered by the warranty.`
    : `Repair #${repair.id} is quoted at ${formatPrice(repair.quote_cents ?? 0)}.`;
}

/** What a card says of the reason for the request (the reason-for-request list). */
function reasonLine(reason: RepairDetail['reason']): string {
  if (!reason) return 'Reason: not given';
  return `Reason: ${reason.name} (${reason.covered ? 'covered by the warranty' : 'not covered by the warranty'})`;
}

/** What a card says of the repair's quote and payment. */
function paymentLine(
  repair: Pick<RepairDetail, 'payment' | 'quote_cents' | 'payment_order_id'> & {
    order_status: string | null;
  },
): string {
  const quote = formatPrice(repair.quote_cents ?? 0);
  switch (repair.payment) {
    case 'none':
      return PAYMENT_LABELS.none;
    case 'covered':
      return `Quote: ${PAYMENT_LABELS.covered}`;
    case 'due':
      return `Quote: ${quote}, ${PAYMENT_LABELS.due}`;
    case 'paid':
      return `Quote: ${quote}, ${repair.order_status ?? PAYMENT_LABELS.paid} (order #${repair.payment_order_id})`;
  }
}

export default function RepairDesk() {
  const { repairs, reasons } = useLoaderData<typeof loader>();
  const kit = useKitForm(repairStatusForm, { action: PATH, redirectTo: PATH });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Repair desk</h1>
      <QuoteForm repairs={repairs.filter((repair) => repair.payment !== 'paid')} reasons={reasons} />
      <FormStatus kit={kit} fields={['move']} />
      {repairs.length === 0 ? <p>No repairs have been submitted yet.</p> : null}
      <KitForm kit={kit}>
        <ul className={styles.list}>
          {repairs.map((repair) => (
            <li key={repair.id} className={styles.card}>
              <h2 id={`repair-${repair.id}`} className={styles.sectionTitle}>
                {`Repair #${repair.id}: ${repair.product.name}`}
              </h2>
              <p className={styles.status}>{`Status: ${STATUS_LABELS[repair.status]}`}</p>
              <p>{reasonLine(repair.reason)}</p>
              <p>{paymentLine(repair)}</p>
              <dl className={styles.dl}>
                <dt>Customer</dt>
                <dd>{`${repair.customer.first_name ?? ''} ${repair.customer.last_name ?? ''}, ${repair.customer.email ?? ''}, ${repair.customer.phone ?? ''}`}</dd>
                <dt>Return address</dt>
                <dd>
                  {[
                    repair.customer.address1,
                    repair.customer.address2,
                    repair.customer.city,
                    repair.customer.state_or_province,
                    repair.customer.postal_code,
                    repair.customer.country,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </dd>
                <dt>Submitted</dt>
                <dd>{repair.submitted_at?.slice(0, 16).replace('T', ' ') ?? ''}</dd>
              </dl>
              <ul className={styles.list}>
                {repair.damages.map((damage) => (
                  <li key={damage.id}>
                    <strong>{damage.label}</strong>: {damage.description}
                    <ul
                      className={styles.photos}
                      aria-label={`Photos of ${damage.label} (repair #${repair.id})`}
                    >
                      {damage.photos.map((photo) => (
                        <li key={photo.id}>
                          <a href={`${PATH}/photo/${photo.id}`}>
                            <img
                              src={`${PATH}/photo/${photo.id}`}
                              alt={photo.file_name}
                              className={styles.thumbnail}
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
              <div className={styles.actions} role="group" aria-label={`Move repair #${repair.id}`}>
                {STAFF_STATUSES.map((status) => (
                  <button
                    key={status}
                    type="submit"
                    name="move"
                    value={`${repair.id}:${status}`}
                    className={button.secondary}
                    disabled={repair.status === status}
                  >
                    {`Mark ${STATUS_LABELS[status].toLowerCase()}`}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </KitForm>
    </div>
  );
}

/**
 * Quote a repair: which one, the reason for the request as the desk sees it (from the reason-for-request list; blank
 * keeps the customer's), and the amount in dollars (0 when the warranty covers it, as it does for a covered reason).
 */
function QuoteForm({
  repairs,
  reasons,
}: {
  repairs: Pick<RepairDetail, 'id' | 'product'>[];
  reasons: RepairReason[];
}) {
  const kit = useKitForm(repairQuoteForm, { action: QUOTE_ACTION, redirectTo: PATH });
  const { fields } = kit;
  const { key: _repairKey, ...repairSelect } = getSelectProps(fields.repair_id);
  const { key: _reasonKey, ...reasonSelect } = getSelectProps(fields.reason);
  if (repairs.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="quote-heading">
      <h2 id="quote-heading" className={styles.sectionTitle}>
        Quote a repair
      </h2>
      <KitForm kit={kit}>
        <div className={styles.grid}>
          <div className={fieldStyles.field}>
            <label htmlFor={fields.repair_id.id} className={fieldStyles.label}>
              Repair
            </label>
            <select {...repairSelect} className={styles.select}>
              <option value="">Choose a repair</option>
              {repairs.map((repair) => (
                <option key={repair.id} value={repair.id}>
                  {`#${repair.id}: ${repair.product.name}`}
                </option>
              ))}
            </select>
            <FieldErrors field={fields.repair_id} />
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={fields.reason.id} className={fieldStyles.label}>
              Reason for the request
            </label>
            <select {...reasonSelect} className={styles.select}>
              <option value="">Keep the customer’s reason</option>
              {reasons.map((reason) => (
                <option key={reason.code} value={reason.code}>
                  {`${reason.name}${reason.covered ? ' (covered)' : ''}`}
                </option>
              ))}
            </select>
            <FieldErrors field={fields.reason} />
          </div>
          <TextField
            field={fields.amount}
            label="Quote in dollars"
            hint="0 when the warranty covers the repair."
            autoComplete="off"
          />
        </div>
        <SubmitButton kit={kit} pendingLabel="Sending…">
          Send quote
        </SubmitButton>
        <FormStatus kit={kit} />
      </KitForm>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <StaffErrorPage
      heading="Repair desk"
      signInNeeded="The repair desk needs its staff sign-in."
      styles={styles}
    />
  );
}
