import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { MenuItem } from '../../../server/content/public';
import { useDelegatedLinks } from './delegated-links';
import { useMegaMenuKeys } from './mega-menu-keys';
import { MenuCta } from './menu-cta';
import * as styles from './mega-menu.css';

const hasPanel = (item: MenuItem) =>
  item.itemsCollection.items.length > 0 || item.linkGroups.length > 0 || item.cta !== undefined;

/**
 * Desktop navigation: the top-level menu items (mobileOnly ones left out), each with a mega-menu panel of
 * columns, link groups and a CTA that opens on hover with CSS alone; from the keyboard with Space or ArrowDown
 * on its department (mega-menu-keys.ts), or on focus without JavaScript.
 */
export function MegaMenu({ items }: { items: MenuItem[] }) {
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();
  useDelegatedLinks(navRef);
  useMegaMenuKeys(navRef, { topSelector: '[data-top-link]', panelSelector: `.${styles.panel}` }, items);

  // After a navigation the pointer and the focus are often still inside the panel that was clicked:
  // close it until the pointer reaches a top-level link again (or leaves), and let the focus go.
  const navigatedFrom = useRef(location.key);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav || navigatedFrom.current === location.key) return;
    navigatedFrom.current = location.key;
    if (nav.contains(document.activeElement) && document.activeElement instanceof HTMLElement) {
      document.activeElement.blur();
    }
    nav.dataset.suppressed = 'true';
  }, [location.key]);

  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const release = (event: Event) => {
      if (event.type !== 'pointerover' || (event.target as Element).closest('[data-top-link]')) {
        delete nav.dataset.suppressed;
      }
    };
    nav.addEventListener('pointerover', release);
    nav.addEventListener('pointerleave', release);
    nav.addEventListener('focusin', release);
    return () => {
      nav.removeEventListener('pointerover', release);
      nav.removeEventListener('pointerleave', release);
      nav.removeEventListener('focusin', release);
    };
  }, []);

  return (
    <nav ref={navRef} aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        {items
          .filter((item) => !item.mobileOnly)
          .map((item) => (
            <li key={item.slug} className={styles.item}>
              {/* aria-current="true": the page is inside this department, not necessarily the department page. */}
              <NavLink to={item.url} className={styles.topLink} aria-current="true" data-top-link="">
                {item.title}
              </NavLink>
              {hasPanel(item) ? <MegaPanel item={item} /> : null}
            </li>
          ))}
      </ul>
    </nav>
  );
}

function MegaPanel({ item }: { item: MenuItem }) {
  return (
    <div className={styles.panel}>
      <div className={styles.panelInner}>
        <ul className={styles.columns}>
          {item.itemsCollection.items.map((column) => (
            <li key={column.slug} className={styles.column}>
              <a href={column.url} className={styles.columnHeading} data-menu-link="">
                {column.title}
              </a>
              {column.itemsCollection.items.length > 0 ? (
                <ul className={styles.subList}>
                  {column.itemsCollection.items.map((leaf) => (
                    <li key={leaf.slug}>
                      <a href={leaf.url} className={styles.subLink} data-menu-link="">
                        {leaf.title}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        {item.linkGroups.length > 0 ? (
          <div className={styles.groups}>
            {item.linkGroups.map((group, index) => {
              const titleId = `mega-${item.slug}-group-${index}`;
              return (
                <div key={group.title}>
                  <p id={titleId} className={styles.groupTitle}>
                    {group.title}
                  </p>
                  <ul className={styles.subList} aria-labelledby={titleId}>
                    {group.links.map((link) => (
                      <li key={link.url}>
                        <a href={link.url} className={styles.subLink} data-menu-link="">
                          {link.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        ) : null}
        {item.cta ? (
          <div className={styles.cta}>
            <MenuCta cta={item.cta} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
