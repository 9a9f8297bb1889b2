import type { RatingSummary as Rating } from '../../../server/catalogue/public';
import * as styles from './rating-summary.css';

const STARS = '★★★★★';

/** Stars, score and review count; the stars are one image named "Rated 4.6 out of 5 stars". */
export function RatingSummary({ rating, className }: { rating: Rating; className?: string }) {
  const score = rating.score.toFixed(1);
  const reviews = `${rating.totalCount.toLocaleString('en-US')} ${rating.totalCount === 1 ? 'review' : 'reviews'}`;
  return (
    <p className={[styles.summary, className].filter(Boolean).join(' ')}>
      <span className={styles.stars} role="img" aria-label={`Rated ${score} out of 5 stars`}>
        {STARS}
        <span className={styles.filled} style={{ width: `${(rating.score / 5) * 100}%` }} aria-hidden="true">
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
