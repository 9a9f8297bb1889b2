import type { ProductPage } from '../../../server/catalogue/public';
import * as styles from './badge-list.css';

/** The page's badges: the sale badge ("Sale" / "N% OFF") first, then the merchandising badges in their window. */
export function BadgeList({ sale, badges }: { sale: string | null; badges: ProductPage['badges'] }) {
  if (!sale && badges.length === 0) return null;
  return (
    <ul role="list" className={styles.list} aria-label="Product badges">
      {sale ? <li className={`${styles.badge} ${styles.tone.sale}`}>{sale}</li> : null}
      {badges.map((badge) => (
        <li key={badge.kind} className={`${styles.badge} ${styles.tone[badge.kind]}`}>
          {badge.label}
        </li>
      ))}
    </ul>
  );
}
