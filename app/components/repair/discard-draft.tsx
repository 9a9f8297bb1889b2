/** "Start over": clears the draft repair (SPEC §4), on the form kit. */
import { FormStatus, KitForm, SubmitButton } from '../forms/fields';
import { useLazyKitForm } from '../forms/use-lazy-kit-form';
import { button } from '../../../styles/button.css';
import { discardLazyForm } from './lazy-forms';
import * as styles from './repair.css';

/**
 * Rendered whether or not there is a draft, so that its fetcher outlives the draft it clears: the success message
 * arrives with the revalidated page, which has no draft any more (React Router drops a keyed fetcher's reply when
 * its last user unmounts). Without a draft only that message shows.
 */
export function DiscardDraft({ draftId, action }: { draftId: number | null; action: string }) {
  const kit = useLazyKitForm(discardLazyForm, {
    action: `${action}?form=${discardLazyForm.id}`,
    redirectTo: action,
  });
  if (draftId === null)
    return kit.message ? (
      <p role="status" className={styles.intro}>
        {kit.message}
      </p>
    ) : null;
  return (
    <section className={styles.section} aria-labelledby="discard-heading">
      <h2 id="discard-heading" className={styles.sectionTitle}>
        Start over
      </h2>
      <KitForm kit={kit}>
        <input type="hidden" name="repair_id" value={draftId} />
        <p className={styles.intro}>Clear this draft repair, with its damages and photos.</p>
        <SubmitButton kit={kit} className={button.secondary} pendingLabel="Clearing…">
          Clear draft
        </SubmitButton>
        <FormStatus kit={kit} fields={['repair_id']} />
      </KitForm>
    </section>
  );
}
