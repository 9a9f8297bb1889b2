import { Link } from '@remix-run/react';
import type { HomeContent } from '../../../server/content/public';
import { button } from '../../../styles/button.css';
import { container } from '../../../styles/utilities.css';
import * as styles from './hero.css';

/** The home page's opening banner; its heading is the page's h1. */
export function Hero({ hero }: { hero: HomeContent['hero'] }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <img
        className={styles.image}
        src={hero.image.src}
        alt={hero.image.alt}
        width={hero.image.width}
        height={hero.image.height}
        decoding="async"
      />
      <div className={styles.scrim} />
      <div className={`${container} ${styles.content}`}>
        <div className={styles.copy}>
          {hero.eyebrow ? <p className={styles.eyebrow}>{hero.eyebrow}</p> : null}
          <h1 id="hero-heading" className={styles.heading}>
            {hero.heading}
          </h1>
          <p className={styles.text}>{hero.text}</p>
          <div className={styles.actions}>
            <Link to={hero.cta.url} className={button.primary}>
              {hero.cta.title}
            </Link>
            {hero.secondaryCta ? (
              <Link to={hero.secondaryCta.url} className={button.inverse}>
                {hero.secondaryCta.title}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
