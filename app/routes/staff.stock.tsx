/**
 * The stock desk (issue 25 §4): for staff with the stock desk role (server/staff: the `/staff/sign-in` session, or
 * HTTP Basic for scripts). A GET form looks up a SKU, or a parent or colourway SKU and every variant under it, with
 * their standard and pro stock; the adjustment form changes one SKU's standard or pro stock by a delta or to a value,
 * with a required reason. Every adjustment is recorded (who, when, before, after, why) and listed below; one that
 * brings a size back from 0 queues its back-in-stock notices with it (decision 098). Form-kit forms that work
 * without JavaScript.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { getSelectProps } from '@conform-to/react';
import { useLoaderData } from '@remix-run/react';
import { FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '~/components/forms/fields';
import * as fieldStyles from '~/components/forms/fields.css';
import { formRouteHeaders, handleForm } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import * as styles from '~/components/repair/repair.css';
import { StaffErrorPage } from '~/components/repair/staff-error';
import { requireStaff } from '~/components/repair/staff.server';
import { pageMeta } from '~/components/seo/meta';
import { stockAdjustForm } from '~/components/stock/stock-forms';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { STOCK_MESSAGES, type StockRow } from '../../server/inventory/index.server';

const PATH = '/staff/stock';
/** A look-up is a SKU's shape; anything else finds nothing (and never reaches the database). */
const QUERY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

const formHeaders = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE, 'X-Robots-Tag': 'noindex' });

