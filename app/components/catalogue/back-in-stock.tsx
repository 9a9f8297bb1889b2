import { useId, useState } from 'react';
import { FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import { useKitForm } from '../forms/use-kit-form';
import { backInStockForm, NOTIFY_ACTION } from './back-in-stock-schema';
import * as styles from './back-in-stock.css';

/**
 * "Email me when it's back" for a sold-out size, on the form kit: with JavaScript a fetcher (the page stays and
 * the field clears after success), without it a form post that comes back here (303) with the outcome in the
 * flash cookie, shown once.
 */
export function BackInStockForm({
  sku,
  size,
  redirectTo,
}: {
  sku: string;
  size: string | null;
  /** This page (path and query), where a post without JavaScript comes back to. */
  redirectTo: string;
}) {
  const titleId = useId();
  const kit = useKitForm(backInStockForm, {
    action: NOTIFY_ACTION,
    redirectTo: `${redirectTo}#${backInStockForm.id}`,
  });
  // The form stays on the page when the shopper picks another sold-out size; the fetcher's answer belongs to the
  // size it was sent for, so the last size's success is not repeated under the next one (issue 9 §11).
  const [sentFor, setSentFor] = useState<string | null>(null);
  const sending = kit.fetcher.formData?.get('sku');
  if (typeof sending === 'string' && sending !== sentFor) setSentFor(sending);
  const status = kit.fetcher.data === undefined || sentFor === sku ? kit : { ...kit, message: undefined };
  return (
    <section className={styles.box} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {size ? `Size ${size} is sold out` : 'Sold out'}
      </h2>
      <KitForm kit={kit} className={styles.form}>
        <input type="hidden" name="sku" value={sku} />
        <TextField
          field={kit.fields.email}
          label="Email me when it’s back"
          type="email"
          autoComplete="email"
          labelClassName={styles.label}
          inputClassName={styles.input}
        >
          <SubmitButton kit={kit} pendingLabel="Sending…">
            Notify me
          </SubmitButton>
        </TextField>
        <FormStatus kit={status} fields={['sku']} />
      </KitForm>
    </section>
  );
}
