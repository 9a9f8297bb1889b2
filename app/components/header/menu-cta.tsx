import type { Cta } from '../../../server/content/public';
import { ArrowRightIcon } from '../icons/content-icons';
import * as styles from './menu-cta.css';

/** The promotional card of a menu item (SPEC §3 Menu item `cta`), in the mega-menu panel and the sidebar level. */
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
      {/* A plain link: the menu's delegated listener navigates in the app (delegated-links.ts). */}
      <a className={styles.link} href={cta.linkUrl} data-menu-link="">
        {cta.linkTitle}
        <ArrowRightIcon size={16} />
      </a>
    </div>
  );
}
