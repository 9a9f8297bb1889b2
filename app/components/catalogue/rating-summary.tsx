import { shownRating, type RatingSummary as Rating } from '../../../server/catalogue/public';
import * as styles from './rating-summary.css';

const STARS = '★★★★★';

/**
 * Stars, score and review count; the stars are one image named "Rated 4.6 out of 5 stars", filled to the score as
 * shown (one decimal), so the markup carries a whole percentage.
 */
export function RatingSummary({ rating, className }: { rating: Rating; className?: string }) {
  const { text: score, fillPercent } = shownRating(rating.score);
  const reviews = `${rating.totalCount.toLocaleString('en-US')} ${rating.totalCount === 1 ? 'review' : 'reviews'}`;
  return (
    <p className={[styles.summary, className].filter(Boolean).join(' ')}>
      <span className={styles.stars} role="img" aria-label={`Rated ${score} out of 5 stars`}>
        {STARS}
        <span className={styles.filled} style={{ width: `${fillPercent}%` }} aria-hidden="true">
          {STARS}
        </span>
      </span>
      <span className={styles.score} aria-hidden="true">
        {score}
      </span>
      <span>({reviews})</span>
    </p>
  );
}
