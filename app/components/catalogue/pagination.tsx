import { Link, useLocation } from '@remix-run/react';
import { visuallyHidden } from '../../../styles/utilities.css';
import { pageWindow } from './page-window';
import * as styles from './pagination.css';

/**
 * Plain links to `?page=N` (keeping the other query parameters), so paging works without JavaScript. Once
 * "load more" has added pages (`page` through `through` on screen), those pages are marked as shown and
 * Next leads past them.
 */
export function Pagination({
  page,
  through = page,
  pageCount,
}: {
  page: number;
  through?: number;
  pageCount: number;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  // One page on screen is the current page; several (after "load more") are each a current item of the set.
  const current = (item: number) =>
    item < page || item > through ? undefined : page === through ? 'page' : 'true';
  return (
    <nav aria-label="Pagination">
      <ul role="list" className={styles.list}>
        {page > 1 ? (
          <li>
            <Link className={styles.link} to={href(page - 1)} rel="prev">
              Previous<span className={visuallyHidden}> page</span>
            </Link>
          </li>
        ) : null}
        {pageWindow(through, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link className={styles.link} to={href(item)} aria-current={current(item)}>
                <span className={visuallyHidden}>Page </span>
                {item}
              </Link>
            </li>
          ),
        )}
        {through < pageCount ? (
          <li>
            <Link className={styles.link} to={href(through + 1)} rel="next">
              Next<span className={visuallyHidden}> page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
