import { Link, useLocation } from '@remix-run/react';
import { visuallyHidden } from '../../../styles/utilities.css';
import { pageWindow } from './page-window';
import * as styles from './pagination.css';

/** Plain links to `?page=N` (keeping the other query parameters), so paging works without JavaScript. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
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
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link className={styles.link} to={href(item)} aria-current={item === page ? 'page' : undefined}>
                <span className={visuallyHidden}>Page </span>
                {item}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link className={styles.link} to={href(page + 1)} rel="next">
              Next<span className={visuallyHidden}> page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
