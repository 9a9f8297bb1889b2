/**
 * Bad listing parameters are corrected, not refused (issue 9 §4): a page number that is not a whole number from 1
 * (`?page=0`, `?page=abc`) is dropped (page 1), an unknown sort (`?sort=bogus`) is dropped (the default order), a
 * filter value longer than a real one is dropped and a filter keeps at most its first MAX_FILTER_VALUES values.
 * Other parameters (panel flags, tracking) are kept as they are. Pure; the listing route redirects to the result.
 */
import { FACET_KEYS } from './listing-query';
import { PRODUCT_SORTS } from './types';

/** As the listing query accepts them (facets.ts). */
export const MAX_PAGE = 100_000;
export const MAX_FILTER_VALUES = 30;
export const MAX_FILTER_VALUE_LENGTH = 80;

/** The parameters with the bad ones corrected, or null when none is bad. */
export function correctedListingParams(params: URLSearchParams): URLSearchParams | null {
  const next = new URLSearchParams();
  let changed = false;
  const counts = new Map<string, number>();
  for (const [name, value] of params) {
    let keep = true;
    if (name === 'page') {
      const page = Number(value);
      keep = value === '' || (/^\d+$/.test(value) && page >= 1 && page <= MAX_PAGE);
    } else if (name === 'sort') {
      keep = value === '' || (PRODUCT_SORTS as readonly string[]).includes(value);
    } else if ((FACET_KEYS as readonly string[]).includes(name) && value.trim() !== '') {
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      keep = value.trim().length <= MAX_FILTER_VALUE_LENGTH && count <= MAX_FILTER_VALUES;
    }
    if (keep) next.append(name, value);
    else changed = true;
  }
  return changed ? next : null;
}

/** `?page=` of the last page when a listing is asked for a page past its end (page 1 is the bare listing). */
export function lastPageParams(params: URLSearchParams, pageCount: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (pageCount > 1) next.set('page', String(pageCount));
  else next.delete('page');
  return next;
}
