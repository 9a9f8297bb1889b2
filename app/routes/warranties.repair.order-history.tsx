/**
 * Repair wizard, step 1 (SPEC §2 "Product": Tell us about your Product): pick an item of the order history or
 * describe one. Saving starts the draft (kept on the server, so the shopper can leave and come back) or changes its
 * product, then goes on to step 2. Signed-out shoppers are sent to sign in first.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getInputProps, getSelectProps } from '@conform-to/react';
import { FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '~/components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '~/components/forms/form.server';
import * as fieldStyles from '~/components/forms/fields.css';
import { useLazyKitForm } from '~/components/forms/use-lazy-kit-form';
import { productLazyForm } from '~/components/repair/lazy-forms';
import { discardForm, productForm } from '~/components/repair/repair-forms';
import { loadWizard, RepairError, requireCustomer } from '~/components/repair/repair.server';
import * as styles from '~/components/repair/repair.css';
import { StepHeading, WizardSteps } from '~/components/repair/wizard-steps';
import { DiscardDraft } from '~/components/repair/discard-draft';
import { pageMeta } from '~/components/seo/meta';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { repairIdOf } from '../../server/repairs/index.server';
import { WIZARD_PATHS } from '../../server/repairs/public';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Request a repair: Product', noIndex: true });

export async function loader({ context }: LoaderFunctionArgs) {
  const { customerId, draft, steps } = await loadWizard(context, 'product');
  const [history, reasons] = await context.timing.measure('db', () =>
    Promise.all([context.services.repairs.orderHistory(customerId), context.services.repairs.reasons()]),
  );
  return {
    steps,
    draftId: draft?.id ?? null,
    product: draft?.product ?? null,
    reason: draft?.reason_for_request ?? null,
    reasons,
    history: history.map((line) => ({
      id: line.orderLineId,
      orderId: line.orderId,
      name: line.name,
      sku: line.sku,
      options: line.options.map((option) => `${option.name}: ${option.value}`).join(', '),
      orderedAt: line.orderedAt.toISOString().slice(0, 10),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customerId = requireCustomer(context);
  const { repairs } = context.services;
  const limits = [perClient({ limit: 120, windowMs: 10 * 60_000 })];
  if (new URL(request.url).searchParams.get('form') === discardForm.id) {
    return handleForm({ request, context }, discardForm, {
      limits,
      async submit({ repair_id }, { success, reject }) {
        try {
          await repairs.discardDraft(customerId, repairIdOf(repair_id));
        } catch (error) {
          if (error instanceof RepairError) return reject({ formErrors: [error.message] }, 400);
          throw error;
        }
        return success('Your draft repair has been cleared.');
      },
    });
  }
  return handleForm({ request, context }, productForm, {
    limits,
    async submit(value, { reject }) {
      try {
        await context.timing.measure('db', () =>
          repairs.saveDraftProduct(customerId, value.product, { reason: value.reason }),
        );
      } catch (error) {
        if (error instanceof RepairError)
          return reject(
            error.fieldErrors.reason_for_request
              ? { fieldErrors: { reason: error.fieldErrors.reason_for_request } }
              : { formErrors: [error.message] },
            400,
          );
        throw error;
      }
      // On to step 2 (a fetcher follows the redirect as a navigation).
      throw redirect(WIZARD_PATHS.damage, { status: 303 });
    },
  });
}

export default function ProductStep() {
  const { steps, history, product, draftId, reason, reasons } = useLoaderData<typeof loader>();
  const step = steps[0]!;
  return (
    <div className={`${container} ${styles.page}`}>
      <StepHeading step={step} />
      <WizardSteps steps={steps} current="product" />
      {/* One form per draft: its fields start from the draft they show, so when the draft changes under the page
          (cleared below, with JavaScript a fetcher and a revalidation, not a new page) the form starts again from
          the new one instead of keeping the old product and reason (issue 13). */}
      <ProductForm
        key={draftId ?? 'no-draft'}
        history={history}
        product={product}
        reason={reason}
        reasons={reasons}
      />
      {/* Always mounted: after a clear its status stays ("… cleared.") though there is no draft left. */}
      <DiscardDraft draftId={draftId} action={WIZARD_PATHS.product} />
    </div>
  );
}

type StepData = Awaited<ReturnType<typeof loader>>;

/** The step's form, its fields starting from the draft's product and reason. */
function ProductForm({
  history,
  product,
  reason,
  reasons,
}: Pick<StepData, 'history' | 'product' | 'reason' | 'reasons'>) {
  const chosen =
    product?.source === 'order' && product.order_line_id
      ? `line-${product.order_line_id}`
      : product?.source === 'described'
        ? 'describe'
        : undefined;
  const kit = useLazyKitForm(productLazyForm, {
    action: WIZARD_PATHS.product,
    redirectTo: WIZARD_PATHS.product,
    defaultValue: {
      reason: reason ?? undefined,
      product: chosen,
      name: product?.source === 'described' ? product.name : '',
      color: product?.source === 'described' ? product.color : '',
      size: product?.source === 'described' ? product.size : '',
      description: product?.source === 'described' ? product.description : '',
    },
  });
  const { fields } = kit;
  const radios = getInputProps(fields.product, { type: 'radio', value: false });
  const { key: reasonKey, ...reasonSelect } = getSelectProps(fields.reason);
  return (
    <KitForm kit={kit}>
      <fieldset className={styles.fieldset} aria-describedby={fields.product.errorId}>
        <legend className={styles.legend}>Which product needs a repair?</legend>
        {history.length === 0 ? (
          <p className={styles.intro}>There are no orders in your account yet: describe the product below.</p>
        ) : (
          <ul className={styles.list}>
            {history.map((line) => (
              <li key={line.id} className={styles.choice}>
                <input
                  type="radio"
                  id={`product-line-${line.id}`}
                  name={radios.name}
                  value={`line-${line.id}`}
                  defaultChecked={chosen === `line-${line.id}`}
                  required
                />
                <label htmlFor={`product-line-${line.id}`}>
                  <strong>{line.name}</strong>
                  <br />
                  {[line.options, `Order #${line.orderId}`, `ordered ${line.orderedAt}`]
                    .filter(Boolean)
                    .join(' · ')}
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.choice}>
          <input
            type="radio"
            id="product-describe"
            name={radios.name}
            value="describe"
            defaultChecked={chosen === 'describe'}
            required
          />
          <label htmlFor="product-describe">
            <strong>My product is not listed: I will describe it</strong>
          </label>
        </div>
        <FieldErrors field={fields.product} />
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Describe the product (if it is not listed)</legend>
        <div className={styles.grid}>
          <TextField field={fields.name} label="Product name" />
          <TextField field={fields.color} label="Color or pattern (optional)" />
          <TextField field={fields.size} label="Size (optional)" />
          <TextField field={fields.description} label="Where and when you bought it (optional)" />
        </div>
      </fieldset>
      <div className={fieldStyles.field}>
        <label htmlFor={fields.reason.id} className={fieldStyles.label}>
          Reason for your request
        </label>
        {/* The reason-for-request list (GET /api/reason-for-request), as the repair desk keeps it. */}
        <select key={reasonKey} {...reasonSelect} className={styles.select}>
          <option value="">Choose a reason</option>
          {reasons.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </select>
        <FieldErrors field={fields.reason} />
      </div>
      <div className={styles.actions}>
        <SubmitButton kit={kit} pendingLabel="Saving…">
          Continue to Damage
        </SubmitButton>
      </div>
      <FormStatus kit={kit} fields={['product']} />
    </KitForm>
  );
}
