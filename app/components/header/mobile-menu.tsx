import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { MenuItem } from '../../../server/content/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import { AccountIcon, ChevronDownIcon, CloseIcon, MenuIcon } from '../icons/icons';
import { usePanels } from '../panels/panel-context';
import { PanelLink } from '../panels/panel-link';
import { iconToggle } from './header-panel.css';
import { useDelegatedLinks } from './delegated-links';
import { MenuCta } from './menu-cta';
import * as styles from './mobile-menu.css';
import { HEADER_PANEL_GROUP } from './panel-group';

/** Items in sidebar order: ascending mobileOrder; `sort` is stable, so ties keep the document's order. */
export const byMobileOrder = (items: MenuItem[]) => [...items].sort((a, b) => a.mobileOrder - b.mobileOrder);

/**
 * The burger menu of small and medium screens (SPEC §2 "Mobile sidebar"): a `<details>` whose content is an
 * 18.75rem sidebar sliding in from the right over a dark overlay. Its navigation is nested: an item with
 * children is a `<details>` whose open content slides over the sidebar as the next level, its summary turning
 * into the Back button. All of it works without JavaScript; with it, the menu is part of the panel state
 * (opening it clears the active panel, opening search closes it) and Escape closes it.
 */
export function MobileMenu({ items }: { items: MenuItem[] }) {
  const { state, dispatch } = usePanels();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);
  useDelegatedLinks(sidebarRef);

  // A level that opens starts at its top: the levels under it are scrolled back, and so is the sidebar.
  useEffect(() => {
    const sidebar = sidebarRef.current;
    if (!sidebar) return;
    const onToggle = (event: Event) => {
      const level = event.target as HTMLDetailsElement;
      if (!level.open) return;
      for (
        let node: HTMLElement | null = level;
        node && node !== sidebar.parentElement;
        node = node.parentElement
      ) {
        node.scrollTop = 0;
      }
    };
    sidebar.addEventListener('toggle', onToggle, true);
    return () => sidebar.removeEventListener('toggle', onToggle, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const details = detailsRef.current;
    if (event.key !== 'Escape' || !details?.open) return;
    event.preventDefault();
    dispatch({ type: 'closeMenu' });
    details.querySelector('summary')?.focus();
  };

  return (
    <details
      ref={detailsRef}
      className={styles.disclosure}
      name={HEADER_PANEL_GROUP}
      data-menu=""
      open={state.menuOpen}
      onToggle={(event) => dispatch({ type: event.currentTarget.open ? 'openMenu' : 'closeMenu' })}
      onKeyDown={onKeyDown}
    >
      <summary className={`${iconToggle} ${styles.toggle}`}>
        <MenuIcon className={styles.menuIcon} />
        <CloseIcon className={styles.closeIcon} />
        <span className={visuallyHidden}>Menu</span>
      </summary>
      <div ref={sidebarRef} className={styles.sidebar}>
        <p className={styles.sidebarTitle} aria-hidden="true">
          Menu
        </p>
        <nav aria-label="Main menu">
          <ul className={styles.list}>
            {byMobileOrder(items).map((item) => (
              <Entry key={item.slug} item={item} top />
            ))}
          </ul>
        </nav>
        <PanelLink panel="signin" className={styles.accountLink}>
          <AccountIcon size={20} />
          Sign In or Create Account
        </PanelLink>
      </div>
    </details>
  );
}

/** One row: a link, or a level of its own (children, link groups, CTA) behind a summary. */
function Entry({ item, top = false }: { item: MenuItem; top?: boolean }) {
  const children = byMobileOrder(item.itemsCollection.items);
  const rowClass = top ? styles.topRow : styles.subRow;
  if (children.length === 0 && item.linkGroups.length === 0 && !item.cta) {
    return (
      <li className={top ? styles.entry : undefined}>
        <a href={item.url} className={rowClass} data-menu-link="">
          {item.title}
        </a>
      </li>
    );
  }
  return (
    <li className={top ? styles.entry : undefined}>
      <details className={styles.level}>
        <summary className={`${rowClass} ${styles.levelToggle}`}>
          <span className={styles.forward}>
            {item.title}
            <ChevronDownIcon className={styles.forwardIcon} size={20} />
          </span>
          <span className={styles.back}>
            <ChevronDownIcon className={styles.backIcon} size={20} />
            Back
          </span>
        </summary>
        <p className={styles.levelTitle}>{item.title}</p>
        <ul className={styles.list}>
          <ViewAll item={item} />
          {children.map((child) => (
            <Entry key={child.slug} item={child} />
          ))}
        </ul>
        {item.linkGroups.map((group) => (
          <div key={group.title} className={styles.group}>
            <p className={styles.groupTitle}>{group.title}</p>
            <ul className={styles.list}>
              {group.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} className={styles.groupLink} data-menu-link="">
                    {link.title}
                  </a>
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

/** A summary only opens the level, so the item's own page gets a first row — unless content has one ("all"). */
function ViewAll({ item }: { item: MenuItem }) {
  if (item.itemsCollection.items.some((child) => child.url === item.url || child.slug === 'all')) return null;
  return (
    <li>
      <a href={item.url} className={`${styles.subRow} ${styles.viewAll}`} data-menu-link="">
        All {item.title}
      </a>
    </li>
  );
}
