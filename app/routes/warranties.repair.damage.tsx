/**
 * Repair wizard, step 2 (SPEC §2 "Damage": Detail the Damage): the damages of the draft, each with an issue, a
 * specific issue and a location from the damage catalogue, a description and photos; damages and photos can be
 * removed. Reachable once step 1 is complete (else redirected there). Photos: a multipart form without JavaScript,
 * signed uploads with it (components/repair/photo-input.tsx).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { getSelectProps, getTextareaProps } from '@conform-to/react';
import { FieldErrors, FormStatus, KitForm, SubmitButton } from '~/components/forms/fields';
import * as fieldStyles from '~/components/forms/fields.css';
import { formRouteHeaders, handleForm, perClient } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import { PhotoInput } from '~/components/repair/photo-input';
import { damageForm, damageListForm } from '~/components/repair/repair-forms';
import { loadWizard, RepairError, requireCustomer } from '~/components/repair/repair.server';
import * as styles from '~/components/repair/repair.css';
import { StepHeading, WizardSteps } from '~/components/repair/wizard-steps';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { damagesInput, idOr, uploadFilesInput } from '../../server/repairs/index.server';
import {
  DAMAGE_ISSUES,
  DAMAGE_LOCATIONS,
  specificIssuesOf,
  REPAIR_MESSAGES,
  WIZARD_PATHS,
  type RepairDamage,
} from '../../server/repairs/public';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Request a repair: Damage', noIndex: true });

export async function loader({ context }: LoaderFunctionArgs) {
  const { draft, steps } = await loadWizard(context, 'damage');
  return { steps, productName: draft!.product.name, damages: draft!.damages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customerId = requireCustomer(context);
  const { repairs } = context.services;
  const draft = await context.timing.measure('db', () => repairs.currentDraft(customerId));
  if (!draft) throw redirect(WIZARD_PATHS.product, { status: 303 });
  const limits = [perClient({ limit: 120, windowMs: 10 * 60_000 })];
  const failed = (error: unknown) => {
    if (error instanceof RepairError) return [error.message];
    throw error;
  };

  if (new URL(request.url).searchParams.get('form') === damageListForm.id) {
    return handleForm({ request, context }, damageListForm, {
      limits,
      async submit({ target }, { success, reject }) {
        const [kind, id] = target.split('-') as ['damage' | 'photo', string];
        try {
          if (kind === 'damage')
            await repairs.deleteDamage(customerId, idOr(id, REPAIR_MESSAGES.missingDamageId));
          else await repairs.deleteFile(customerId, idOr(id, REPAIR_MESSAGES.missingFiles));
        } catch (error) {
          return reject({ formErrors: failed(error) });
        }
        return success(kind === 'damage' ? 'Damage removed.' : 'Photo removed.');
      },
    });
  }

  return handleForm({ request, context }, damageForm, {
    limits,
    async submit(value, { success, reject }) {
      const notes: string[] = [];
      try {
        const damages = damagesInput({
          damages: [
            {
              issue_id: value.issue_id,
              specific_issue_id: value.specific_issue_id,
              location_id: value.location_id,
              description: value.description,
            },
          ],
        });
        const saved = await repairs.updateDamages(customerId, draft.id, damages);
        const damageId = saved.saved[0]!;
        if (value.photos.length > 0) {
          const files = await Promise.all(
            value.photos.map(async (file) => ({
              name: file.name,
              bytes: new Uint8Array(await file.arrayBuffer()),
            })),
          );
          const outcome = await repairs.addPhotos(customerId, draft.id, damageId, files);
          for (const refused of outcome.refused)
            notes.push(`${refused.name} did not attach: ${refused.message}`);
        }
        if (value.photo_keys.length > 0) {
          try {
            const upload = uploadFilesInput(draft.id, {
              files: value.photo_keys.map((key, index) => ({
                key,
                name: value.photo_names[index] ?? 'photo',
                damage_id: damageId,
              })),
            });
            await repairs.uploadFiles(customerId, upload.repairId, upload.files);
          } catch (error) {
            notes.push(`Your photos did not attach: ${failed(error)[0]}`);
          }
        }
      } catch (error) {
        return reject({ formErrors: failed(error) });
      }
      return success(['Damage added.', ...notes].join(' '));
    },
  });
}

export default function DamageStep() {
  const { steps, productName, damages } = useLoaderData<typeof loader>();
  const step = steps[1]!;
  const summary = steps[2]!;
  return (
    <div className={`${container} ${styles.page}`}>
      <StepHeading step={step} />
      <WizardSteps steps={steps} current="damage" />
      <p className={styles.intro}>{`Product: ${productName}`}</p>
      <DamageList damages={damages} />
      {/*
        Not keyed by the damage count: remounting the form would drop its fetcher, whose reply ("Damage added.")
        arrives with the revalidated list (React Router deletes a keyed fetcher's data when its last user unmounts).
      */}
      <AddDamage damageCount={damages.length} />
      <div className={`${styles.section} ${styles.actions}`}>
        <Link to={WIZARD_PATHS.product} className={button.secondary}>
          Back to Product
        </Link>
        {summary.enabled ? (
          <Link to={WIZARD_PATHS.summary} className={button.primary}>
            Continue to Review
          </Link>
        ) : (
          <span className={styles.stepDisabled} aria-disabled="true">
            Continue to Review (add a damage first)
          </span>
        )}
      </div>
    </div>
  );
}

