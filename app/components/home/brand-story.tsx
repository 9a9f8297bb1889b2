import { Link } from '@remix-run/react';
import type { HomeContent } from '../../../server/content/public';
import { button } from '../../../styles/button.css';
import { container } from '../../../styles/utilities.css';
import * as styles from './brand-story.css';

export function BrandStory({ story }: { story: HomeContent['story'] }) {
  return (
    <section className={styles.section} aria-labelledby="brand-story-heading">
      <div className={`${container} ${styles.inner}`}>
        <img
          className={styles.image}
          src={story.image.src}
          alt={story.image.alt}
          width={story.image.width}
          height={story.image.height}
          loading="lazy"
          decoding="async"
        />
        <div>
          {story.eyebrow ? <p className={styles.eyebrow}>{story.eyebrow}</p> : null}
          <h2 id="brand-story-heading" className={styles.heading}>
            {story.heading}
          </h2>
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          <Link to={story.link.url} className={`${button.inverse} ${styles.link}`}>
            {story.link.title}
          </Link>
        </div>
      </div>
    </section>
  );
}
