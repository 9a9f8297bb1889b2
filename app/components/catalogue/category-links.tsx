import { Link } from '@remix-run/react';
import type { CategoryLink } from '../../../server/catalogue/public';
import * as styles from './category-links.css';

/** Links into the sub-categories of a listing. */
export function CategoryLinks({ categories, label }: { categories: CategoryLink[]; label: string }) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul role="list" className={styles.list}>
        {categories.map((category) => (
          <li key={category.id}>
            <Link className={styles.link} to={category.url} prefetch="intent">
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
