import { Link } from '@remix-run/react';
import type { MenuItem } from '../../../server/content/schema';
import { visuallyHidden } from '../../../styles/utilities.css';
import { AccountIcon, ChevronDownIcon, CloseIcon, MenuIcon } from '../icons/icons';
import { iconToggle } from './header-panel.css';
import { MenuCta } from './menu-cta';
import * as styles from './mobile-menu.css';
import { HEADER_PANEL_GROUP } from './panel-group';

/** Items in sidebar order: ascending mobileOrder; `sort` is stable, so ties keep the document's order. */
const byMobileOrder = (items: MenuItem[]) => [...items].sort((a, b) => a.mobileOrder - b.mobileOrder);

/**
 * The burger menu of small and medium screens (SPEC §2 "Mobile sidebar"): a `<details>` whose content is
 * an 18.75rem sidebar sliding in from the right over a dark overlay, with every menu item (mobileOnly ones
 * included) as nested disclosures, each item's link groups and CTA. It works without JavaScript.
 */
export function MobileMenu({ items, accountHref }: { items: MenuItem[]; accountHref: string }) {
  return (
    <details className={styles.disclosure} name={HEADER_PANEL_GROUP}>
      <summary className={`${iconToggle} ${styles.toggle}`}>
        <MenuIcon className={styles.menuIcon} />
        <CloseIcon className={styles.closeIcon} />
        <span className={visuallyHidden}>Menu</span>
      </summary>
      <div className={styles.sidebar}>
        <p className={styles.sidebarTitle} aria-hidden="true">
          Menu
        </p>
        <nav aria-label="Main">
          <ul className={styles.list}>
            {byMobileOrder(items).map((item) => (
              <TopEntry key={item.slug} item={item} />
            ))}
          </ul>
        </nav>
        <Link to={accountHref} className={styles.accountLink}>
          <AccountIcon size={20} />
          Sign In or Create Account
        </Link>
      </div>
    </details>
  );
}

function TopEntry({ item }: { item: MenuItem }) {
  const children = item.itemsCollection.items;
  if (children.length === 0 && item.linkGroups.length === 0 && !item.cta) {
    return (
      <li className={styles.entry}>
        <Link to={item.url} className={styles.topRow}>
          {item.title}
        </Link>
      </li>
    );
  }
  return (
    <li className={styles.entry}>
      <details>
        <summary className={styles.topRow}>
          {item.title}
          <ChevronDownIcon className={styles.chevron} size={20} />
        </summary>
        <ul className={styles.nested}>
          <ViewAll item={item} />
          {children.map((child) => (
            <SubEntry key={child.slug} item={child} />
          ))}
        </ul>
        {item.linkGroups.map((group) => (
          <div key={group.title} className={styles.group}>
            <p className={styles.groupTitle}>{group.title}</p>
            <ul className={styles.list}>
              {group.links.map((link) => (
                <li key={link.url}>
                  <Link to={link.url} className={styles.groupLink}>
                    {link.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {item.cta ? (
          <div className={styles.cta}>
            <MenuCta cta={item.cta} />
          </div>
        ) : null}
      </details>
    </li>
  );
}

function SubEntry({ item }: { item: MenuItem }) {
  const children = item.itemsCollection.items;
  if (children.length === 0) {
    return (
      <li>
        <Link to={item.url} className={styles.subRow}>
          {item.title}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <details>
        <summary className={styles.subRow}>
          {item.title}
          <ChevronDownIcon className={styles.chevron} size={18} />
        </summary>
        <ul className={styles.nested}>
          <ViewAll item={item} />
          {children.map((child) => (
            <SubEntry key={child.slug} item={child} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** A summary only opens its list, so the item's own page gets a first row — unless content has one ("all"). */
function ViewAll({ item }: { item: MenuItem }) {
  if (item.itemsCollection.items.some((child) => child.url === item.url || child.slug === 'all')) return null;
  return (
    <li>
      <Link to={item.url} className={`${styles.subRow} ${styles.viewAll}`}>
        All {item.title}
      </Link>
    </li>
  );
}
