import { Form, useSubmit } from '@remix-run/react';
import { useId } from 'react';
import {
  FACET_KEYS,
  SORT_CHOICES,
  type ListingKeep,
  type ListingQuery,
} from '../../../server/catalogue/public';
import { useHydrated } from './listing-hydrated';
import * as styles from './sort-form.css';

/**
 * Sorting as a GET form that keeps the active filters (hidden fields) and starts again at page 1. Without
 * JavaScript the Sort button submits it; with JavaScript choosing an option does.
 */
export function SortForm({
  query,
  pathname,
  keep,
  featuredLabel,
}: {
  query: ListingQuery;
  pathname: string;
  /** Parameters the sorted URL keeps (the search page's `q`). */
  keep?: ListingKeep;
  /** The name of the default order ("Relevance" on the search page). */
  featuredLabel?: string;
}) {
  const id = useId();
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      action={pathname}
      className={styles.form}
      // The page shows the order its URL names, also after Back (no browser-restored choice).
      autoComplete="off"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {Object.entries(keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {FACET_KEYS.flatMap((key) =>
        query.filters[key].map((value) => (
          <input key={`${key}:${value}`} type="hidden" name={key} value={value} />
        )),
      )}
      <label htmlFor={id} className={styles.label}>
        Sort by
      </label>
      {/* Keyed by the order shown, so Back to another order shows that one (an uncontrolled select keeps its own). */}
      <select key={query.sort} id={id} name="sort" defaultValue={query.sort} className={styles.select}>
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.value === 'featured' && featuredLabel ? featuredLabel : choice.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={styles.submit}>
          Sort
        </button>
      )}
    </Form>
  );
}
