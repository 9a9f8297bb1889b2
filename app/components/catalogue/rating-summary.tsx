import type { CSSProperties } from 'react';
import { shownRating, type RatingSummary as Rating } from '../../../server/catalogue/public';
import * as styles from './rating-summary.css';

/**
 * Stars, score and review count; the stars are one image named "Rated 4.6 out of 5 stars", filled to the score as
 * shown (one decimal), so the markup carries a whole percentage. The stars are drawn by the stylesheet (five grey,
 * five orange clipped to `--rating-fill`): three elements per rating, where a listing shows 24 of them.
 */
export function RatingSummary({ rating, className }: { rating: Rating; className?: string }) {
  const { text: score, fillPercent } = shownRating(rating.score);
  const reviews = `${rating.totalCount.toLocaleString('en-US')} ${rating.totalCount === 1 ? 'review' : 'reviews'}`;
  return (
    <p className={className ? `${styles.summary} ${className}` : styles.summary}>
      <span
        className={styles.stars}
        role="img"
        aria-label={`Rated ${score} out of 5 stars`}
        style={{ [styles.FILL_PROPERTY]: `${fillPercent}%` } as CSSProperties}
      />
      <span className={styles.score} aria-hidden="true">
        {score}
      </span>
      {`(${reviews})`}
    </p>
  );
}
