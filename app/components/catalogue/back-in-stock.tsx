import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import { useProductPageHydrated as useHydrated } from './product-page-hydrated';
import { HONEYPOT_FIELD, NOTIFY_OUTCOMES, type NotifyOutcome } from './back-in-stock-schema';
import * as styles from './back-in-stock.css';

type Reply = { ok: boolean; message: string };

/**
 * "Email me when it's back" for a sold-out size. A post to /api/product/notify: with JavaScript a fetcher
 * (the page stays), without it a form post that redirects back here with `?notify=` carrying the outcome.
 */
export function BackInStockForm({
  sku,
  size,
  redirectTo,
  outcome,
}: {
  sku: string;
  size: string | null;
  redirectTo: string;
  outcome: NotifyOutcome | null;
}) {
  const fetcher = useFetcher<Reply>();
  const hydrated = useHydrated();
  const emailId = useId();
  const messageId = useId();
  const reply =
    fetcher.data ?? (outcome ? { ok: outcome === 'requested', message: NOTIFY_OUTCOMES[outcome] } : null);
  return (
    <section className={styles.box} aria-labelledby={`${emailId}-title`} id="back-in-stock">
      <h2 id={`${emailId}-title`} className={styles.title}>
        {size ? `Size ${size} is sold out` : 'Sold out'}
      </h2>
      <fetcher.Form method="post" action="/api/product/notify" className={styles.form} noValidate={hydrated}>
        <input type="hidden" name="sku" value={sku} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <div className={visuallyHidden} aria-hidden="true">
          <label>
            Leave this field empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <label htmlFor={emailId} className={styles.label}>
          Email me when it&rsquo;s back
        </label>
        <div className={styles.row}>
          <input
            id={emailId}
            className={styles.input}
            type="email"
            name="email"
            autoComplete="email"
            required
            aria-invalid={reply && !reply.ok ? true : undefined}
            aria-describedby={reply ? messageId : undefined}
          />
          <button type="submit" className={button.primary} disabled={fetcher.state !== 'idle'}>
            {fetcher.state === 'idle' ? 'Notify me' : 'Sending…'}
          </button>
        </div>
        <p id={messageId} role="status" className={reply?.ok ? styles.success : styles.error}>
          {reply?.message ?? ''}
        </p>
      </fetcher.Form>
    </section>
  );
}
