/**
 * Repair wizard, step 3 (SPEC §2 "Summary": Review your Repair): the product and damages with links to edit them,
 * the questions of the questions list, the customer's contact details and return address (pre-filled from the
 * account, SPEC §3), and Submit. Reachable once a damage is added. Submitting saves the answers and details, submits
 * the repair (the draft is no more) and shows it in the customer's repair list.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '~/components/forms/fields';
import * as fieldStyles from '~/components/forms/fields.css';
import { formRouteHeaders, handleForm, perClient } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import { RegionFields, regionDefaults } from '~/components/repair/region-fields';
import { summaryForm } from '~/components/repair/repair-forms';
import { loadWizard, RepairError, REPAIRS_PATH, requireCustomer } from '~/components/repair/repair.server';
import * as styles from '~/components/repair/repair.css';
import { StepHeading, WizardSteps } from '~/components/repair/wizard-steps';
import { pageMeta } from '~/components/seo/meta';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { addressInput, customerInfoInput, questionsInput } from '../../server/repairs/index.server';
import { REPAIR_QUESTIONS, WIZARD_PATHS } from '../../server/repairs/public';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Request a repair: Summary', noIndex: true });

export async function loader({ context }: LoaderFunctionArgs) {
  const { draft, steps } = await loadWizard(context, 'summary');
  return { steps, draft: draft! };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customerId = requireCustomer(context);
  const { repairs } = context.services;
  const draft = await context.timing.measure('db', () => repairs.currentDraft(customerId));
  // Nothing left to submit (a repeated submit): the repair list shows where it stands.
  if (!draft) throw redirect(REPAIRS_PATH, { status: 303 });
  return handleForm({ request, context }, summaryForm, {
    limits: [perClient({ limit: 60, windowMs: 10 * 60_000 })],
    async submit(value, { reject }) {
      const answers = value as Record<string, string>;
      let submittedId: number;
      try {
        const questions = questionsInput(draft.id, {
          questions: REPAIR_QUESTIONS.map((question) => ({
            question_id: question.id,
            answer: answers[`question_${question.id}`] ?? '',
          })),
        });
        await repairs.updateQuestions(customerId, draft.id, questions.answers);
        await repairs.updateCustomerInfo(customerId, draft.id, customerInfoInput(value));
        await repairs.updateAddress(customerId, draft.id, addressInput(value));
        submittedId = (await repairs.submit(customerId, draft.id)).id;
      } catch (error) {
        if (error instanceof RepairError)
          return reject({ formErrors: [error.message], fieldErrors: error.fieldErrors }, 400);
        throw error;
      }
      context.logger.info('repair submitted', { repairId: submittedId });
      throw redirect(`${REPAIRS_PATH}?submitted=${submittedId}`, { status: 303 });
    },
  });
}

export default function SummaryStep() {
  const { steps, draft } = useLoaderData<typeof loader>();
  const answer = (id: number) => draft.questions.find((q) => q.question_id === id)?.answer ?? undefined;
  const kit = useKitForm(summaryForm, {
    action: WIZARD_PATHS.summary,
    redirectTo: WIZARD_PATHS.summary,
    defaultValue: {
      ...Object.fromEntries(
        REPAIR_QUESTIONS.map((question) => [`question_${question.id}`, answer(question.id)]),
      ),
      ...draft.customer,
      ...regionDefaults(draft.customer),
    },
  });
  const fields = kit.fields as unknown as Record<string, FieldMetadata<string>>;
  const field = (name: string) => fields[name]!;
  return (
    <div className={`${container} ${styles.page}`}>
      <StepHeading step={steps[2]!} />
      <WizardSteps steps={steps} current="summary" />

      <section className={styles.section} aria-labelledby="summary-product">
        <h3 id="summary-product" className={styles.sectionTitle}>
          Product
        </h3>
        <p>{[draft.product.name, draft.product.color, draft.product.size].filter(Boolean).join(' · ')}</p>
        <p>{`Reason: ${draft.reason?.name ?? 'not given'}`}</p>
        <Link to={WIZARD_PATHS.product} aria-label="Edit the product">
          Edit
        </Link>
      </section>

      <section className={styles.section} aria-labelledby="summary-damages">
        <h3 id="summary-damages" className={styles.sectionTitle}>
          Damages
        </h3>
        <ul className={styles.list}>
          {draft.damages.map((damage) => (
            <li key={damage.id}>
              <strong>{damage.label}</strong>: {damage.description}{' '}
              {`(${damage.photos.length} ${damage.photos.length === 1 ? 'photo' : 'photos'})`}
            </li>
          ))}
        </ul>
        <Link to={WIZARD_PATHS.damage} aria-label="Edit the damages">
          Edit
        </Link>
      </section>

      <KitForm kit={kit}>
        <section className={styles.section} aria-labelledby="summary-questions">
          <h3 id="summary-questions" className={styles.sectionTitle}>
            Questions
          </h3>
          {REPAIR_QUESTIONS.map((question) => {
            const meta = field(`question_${question.id}`);
            if (question.kind === 'text') {
              const { key: _key, ...props } = getTextareaProps(meta);
              return (
                <div key={question.id} className={fieldStyles.field}>
                  <label htmlFor={meta.id} className={fieldStyles.label}>
                    {`${question.question}${question.required ? '' : ' (optional)'}`}
                  </label>
                  <textarea {...props} className={styles.textarea} />
                  <FieldErrors field={meta} />
                </div>
              );
            }
            return (
              <fieldset key={question.id} className={styles.fieldset} aria-describedby={meta.errorId}>
                <legend className={styles.legend}>{question.question}</legend>
                {(['Yes', 'No'] as const).map((option) => {
                  const { key: _key, ...props } = getInputProps(meta, { type: 'radio', value: option });
                  return (
                    <div key={option} className={styles.choice}>
                      <input {...props} id={`${meta.id}-${option}`} />
                      <label htmlFor={`${meta.id}-${option}`}>{option}</label>
                    </div>
                  );
                })}
                <FieldErrors field={meta} />
              </fieldset>
            );
          })}
        </section>

        <section className={styles.section} aria-labelledby="summary-contact">
          <h3 id="summary-contact" className={styles.sectionTitle}>
            Your details
          </h3>
          <div className={styles.grid}>
            <TextField field={field('first_name')} label="First name" autoComplete="given-name" />
            <TextField field={field('last_name')} label="Last name" autoComplete="family-name" />
            <TextField
              field={field('phone')}
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="(123)-456-7890"
            />
            <TextField field={field('email')} label="Email" type="email" autoComplete="email" />
          </div>
        </section>

        <section className={styles.section} aria-labelledby="summary-address">
          <h3 id="summary-address" className={styles.sectionTitle}>
            Return address
          </h3>
          <div className={styles.grid}>
            <TextField field={field('address1')} label="Address" autoComplete="address-line1" />
            <TextField
              field={field('address2')}
              label="Apartment, suite (optional)"
              autoComplete="address-line2"
            />
            <TextField field={field('city')} label="City" autoComplete="address-level2" />
            <RegionFields
              country={field('country')}
              state={field('state_or_province')}
              hydrated={kit.hydrated}
            />
            <TextField field={field('postal_code')} label="Postal code" autoComplete="postal-code" />
          </div>
        </section>

        <div className={styles.actions}>
          <SubmitButton kit={kit} pendingLabel="Submitting…">
            Submit repair
          </SubmitButton>
        </div>
        <FormStatus kit={kit} fields={['product', 'customer', 'damages', 'questions']} />
      </KitForm>
    </div>
  );
}
