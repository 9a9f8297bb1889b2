import { Link } from '@remix-run/react';
import type { Cta } from '../../../server/content/public';
import { ArrowRightIcon } from '../icons/icons';
import * as styles from './menu-cta.css';

/** The promotional card of a menu item (SPEC §3 Menu item `cta`), in the mega-menu and the sidebar. */
export function MenuCta({ cta }: { cta: Cta }) {
  return (
    <div className={styles.card}>
      <img
        className={styles.image}
        src={cta.image.src}
        alt={cta.image.alt}
        width={cta.image.width}
        height={cta.image.height}
        loading="lazy"
        decoding="async"
      />
      <p className={styles.title}>{cta.title}</p>
      <p className={styles.description}>{cta.description}</p>
      <Link className={styles.link} to={cta.linkUrl}>
        {cta.linkTitle}
        <ArrowRightIcon size={16} />
      </Link>
    </div>
  );
}