function DamageList({ damages }: { damages: RepairDamage[] }) {
  const kit = useKitForm(damageListForm, {
    action: `${WIZARD_PATHS.damage}?form=${damageListForm.id}`,
    redirectTo: WIZARD_PATHS.damage,
  });
  return (
    <section className={styles.section} aria-labelledby="damages-heading">
      <h3 id="damages-heading" className={styles.sectionTitle}>
        {damages.length === 0 ? 'No damage added yet' : `Damages (${damages.length})`}
      </h3>
      <KitForm kit={kit}>
        <ul className={styles.list}>
          {damages.map((damage, index) => (
            <li key={damage.id} className={styles.card}>
              <strong>{`Damage ${index + 1}: ${damage.label}`}</strong>
              <p>{damage.description}</p>
              {damage.photos.length > 0 ? (
                <ul className={styles.photos} aria-label={`Photos of damage ${index + 1}`}>
                  {damage.photos.map((photo) => (
                    <li key={photo.id} className={styles.photo}>
                      <img src={photo.url} alt={photo.file_name} className={styles.thumbnail} />
                      <button
                        type="submit"
                        name="target"
                        value={`photo-${photo.id}`}
                        className={styles.linkButton}
                        aria-label={`Remove photo ${photo.file_name}`}
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>No photos.</p>
              )}
              <div>
                <button
                  type="submit"
                  name="target"
                  value={`damage-${damage.id}`}
                  className={button.secondary}
                >
                  {`Remove damage ${index + 1}`}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <FormStatus kit={kit} fields={['target']} />
      </KitForm>
    </section>
  );
}

function AddDamage({ damageCount }: { damageCount: number }) {
  const kit = useKitForm(damageForm, {
    action: WIZARD_PATHS.damage,
    redirectTo: WIZARD_PATHS.damage,
    // The lists' placeholders as their values: the form's reset after a damage is added selects them again (with
    // no value, conform's reset unselected every option and the selects showed blank, issue 24 §10).
    defaultValue: { issue_id: '', specific_issue_id: '', location_id: '' },
  });
  const { fields } = kit;
  // The kit's success reply resets the form: conform gives each field a new key then, which remounts the control
  // empty (the keys go on the elements, not into the spread props).
  const { key: issueKey, ...issue } = getSelectProps(fields.issue_id);
  const { key: specificKey, ...specific } = getSelectProps(fields.specific_issue_id);
  const { key: locationKey, ...location } = getSelectProps(fields.location_id);
  const { key: descriptionKey, ...description } = getTextareaProps(fields.description);
  // With JavaScript, "Specific issue" offers the chosen issue's only; without, every issue's, grouped. The choice
  // belongs to the issue select it was made in: a reset (a new key) empties it.
  const [chosenIssue, setChosenIssue] = useState({ key: issueKey, id: '' });
  const issueId = chosenIssue.key === issueKey ? chosenIssue.id : '';
  // Photos still uploading through their signed URLs are not in the form yet: it waits for them.
  const [uploading, setUploading] = useState(false);
  const first = damageCount === 0;
  return (
    <section className={styles.section} aria-labelledby="add-damage-heading">
      <h3 id="add-damage-heading" className={styles.sectionTitle}>
        {first ? 'Add the damage' : 'Add another damage'}
      </h3>
      <KitForm kit={kit} encType="multipart/form-data">
        <div className={styles.grid}>
          <div className={fieldStyles.field}>
            <label htmlFor={fields.issue_id.id} className={fieldStyles.label}>
              Issue
            </label>
            <select
              key={issueKey}
              {...issue}
              className={styles.select}
              onChange={(event) => setChosenIssue({ key: issueKey, id: event.currentTarget.value })}
            >
              <option value="">Choose an issue</option>
              {DAMAGE_ISSUES.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
            <FieldErrors field={fields.issue_id} />
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={fields.specific_issue_id.id} className={fieldStyles.label}>
              Specific issue (optional)
            </label>
            <select key={specificKey} {...specific} className={styles.select}>
              <option value="">Choose a specific issue</option>
              {kit.hydrated
                ? specificIssuesOf(Number(issueId)).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))
                : DAMAGE_ISSUES.map((item) => (
                    <optgroup key={item.id} label={item.name}>
                      {specificIssuesOf(item.id).map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
            </select>
            <FieldErrors field={fields.specific_issue_id} />
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={fields.location_id.id} className={fieldStyles.label}>
              Location (optional)
            </label>
            <select key={locationKey} {...location} className={styles.select}>
              <option value="">Choose a location</option>
              {DAMAGE_LOCATIONS.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
            <FieldErrors field={fields.location_id} />
          </div>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor={fields.description.id} className={fieldStyles.label}>
            Description of the damage
          </label>
          <textarea key={descriptionKey} {...description} className={styles.textarea} />
          <FieldErrors field={fields.description} />
        </div>
        {/* A new damage starts with no photos: the uploads of the one just added are its own now. */}
        <PhotoInput key={damageCount} id="repair-damage-photos" onUploadingChange={setUploading} />
        <FieldErrors field={fields.photos} />
        <div className={styles.actions}>
          <SubmitButton
            kit={kit}
            pendingLabel="Saving…"
            disabled={kit.submitting || uploading}
            aria-describedby={uploading ? 'repair-damage-photos-wait' : undefined}
          >
            Add damage
          </SubmitButton>
          {uploading ? <span id="repair-damage-photos-wait">Waiting for the photos to upload…</span> : null}
        </div>
        <FormStatus kit={kit} fields={['photo_keys', 'photo_names']} />
      </KitForm>
    </section>
  );
}