/** The kit's headers, and the Basic challenge of a refused request (this route's boundary renders the refusal). */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(formHeaders(args));
  const challenge = args.errorHeaders?.get('WWW-Authenticate');
  if (challenge) headers.set('WWW-Authenticate', challenge);
  return headers;
};

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Stock desk', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'stock');
  const query = (new URL(request.url).searchParams.get('sku') ?? '').trim();
  const valid = QUERY.test(query);
  const { inventory } = context.services;
  const [rows, adjustments] = await context.timing.measure('db', () =>
    Promise.all([
      valid ? inventory.lookUpStock(query) : Promise.resolve([] as StockRow[]),
      inventory.listAdjustments({ limit: 50 }),
    ]),
  );
  return {
    query,
    rows,
    notFound: query !== '' && rows.length === 0 ? STOCK_MESSAGES.noMatch(query) : null,
    adjustments: adjustments.map((adjustment) => ({
      ...adjustment,
      createdAt: adjustment.createdAt.toISOString(),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, 'stock');
  return handleForm({ request, context }, stockAdjustForm, {
    async submit({ sku, stock, mode, amount, reason }, { success, reject }) {
      const outcome = await context.timing.measure('db', () =>
        context.services.inventory.adjustStock({
          sku,
          stock,
          mode,
          amount,
          reason,
          staff: { id: staff.id, email: staff.email },
        }),
      );
      if (!outcome.ok) return reject({ formErrors: [outcome.message] }, 400);
      const { adjustment, notices } = outcome;
      context.logger.info('stock adjusted', {
        sku: adjustment.sku,
        staffUserId: staff.id,
        standard: [adjustment.standardBefore, adjustment.standardAfter],
        pro: [adjustment.proBefore, adjustment.proAfter],
        notices,
      });
      return success(
        STOCK_MESSAGES.adjusted(adjustment.sku, adjustment.standardAfter, adjustment.proAfter, notices),
      );
    },
  });
}

export default function StockDesk() {
  const { query, rows, notFound, adjustments } = useLoaderData<typeof loader>();
  const here = query ? `${PATH}?sku=${encodeURIComponent(query)}` : PATH;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Stock desk</h1>
      <section className={styles.section} aria-labelledby="lookup-heading">
        <h2 id="lookup-heading" className={styles.sectionTitle}>
          Look up stock
        </h2>
        <form method="get" action={PATH} className={styles.grid}>
          <div className={fieldStyles.field}>
            <label htmlFor="stock-lookup" className={fieldStyles.label}>
              SKU, parent or colorway SKU
            </label>
            <div className={fieldStyles.row}>
              <input
                id="stock-lookup"
                name="sku"
                defaultValue={query}
                maxLength={64}
                className={fieldStyles.input}
              />
              <button type="submit" className={button.secondary}>
                Look up
              </button>
            </div>
          </div>
        </form>
        {notFound ? <p role="status">{notFound}</p> : null}
        {rows.length > 0 ? (
          <table aria-label="Stock levels">
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Product</th>
                <th scope="col">Standard</th>
                <th scope="col">Pro</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.sku}>
                  <th scope="row">{row.sku}</th>
                  <td>
                    <a href={row.path}>{[row.productName, row.color, row.size].filter(Boolean).join(', ')}</a>
                  </td>
                  <td>{row.standard}</td>
                  <td>{row.pro}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <AdjustForm rows={rows} here={here} />
      <section className={styles.section} aria-labelledby="adjustments-heading">
        <h2 id="adjustments-heading" className={styles.sectionTitle}>
          Adjustments
        </h2>
        {adjustments.length === 0 ? (
          <p>No adjustments yet.</p>
        ) : (
          <table aria-label="Adjustments">
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">SKU</th>
                <th scope="col">Standard</th>
                <th scope="col">Pro</th>
                <th scope="col">By</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {adjustments.map((adjustment) => (
                <tr key={adjustment.id}>
                  <td>{adjustment.createdAt.slice(0, 19).replace('T', ' ')}</td>
                  <td>{adjustment.sku}</td>
                  <td>{`${adjustment.standardBefore} → ${adjustment.standardAfter}`}</td>
                  <td>{`${adjustment.proBefore} → ${adjustment.proAfter}`}</td>
                  <td>{adjustment.staffEmail}</td>
                  <td>{adjustment.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** Adjust one of the looked-up variants: which one, which stock, add or set, how many, and why. */
function AdjustForm({ rows, here }: { rows: Pick<StockRow, 'sku' | 'size' | 'color'>[]; here: string }) {
  const kit = useKitForm(stockAdjustForm, { action: PATH, redirectTo: here });
  const { fields } = kit;
  const { key: _skuKey, ...skuSelect } = getSelectProps(fields.sku);
  const { key: _stockKey, ...stockSelect } = getSelectProps(fields.stock);
  const { key: _modeKey, ...modeSelect } = getSelectProps(fields.mode);
  return (
    <section className={styles.section} aria-labelledby="adjust-heading">
      <h2 id="adjust-heading" className={styles.sectionTitle}>
        Adjust stock
      </h2>
      <FormStatus kit={kit} />
      {rows.length === 0 ? (
        <p>Look up a SKU to adjust its stock.</p>
      ) : (
        <KitForm kit={kit}>
          <div className={styles.grid}>
            <div className={fieldStyles.field}>
              <label htmlFor={fields.sku.id} className={fieldStyles.label}>
                Variant
              </label>
              <select {...skuSelect} className={styles.select} defaultValue={rows[0]!.sku}>
                {rows.map((row) => (
                  <option key={row.sku} value={row.sku}>
                    {[row.sku, row.color, row.size].filter(Boolean).join(', ')}
                  </option>
                ))}
              </select>
              <FieldErrors field={fields.sku} />
            </div>
            <div className={fieldStyles.field}>
              <label htmlFor={fields.stock.id} className={fieldStyles.label}>
                Stock
              </label>
              <select {...stockSelect} className={styles.select} defaultValue="standard">
                <option value="standard">Standard</option>
                <option value="pro">Pro</option>
              </select>
              <FieldErrors field={fields.stock} />
            </div>
            <div className={fieldStyles.field}>
              <label htmlFor={fields.mode.id} className={fieldStyles.label}>
                Change
              </label>
              <select {...modeSelect} className={styles.select} defaultValue="delta">
                <option value="delta">Add (a negative number removes)</option>
                <option value="set">Set to</option>
              </select>
              <FieldErrors field={fields.mode} />
            </div>
            <TextField field={fields.amount} label="Quantity" />
            <TextField field={fields.reason} label="Reason" />
          </div>
          <SubmitButton kit={kit} pendingLabel="Saving…">
            Save adjustment
          </SubmitButton>
        </KitForm>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <StaffErrorPage
      heading="Stock desk"
      signInNeeded="The stock desk needs its staff sign-in."
      styles={styles}
    />
  );
}
